package org.krou.generator.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.krou.table.TableFormat;

/**
 * The writer's half of the {@link org.krou.table.Encoding#RANS} encoding: builds the order-1
 * model from transition counts (for each context, the previous code in the block or "block
 * start", a frequency for each code that follows it, summing to {@code 2^scale}), serialises it,
 * and encodes blocks with the byte-wise rANS coder (32-bit state, renormalised to
 * {@code [2^23, 2^31)} one byte at a time). The reader's {@code org.krou.table.RansModel} parses
 * the model and decodes.
 */
public final class RansEncoder {
    /** Lower bound of the coder state. */
    private static final int L = TableFormat.RANS_STATE_LOW;

    final int k;
    final int scale;
    /** {@code freq[ctx * k + code]}; context {@code k} is the block start. */
    private final int[] freq;
    private final int[] cum;

    private RansEncoder(int k, int scale, int[] freq) {
        this.k = k;
        this.scale = scale;
        this.freq = freq;
        this.cum = new int[freq.length];
        for (int c = 0; c <= k; c++) {
            int at = 0;
            for (int s = 0; s < k; s++) {
                cum[c * k + s] = at;
                at += freq[c * k + s];
            }
        }
    }

    /**
     * Quantises transition counts ({@code counts[ctx * k + code]}, context {@code k} the block
     * start) to frequencies summing to {@code 2^scale} in every context that occurs; every count
     * above zero keeps a frequency of at least 1.
     */
    public static RansEncoder fromCounts(long[] counts, int k, int scale) {
        int total = 1 << scale;
        int[] freq = new int[(k + 1) * k];
        for (int c = 0; c <= k; c++) {
            long sum = 0;
            for (int s = 0; s < k; s++) {
                sum += counts[c * k + s];
            }
            if (sum == 0) {
                continue;
            }
            int given = 0;
            int top = -1;
            for (int s = 0; s < k; s++) {
                long n = counts[c * k + s];
                if (n > 0) {
                    int f = (int) Math.max(1, Math.round((double) n * total / sum));
                    freq[c * k + s] = f;
                    given += f;
                    if (top < 0 || n > counts[c * k + top]) {
                        top = s;
                    }
                }
            }
            while (given != total) {
                // adjust the largest frequency that can move: costs the least bits
                int s = top;
                if (given > total && freq[c * k + s] == 1) {
                    s = -1;
                    for (int x = 0; x < k; x++) {
                        if (freq[c * k + x] > 1 && (s < 0 || freq[c * k + x] > freq[c * k + s])) {
                            s = x;
                        }
                    }
                }
                int step = given < total ? Math.min(total - given, 1 << 30)
                        : -Math.min(given - total, freq[c * k + s] - 1);
                freq[c * k + s] += step;
                given += step;
            }
        }
        return new RansEncoder(k, scale, freq);
    }

    /** The serialised model: per context, a u16 entry count then (u8 code, u16 frequency) entries. */
    public byte[] toBytes() {
        ByteBuffer b = ByteBuffer.allocate(TableFormat.ransModelMaxBytes(k)).order(ByteOrder.LITTLE_ENDIAN);
        for (int c = 0; c <= k; c++) {
            int n = 0;
            for (int s = 0; s < k; s++) {
                n += freq[c * k + s] > 0 ? 1 : 0;
            }
            b.putShort((short) n);
            for (int s = 0; s < k; s++) {
                if (freq[c * k + s] > 0) {
                    b.put((byte) s).putShort((short) freq[c * k + s]);
                }
            }
        }
        return Arrays.copyOf(b.array(), b.position());
    }

    /**
     * Encodes {@code codes[0..m)} into {@code out} (at least {@link TableFormat#maxEncodedLength} bytes,
     * used from the end as scratch); returns the length, the bytes being moved to
     * {@code out[0..]}. Two interleaved streams: A codes positions {@code [0, h)}, B positions
     * {@code [h, m)} with {@code h = ceil(m / 2)}, each starting in the block-start context; the
     * decoder alternates A, B position by position, so its two dependency chains overlap.
     */
    public int encode(byte[] codes, int m, byte[] out) {
        int h = TableFormat.ransSecondStream(m);
        long[] x = {L, L};
        int[] p = {out.length};
        for (int i = h - 1; i >= 0; i--) {
            if (i < m - h) {
                put(codes, h + i, h, x, 1, out, p);
            }
            put(codes, i, 0, x, 0, out, p);
        }
        for (int w = 1; w >= 0; w--) {
            out[--p[0]] = (byte) (x[w] >>> 24);
            out[--p[0]] = (byte) (x[w] >>> 16);
            out[--p[0]] = (byte) (x[w] >>> 8);
            out[--p[0]] = (byte) x[w];
        }
        int len = out.length - p[0];
        System.arraycopy(out, p[0], out, 0, len);
        return len;
    }

    /** Codes position {@code i} (its stream starting at {@code start}) with state {@code x[w]}. */
    private void put(byte[] codes, int i, int start, long[] x, int w, byte[] out, int[] p) {
        int s = codes[i] & 0xFF;
        int c = i == start ? k : codes[i - 1] & 0xFF;
        int f = freq[c * k + s];
        if (f == 0) {
            throw new IllegalStateException("code " + s + " after context " + c + " is not in the model");
        }
        long max = ((long) (L >>> scale) << 8) * f;
        long y = x[w];
        while (y >= max) {
            out[--p[0]] = (byte) y;
            y >>>= 8;
        }
        x[w] = ((y / f) << scale) + (y % f) + cum[c * k + s];
    }
}
