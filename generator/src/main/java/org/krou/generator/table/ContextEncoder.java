package org.krou.generator.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.krou.table.TableFormat;

/**
 * The writer's half of the {@link org.krou.table.Encoding#CONTEXT} encoding: chooses the model
 * from pair counts, serialises it, and codes blocks (the reader's {@code ContextModel} parses
 * and decodes; the layout is in {@code docs/FORMAT.md}).
 *
 * <p>Every position's context is the pair of the two codes before it in its stream ({@code k}
 * standing for "none"). The model keeps a pair as a context of its own only where that saves
 * more bits than its frequency list costs, best pairs first, up to {@code maxContexts}
 * contexts in all; every other pair falls back to the order-1 context of its previous code.
 * Immutable once built.
 *
 * <pre>{@code
 * ContextEncoder model = ContextEncoder.fromCounts(pairCounts, k, 12, 1024);
 * int len = model.encode(codes, m, scratch);   // the block is scratch[0..len)
 * }</pre>
 */
public final class ContextEncoder {
    private static final int L = TableFormat.RANS_STATE_LOW;

    final int k;
    final int scale;
    private final short[] ctxOf;
    private final int[] pairs;
    /** {@code freq[ctx * k + code]} and the cumulative frequency below each code. */
    private final int[] freq;
    private final int[] cum;

    private ContextEncoder(int k, int scale, short[] ctxOf, int[] pairs, int[] freq) {
        this.k = k;
        this.scale = scale;
        this.ctxOf = ctxOf;
        this.pairs = pairs;
        this.freq = freq;
        this.cum = new int[freq.length];
        for (int c = 0; c < freq.length / k; c++) {
            int at = 0;
            for (int s = 0; s < k; s++) {
                cum[c * k + s] = at;
                at += freq[c * k + s];
            }
        }
    }

    /**
     * The model for pair counts {@code counts[(prev * (k + 1) + prev2) * k + code]}.
     *
     * @param scale       frequency precision in bits, 10..12
     * @param maxContexts the most contexts (order-1 ones included), at most
     *                    {@link TableFormat#MAX_CONTEXTS}
     */
    public static ContextEncoder fromCounts(long[] counts, int k, int scale, int maxContexts) {
        int k1 = k + 1;
        if (counts.length != k1 * k1 * k || maxContexts > TableFormat.MAX_CONTEXTS || scale < 10 || scale > 12) {
            throw new IllegalArgumentException("counts of " + counts.length + " for " + k + " codes, " + maxContexts
                    + " contexts, precision " + scale);
        }
        long[] order1 = new long[k1 * k];
        for (int p = 0; p < k1; p++) {
            for (int q = 0; q < k1; q++) {
                for (int s = 0; s < k; s++) {
                    order1[p * k + s] += counts[(p * k1 + q) * k + s];
                }
            }
        }
        double[] bits1 = new double[k1 * k];
        for (int p = 0; p < k1; p++) {
            long t = sum(order1, p * k, k);
            for (int s = 0; s < k; s++) {
                long n = order1[p * k + s];
                bits1[p * k + s] = n == 0 ? 0 : log2((double) t / n);
            }
        }
        // gain of a pair of its own: the bits its positions save, less its list (entries of 3
        // bytes plus a count and the pair itself) and a rounding allowance per entry
        List<double[]> gains = new ArrayList<>();
        for (int pq = 0; pq < k1 * k1; pq++) {
            int p = pq / k1;
            long t = sum(counts, pq * k, k);
            if (t == 0) {
                continue;
            }
            double saved = 0;
            int entries = 0;
            for (int s = 0; s < k; s++) {
                long n = counts[pq * k + s];
                if (n > 0) {
                    saved += n * (bits1[p * k + s] - log2((double) t / n));
                    entries++;
                }
            }
            double gain = saved - 8 * (4 + 3 * entries) - 2 * entries;
            if (gain > 0) {
                gains.add(new double[] {gain, pq});
            }
        }
        gains.sort((a, b) -> Double.compare(b[0], a[0]));
        int q = Math.max(0, Math.min(gains.size(), maxContexts - k1));
        int[] pairs = new int[q];
        for (int i = 0; i < q; i++) {
            pairs[i] = (int) gains.get(i)[1];
        }
        Arrays.sort(pairs);
        short[] ctxOf = new short[k1 * k1];
        for (int pq = 0; pq < k1 * k1; pq++) {
            ctxOf[pq] = (short) (pq / k1);
        }
        int[] freq = new int[(k1 + q) * k];
        for (int p = 0; p < k1; p++) {
            quantise(order1, p * k, k, scale, freq, p * k);
        }
        for (int i = 0; i < q; i++) {
            ctxOf[pairs[i]] = (short) (k1 + i);
            quantise(counts, pairs[i] * k, k, scale, freq, (k1 + i) * k);
        }
        return new ContextEncoder(k, scale, ctxOf, pairs, freq);
    }

    /**
     * Frequencies summing to {@code 2^scale} for the counts {@code c[from..from+k)} (all 0 if
     * they are), every count above zero keeping at least 1.
     */
    static void quantise(long[] c, int from, int k, int scale, int[] out, int at) {
        long t = sum(c, from, k);
        if (t == 0) {
            return;
        }
        int total = 1 << scale;
        int given = 0;
        for (int s = 0; s < k; s++) {
            long n = c[from + s];
            if (n > 0) {
                int f = (int) Math.max(1, Math.round((double) n * total / t));
                out[at + s] = f;
                given += f;
            }
        }
        while (given != total) {
            // move the largest frequency that can move: it costs the fewest bits
            int best = -1;
            for (int s = 0; s < k; s++) {
                int f = out[at + s];
                if (f > 0 && (given < total || f > 1) && (best < 0 || f > out[at + best])) {
                    best = s;
                }
            }
            int step = given < total ? total - given : -Math.min(given - total, out[at + best] - 1);
            out[at + best] += step;
            given += step;
        }
    }

    /** Number of contexts (order-1 and pairs). */
    public int contexts() {
        return freq.length / k;
    }

    /** The serialised model (layout in {@code docs/FORMAT.md}). */
    public byte[] toBytes() {
        int k1 = k + 1;
        ByteBuffer b = ByteBuffer.allocate((int) TableFormat.contextModelMaxBytes(k)).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) pairs.length);
        for (int pq : pairs) {
            b.put((byte) (pq / k1)).put((byte) (pq % k1));
        }
        for (int c = 0; c < contexts(); c++) {
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
     * Codes {@code codes[0..m)} as two streams into {@code out} (at least {@code 2 * m + 16}
     * bytes, used from the end as scratch); returns the length, the bytes being moved to
     * {@code out[0..len)}. Stream A holds positions {@code [0, h)}, stream B {@code [h, m)},
     * {@code h = ceil(m / 2)}; the block is A's state and its bytes in the order the decoder
     * reads them, then B's bytes and state in reverse, so that B is read backwards from the end
     * (format 4). Each stream is coded backwards, B first.
     *
     * @throws IllegalStateException if a code does not occur in its context of the model
     */
    public int encode(byte[] codes, int m, byte[] out) {
        int h = (m + 1) >>> 1;
        long[] x = {L, L};
        int end = out.length;
        int p = end;
        for (int j = m - h - 1; j >= 0; j--) {
            p = put(codes, h, j, x, 1, out, p);
        }
        int nb = end - p; // B's bytes, first read first, at out[p..end)
        for (int j = h - 1; j >= 0; j--) {
            p = put(codes, 0, j, x, 0, out, p);
        }
        int na = end - nb - p; // A's, at out[p..end - nb)
        int len = 8 + na + nb;
        byte[] src = out;
        int from = p;
        if (len >= m) { // not stored coded; the moves below could overlap their sources
            src = Arrays.copyOfRange(out, p, end);
            from = 0;
        }
        System.arraycopy(src, from, out, 4, na);
        for (int i = 0; i < nb; i++) {
            out[4 + na + i] = src[from + na + nb - 1 - i];
        }
        putInt(out, 0, x[0]);
        putInt(out, len - 4, x[1]);
        return len;
    }

    private static void putInt(byte[] out, int at, long v) {
        out[at] = (byte) v;
        out[at + 1] = (byte) (v >>> 8);
        out[at + 2] = (byte) (v >>> 16);
        out[at + 3] = (byte) (v >>> 24);
    }

    /** Codes position {@code j} of the stream starting at {@code base}; returns the new write position. */
    private int put(byte[] codes, int base, int j, long[] x, int w, byte[] out, int p) {
        int k1 = k + 1;
        int prev = j >= 1 ? codes[base + j - 1] & 0xFF : k;
        int prev2 = j >= 2 ? codes[base + j - 2] & 0xFF : k;
        int ctx = ctxOf[prev * k1 + prev2];
        int s = codes[base + j] & 0xFF;
        int f = freq[ctx * k + s];
        if (f == 0) {
            throw new IllegalStateException("code " + s + " after codes " + prev + ", " + prev2
                    + " is not in the model");
        }
        long max = ((long) (L >>> scale) << 8) * f;
        long y = x[w];
        while (y >= max) {
            out[--p] = (byte) y;
            y >>>= 8;
        }
        x[w] = ((y / f) << scale) + (y % f) + cum[ctx * k + s];
        return p;
    }

    private static long sum(long[] a, int from, int n) {
        long t = 0;
        for (int i = from; i < from + n; i++) {
            t += a[i];
        }
        return t;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
