package org.krou.generator.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.krou.table.ContextKey;
import org.krou.table.TableFormat;

/**
 * The writer's half of the {@link org.krou.table.Encoding#CONTEXT} encoding: chooses the model
 * from key counts, serialises it, and codes blocks (the reader's {@code ContextModel} parses
 * and decodes; the layout is in {@code docs/FORMAT.md}).
 *
 * <p>Every position's context comes from its {@link ContextKey} (computed by {@link BlockEncoder}):
 * the code before it in its stream, the code a lag back, and whether the two codes before it
 * are equal. The model keeps a key as a context of its own only where that saves more bits than
 * its frequency list costs, best keys first, up to {@code maxContexts} contexts in all; every
 * other key falls back to the order-1 context of its previous code. Immutable once built.
 *
 * <pre>{@code
 * ContextEncoder model = ContextEncoder.fromCounts(keyCounts, k, 12, 1024);
 * int len = model.encode(codes, keys, m, out, scratch);   // the block is out[0..len)
 * }</pre>
 */
public final class ContextEncoder {
    private static final int L = TableFormat.RANS_STATE_LOW;

    final int k;
    final int scale;
    /** The context of each key. */
    private final short[] ctxOf;
    /** The keys listed, increasing. */
    private final int[] keys;
    /** {@code freq[ctx * k + code]} and the cumulative frequency below each code. */
    private final int[] freq;
    private final int[] cum;

    private ContextEncoder(int k, int scale, short[] ctxOf, int[] keys, int[] freq) {
        this.k = k;
        this.scale = scale;
        this.ctxOf = ctxOf;
        this.keys = keys;
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
     * The model for key counts {@code counts[key * k + code]} ({@link BlockEncoder#count}).
     *
     * @param scale       frequency precision in bits, 10..12
     * @param maxContexts the most contexts (order-1 ones included), at most
     *                    {@link TableFormat#MAX_CONTEXTS}
     */
    public static ContextEncoder fromCounts(long[] counts, int k, int scale, int maxContexts) {
        int k1 = k + 1;
        int nk = ContextKey.count(k);
        if (counts.length != nk * k || maxContexts > TableFormat.MAX_CONTEXTS || scale < 10 || scale > 12) {
            throw new IllegalArgumentException("counts of " + counts.length + " for " + k + " codes, " + maxContexts
                    + " contexts, precision " + scale);
        }
        long[] order1 = new long[k1 * k];
        for (int y = 0; y < nk; y++) {
            int p = ContextKey.prev(k, y);
            for (int s = 0; s < k; s++) {
                order1[p * k + s] += counts[y * k + s];
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
        // gain of a key of its own: the bits its positions save, less its list (entries of 3
        // bytes plus a count and the key itself) and a rounding allowance per entry
        List<double[]> gains = new ArrayList<>();
        for (int y = 0; y < nk; y++) {
            int p = ContextKey.prev(k, y);
            long t = sum(counts, y * k, k);
            if (t == 0) {
                continue;
            }
            double saved = 0;
            int entries = 0;
            for (int s = 0; s < k; s++) {
                long n = counts[y * k + s];
                if (n > 0) {
                    saved += n * (bits1[p * k + s] - log2((double) t / n));
                    entries++;
                }
            }
            double gain = saved - 8 * (5 + 3 * entries) - 2 * entries;
            if (gain > 0) {
                gains.add(new double[] {gain, y});
            }
        }
        gains.sort((a, b) -> Double.compare(b[0], a[0]));
        int q = Math.max(0, Math.min(gains.size(), maxContexts - k1));
        int[] keys = new int[q];
        for (int i = 0; i < q; i++) {
            keys[i] = (int) gains.get(i)[1];
        }
        Arrays.sort(keys);
        short[] ctxOf = new short[nk];
        for (int y = 0; y < nk; y++) {
            ctxOf[y] = (short) ContextKey.prev(k, y);
        }
        int[] freq = new int[(k1 + q) * k];
        for (int p = 0; p < k1; p++) {
            quantise(order1, p * k, k, scale, freq, p * k);
        }
        for (int i = 0; i < q; i++) {
            ctxOf[keys[i]] = (short) (k1 + i);
            quantise(counts, keys[i] * k, k, scale, freq, (k1 + i) * k);
        }
        return new ContextEncoder(k, scale, ctxOf, keys, freq);
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

    /** Number of contexts (order-1 and listed keys). */
    public int contexts() {
        return freq.length / k;
    }

    /** The serialised model (layout in {@code docs/FORMAT.md}). */
    public byte[] toBytes() {
        ByteBuffer b = ByteBuffer.allocate((int) TableFormat.contextModelMaxBytes(k)).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) keys.length);
        for (int y : keys) {
            b.put((byte) ContextKey.prev(k, y)).put((byte) ContextKey.above(k, y)).put((byte) ContextKey.same(y));
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
     * Codes {@code codes[0..m)}, in the contexts of {@code keys[0..m)}, as format 5's block
     * into {@code out} (at least {@code 2 * m + 16} bytes); returns its length. {@code tmp}
     * (as long) is scratch. The block is the first half's length (u16), then each half
     * ({@code [0, H)}, {@code [H, m)}, {@code H = ceil(m/2)}) as two streams apart: stream A's
     * state and its bytes in the order the decoder reads them, then stream B's bytes and state in
     * reverse, B being read backwards from the half's end. Each stream is coded backwards, B
     * first. A length of {@code m} or more means the block is not worth coding.
     *
     * @throws IllegalStateException if a code does not occur in its context of the model
     */
    public int encode(byte[] codes, int[] keys, int m, byte[] out, byte[] tmp) {
        int hm = (m + 1) >>> 1;
        int n1 = half(codes, keys, 0, hm, out, 2, tmp);
        if (2 + n1 >= m) {
            return m;
        }
        int n2 = half(codes, keys, hm, m, out, 2 + n1, tmp);
        out[0] = (byte) n1;
        out[1] = (byte) (n1 >>> 8);
        return 2 + n1 + n2;
    }

    /** Codes positions {@code [hs, he)} as a half block at {@code out[at..)}; returns its length. */
    private int half(byte[] codes, int[] keys, int hs, int he, byte[] out, int at, byte[] tmp) {
        int sb = hs + ((he - hs + 1) >>> 1);
        int end = tmp.length;
        long b = stream(codes, keys, sb, he, tmp, end);
        int pb = (int) b;
        int nb = end - pb; // B's bytes, first read first, at tmp[pb..end)
        long a = stream(codes, keys, hs, sb, tmp, pb);
        int pa = (int) a;
        int na = pb - pa; // A's, at tmp[pa..pb)
        int len = 8 + na + nb;
        if (at + len > out.length) {
            return out.length; // longer than the block could be stored raw: not coded
        }
        System.arraycopy(tmp, pa, out, at + 4, na);
        for (int i = 0; i < nb; i++) {
            out[at + 4 + na + i] = tmp[pb + nb - 1 - i];
        }
        putInt(out, at, (int) (a >>> 32));
        putInt(out, at + len - 4, (int) (b >>> 32));
        return len;
    }

    private static void putInt(byte[] out, int at, int v) {
        out[at] = (byte) v;
        out[at + 1] = (byte) (v >>> 8);
        out[at + 2] = (byte) (v >>> 16);
        out[at + 3] = (byte) (v >>> 24);
    }

    /**
     * Codes positions {@code to - 1} down to {@code from} as one stream, its bytes written
     * backwards into {@code tmp} below {@code p}; returns its final state in the high 32 bits
     * and the new write position in the low.
     */
    private long stream(byte[] codes, int[] keys, int from, int to, byte[] tmp, int p) {
        int x = L; // below 2^31 throughout, so the divisions are of ints
        for (int i = to - 1; i >= from; i--) {
            int ctx = ctxOf[keys[i]];
            int s = codes[i] & 0xFF;
            int f = freq[ctx * k + s];
            if (f == 0) {
                throw new IllegalStateException("code " + s + " after code " + ContextKey.prev(k, keys[i])
                        + " with code " + ContextKey.above(k, keys[i]) + " a lag back (same " + ContextKey.same(keys[i])
                        + ") is not in the model");
            }
            long max = ((long) (L >>> scale) << 8) * f;
            while (x >= max) {
                tmp[--p] = (byte) x;
                x >>>= 8;
            }
            x = ((x / f) << scale) + (x % f) + cum[ctx * k + s];
        }
        return (long) x << 32 | p;
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
