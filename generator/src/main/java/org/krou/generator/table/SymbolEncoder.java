package org.krou.generator.table;

import java.util.Arrays;
import org.krou.table.Encoding;
import org.krou.table.TableFormat;

/**
 * The writer's half of {@code org.krou.table.SymbolCodec}: encodes one block of codes into bytes
 * (before compression); the reader's {@code SymbolCodec} decodes them.
 */
public final class SymbolEncoder {
    private SymbolEncoder() {
    }

    /**
     * Encodes {@code codes[0..m)} (symbols for RAW, ranks otherwise) into {@code out}, which holds
     * at least {@link TableFormat#maxEncodedLength}; returns the encoded length.
     *
     * @param model the model of {@link Encoding#RANS}, else null
     */
    public static int encode(Encoding e, int param, RansEncoder model, byte[] codes, int m, byte[] out) {
        switch (e) {
            case RAW:
                System.arraycopy(codes, 0, out, 0, m);
                return m;
            case PACKED:
                return encodePacked(param, codes, m, out);
            case RLE:
                return encodeRle(param, codes, m, out);
            default:
                return model.encode(codes, m, out);
        }
    }

    private static int encodePacked(int w, byte[] codes, int m, byte[] out) {
        int esc = (1 << w) - 1;
        int packed = (int) (((long) m * w + 7) / 8);
        Arrays.fill(out, 0, packed, (byte) 0);
        int n = packed;
        for (int i = 0; i < m; i++) {
            int r = codes[i] & 0xFF;
            int c = r < esc ? r : esc;
            long bit = (long) i * w;
            out[(int) (bit >>> 3)] |= (byte) (c << (bit & 7));
            if (c == esc) {
                out[n++] = (byte) r;
            }
        }
        return n;
    }

    private static int encodeRle(int k, byte[] codes, int m, byte[] out) {
        int lenBits = 8 - k;
        int codeEsc = (1 << k) - 1;
        int lenEsc = (1 << lenBits) - 1;
        int n = 0;
        int i = 0;
        while (i < m) {
            int r = codes[i] & 0xFF;
            int j = i + 1;
            while (j < m && codes[j] == codes[i]) {
                j++;
            }
            int len = j - i;
            int c = Math.min(r, codeEsc);
            int l = Math.min(len - 1, lenEsc);
            out[n++] = (byte) ((c << lenBits) | l);
            if (c == codeEsc) {
                out[n++] = (byte) r;
            }
            if (l == lenEsc) {
                int rest = len - 1 - lenEsc;
                while (rest >= 0x80) {
                    out[n++] = (byte) (rest | 0x80);
                    rest >>>= 7;
                }
                out[n++] = (byte) rest;
            }
            i = j;
        }
        return n;
    }
}
