package org.krou.table;

import java.util.Arrays;

/**
 * Encodes one block of codes into bytes and back (before compression, after decompression).
 * Decoding validates everything and reports a problem as a message instead of throwing.
 */
final class SymbolCodec {
    private SymbolCodec() {
    }

    /** An upper bound of the encoded length of {@code m} positions. */
    static int maxEncodedLength(Encoding e, int param, int m) {
        switch (e) {
            case RAW:
                return m;
            case PACKED:
                return (int) (((long) m * param + 7) / 8) + m;
            case RLE:
                return 2 * m;
            default:
                return RansModel.maxEncodedLength(m);
        }
    }

    /**
     * Decodes {@code in[0..len)} into the {@code m} symbols {@code out[0..m)}.
     *
     * @param symbols the symbol of each code ({@code symbols.length} codes exist); for RAW, the
     *                symbols that may occur
     * @param model   the model of {@link Encoding#RANS}, else null
     * @return null if the block is well formed, else what is wrong
     */
    static String decode(Encoding e, int param, RansModel model, byte[] in, int len, int m, byte[] symbols,
                         byte[] out) {
        switch (e) {
            case RAW:
                return decodeRaw(in, len, m, symbols, out);
            case PACKED:
                return param == 4 ? decodeNibbles(in, len, m, symbols, out) : decodePacked(param, in, len, m, symbols, out);
            case RLE:
                return decodeRle(param, in, len, m, symbols, out);
            default:
                return model.decode(in, len, m, symbols, out);
        }
    }

    private static String decodeRaw(byte[] in, int len, int m, byte[] symbols, byte[] out) {
        if (len != m) {
            return "raw block of " + len + " bytes for " + m + " positions";
        }
        boolean[] ok = new boolean[256];
        for (byte s : symbols) {
            ok[s & 0xFF] = true;
        }
        for (int i = 0; i < m; i++) {
            if (!ok[in[i] & 0xFF]) {
                return "symbol " + in[i] + " at position " + i + " is not in the symbol table";
            }
        }
        System.arraycopy(in, 0, out, 0, m);
        return null;
    }

    private static String decodeNibbles(byte[] in, int len, int m, byte[] symbols, byte[] out) {
        int k = symbols.length;
        int packed = (m + 1) >>> 1;
        if (len < packed) {
            return "packed block of " + len + " bytes for " + m + " positions";
        }
        int esc = packed;
        for (int i = 0; i < m; i++) {
            int c = (in[i >>> 1] >>> ((i & 1) << 2)) & 15;
            if (c == 15) {
                if (esc >= len) {
                    return "escape " + (esc - packed) + " missing";
                }
                c = in[esc++] & 0xFF;
                if (c < 15) {
                    return "escaped code " + c + " below 15";
                }
            }
            if (c >= k) {
                return "code " + c + " at position " + i + " beyond the " + k + " symbols";
            }
            out[i] = symbols[c];
        }
        return esc == len ? null : (len - esc) + " bytes left over after the last position";
    }

    private static String decodePacked(int w, byte[] in, int len, int m, byte[] symbols, byte[] out) {
        int k = symbols.length;
        int mask = (1 << w) - 1;
        int packed = (int) (((long) m * w + 7) / 8);
        if (len < packed) {
            return "packed block of " + len + " bytes for " + m + " positions";
        }
        int esc = packed;
        for (int i = 0; i < m; i++) {
            long bit = (long) i * w;
            int c = (in[(int) (bit >>> 3)] >>> (bit & 7)) & mask;
            if (c == mask) {
                if (esc >= len) {
                    return "escape " + (esc - packed) + " missing";
                }
                c = in[esc++] & 0xFF;
                if (c < mask) {
                    return "escaped code " + c + " below " + mask;
                }
            }
            if (c >= k) {
                return "code " + c + " at position " + i + " beyond the " + k + " symbols";
            }
            out[i] = symbols[c];
        }
        return esc == len ? null : (len - esc) + " bytes left over after the last position";
    }

    private static String decodeRle(int codeBits, byte[] in, int len, int m, byte[] symbols, byte[] out) {
        int k = symbols.length;
        int lenBits = 8 - codeBits;
        int codeEsc = (1 << codeBits) - 1;
        int lenEsc = (1 << lenBits) - 1;
        int p = 0;
        int i = 0;
        while (i < m) {
            if (p >= len) {
                return "runs end at position " + i + " of " + m;
            }
            int b = in[p++] & 0xFF;
            int c = b >>> lenBits;
            long run = (b & lenEsc) + 1L;
            if (c == codeEsc) {
                if (p >= len) {
                    return "escaped code missing at byte " + p;
                }
                c = in[p++] & 0xFF;
                if (c < codeEsc) {
                    return "escaped code " + c + " below " + codeEsc;
                }
            }
            if (c >= k) {
                return "code " + c + " at position " + i + " beyond the " + k + " symbols";
            }
            if (run == lenEsc + 1L) {
                long extra = 0;
                int shift = 0;
                int x;
                do {
                    if (p >= len || shift > 28) {
                        return "bad run length at byte " + p;
                    }
                    x = in[p++] & 0xFF;
                    extra |= (long) (x & 0x7F) << shift;
                    shift += 7;
                } while ((x & 0x80) != 0);
                run += extra;
            }
            if (run > m - i) {
                return "run of " + run + " at position " + i + " overruns the " + m + " positions";
            }
            Arrays.fill(out, i, i + (int) run, symbols[c]);
            i += (int) run;
        }
        return p == len ? null : (len - p) + " bytes left over after the last run";
    }
}
