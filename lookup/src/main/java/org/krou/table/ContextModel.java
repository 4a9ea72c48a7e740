package org.krou.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The model of the {@link Encoding#CONTEXT} encoding and its decoder (byte by byte in
 * {@code docs/FORMAT.md}). Each code is coded with the frequencies of its <em>context</em>: the
 * two codes before it in its stream, where the table's model lists that pair, else the one code
 * before it (the order-1 context; context {@code k} stands for "no code before"). Frequencies
 * sum to {@code 2^scale} ({@code scale} 10..12) in every non-empty context.
 *
 * <p>A block of {@code m} positions is two interleaved byte-wise rANS streams (32-bit states kept
 * in {@code [2^23, 2^31)}): stream A codes positions {@code 0..h-1}, stream B {@code h..m-1},
 * {@code h = ceil(m/2)}, so the decoder runs two independent dependency chains at once. A block
 * whose stored length equals {@code m} holds the codes themselves, one byte each (the writer
 * stores a block so when coding would not make it shorter).
 *
 * <p>The decoder is the per-position kernel of a cold probe: one read of a small table (a byte
 * per 32 slots of a context) and two adjacent entries of the context (four bytes each) give the
 * code, its offset and frequency and the next context; the coder state is renormalised without
 * a branch; nothing is allocated. The model takes about 5 bytes per entry of the file's model
 * and 128 per context (at 20 seeds 145 KiB, against 432 KiB with rows of 8-byte entries padded
 * to a power of two), so that the models of the several tables a probe reads stay in the
 * processor's caches. Immutable
 * and safe for concurrent use; every step is validated, so a damaged block is reported, never
 * decoded into wrong symbols silently (the block checksum is checked before).
 */
final class ContextModel {
    /** Lower bound of the coder state. */
    static final int L = 1 << 23;
    /** A state below this takes two bytes to come back into range, one below {@link #L}. */
    private static final int LOW2 = L >>> 8;
    /** The most contexts (order-1 plus pairs) a model may have. */
    static final int MAX_CONTEXTS = 2048;
    /** Bytes of the two initial states at the start of a coded block. */
    static final int STATE_BYTES = 8;
    /**
     * Bytes a caller leaves after a coded block in its buffer so that the decoder may read ahead;
     * the buffer's length must also be a power of two (a buffer that is not is copied into one
     * that is, once per decode: {@code TableFile}'s are).
     */
    static final int PADDING = 4;
    /** log2 of the slots of a bucket of {@link #bucket}. */
    private static final int BUCKET_BITS = 5;
    /** Where an entry of {@link #step} keeps its offset {@code cum} (13 bits, up to {@value #NO_CUM}). */
    private static final int CUM_SHIFT = 19;
    /** Where an entry of {@link #step} keeps its code (8 bits); the next context is in the 11 below. */
    private static final int CODE_SHIFT = 11;
    /** The offset of an empty context's entries: past every slot, so that no slot is in them. */
    private static final int NO_CUM = 0x1FFF;

    final int k;
    final int scale;
    private final int contexts;
    /** Context of the pair (previous code, the code before it), index {@code prev * (k + 1) + prev2}. */
    private final short[] ctxOf;
    /**
     * Per context and bucket of {@code 2^}{@value #BUCKET_BITS} slots, index
     * {@code (ctx << (scale - BUCKET_BITS)) + (slot >>> BUCKET_BITS)}: the entry of {@link #step}
     * that owns the bucket's first slot, counted from the context's first entry. A slot's entry
     * is that one or one of the few after it,
     * so the table is {@code 2^BUCKET_BITS} times smaller than one entry per slot and stays in
     * the processor's cache. Its length is rounded up to a power of two (the kernel masks its
     * indices), as is {@link #step}'s.
     */
    private final byte[] bucket;
    /**
     * The entries of every context, one after the other, a context's from {@link #rowStart}:
     * {@code cum << 19 | code << 11 | next}, in code order, {@code next} being the context of the
     * following position, then one more whose {@code cum} is {@code 2^scale}: an entry's
     * frequency is the next one's offset less its own, and a walk along the row stops there. An
     * empty context has two entries of offset {@value #NO_CUM}, past every slot: frequency 0.
     * Four bytes an entry and no empty ones, so that the models of the tables a probe reads stay
     * in the processor's caches.
     */
    private final int[] step;
    /** The index in {@link #step} of each context's first entry. */
    private final int[] rowStart;
    private final int start;

    private ContextModel(int k, int scale, int[] pairs, int[][] codes, int[][] freqs) {
        this.k = k;
        this.scale = scale;
        this.contexts = codes.length;
        int k1 = k + 1;
        ctxOf = new short[k1 * k1];
        int[] prevOf = new int[contexts];
        for (int p = 0; p < k1; p++) {
            prevOf[p] = p;
            for (int q = 0; q < k1; q++) {
                ctxOf[p * k1 + q] = (short) p;
            }
        }
        for (int i = 0; i < pairs.length; i++) {
            ctxOf[pairs[i]] = (short) (k1 + i);
            prevOf[k1 + i] = pairs[i] / k1;
        }
        int bb = scale - BUCKET_BITS;
        bucket = new byte[powerOfTwo(contexts << bb)];
        rowStart = new int[powerOfTwo(contexts)];
        int entries = 0;
        for (int c = 0; c < contexts; c++) {
            entries += Math.max(1, codes[c].length) + 1;
        }
        step = new int[powerOfTwo(entries)];
        int at = 0;
        for (int c = 0; c < contexts; c++) {
            rowStart[c] = at;
            if (codes[c].length == 0) {
                step[at++] = NO_CUM << CUM_SHIFT;
                step[at++] = NO_CUM << CUM_SHIFT;
                continue;
            }
            int cum = 0;
            for (int j = 0; j < codes[c].length; j++) {
                int code = codes[c][j];
                int f = freqs[c][j];
                int next = ctxOf[code * k1 + prevOf[c]];
                step[at + j] = cum << CUM_SHIFT | code << CODE_SHIFT | next;
                int first = (cum + (1 << BUCKET_BITS) - 1) >>> BUCKET_BITS; // buckets starting inside
                int end = (cum + f + (1 << BUCKET_BITS) - 1) >>> BUCKET_BITS;
                java.util.Arrays.fill(bucket, (c << bb) + first, (c << bb) + end, (byte) j);
                cum += f;
            }
            step[at + codes[c].length] = cum << CUM_SHIFT; // 2^scale
            at += codes[c].length + 1;
        }
        start = ctxOf[k * k1 + k];
    }

    /** The smallest power of two {@code >= n} ({@code n >= 1}). */
    static int powerOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** The smallest serialised model for {@code k} codes (no pairs, every context empty). */
    static long minBytes(int k) {
        return 2 + 2L * (k + 1);
    }

    /** The largest serialised model for {@code k} codes. */
    static long maxBytes(int k) {
        long pairs = Math.max(0, MAX_CONTEXTS - (k + 1));
        return 2 + 2 * pairs + (k + 1 + pairs) * (2 + 3L * k);
    }

    /**
     * Parses and validates a serialised model of {@code k} codes with frequency precision
     * {@code scale}; returns null and sets {@code why[0]} if it is malformed.
     */
    static ContextModel parse(byte[] data, int k, int scale, String[] why) {
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int k1 = k + 1;
        if (b.remaining() < 2) {
            why[0] = "model of " + data.length + " bytes";
            return null;
        }
        int q = b.getShort() & 0xFFFF;
        if (q > MAX_CONTEXTS - k1 || b.remaining() < 2 * q) {
            why[0] = "model lists " + q + " context pairs, at most " + Math.max(0, MAX_CONTEXTS - k1);
            return null;
        }
        int[] pairs = new int[q];
        for (int i = 0; i < q; i++) {
            int p = b.get() & 0xFF;
            int p2 = b.get() & 0xFF;
            pairs[i] = p * k1 + p2;
            if (p > k || p2 > k || (i > 0 && pairs[i] <= pairs[i - 1])) {
                why[0] = "context pair " + i + " (" + p + ", " + p2 + ") out of order or range";
                return null;
            }
        }
        int[][] codes = new int[k1 + q][];
        int[][] freqs = new int[k1 + q][];
        for (int c = 0; c < k1 + q; c++) {
            if (b.remaining() < 2) {
                why[0] = "model ends in context " + c;
                return null;
            }
            int n = b.getShort() & 0xFFFF;
            if (n > k || b.remaining() < 3 * n) {
                why[0] = "context " + c + " has " + n + " entries";
                return null;
            }
            codes[c] = new int[n];
            freqs[c] = new int[n];
            int sum = 0;
            for (int i = 0; i < n; i++) {
                int s = b.get() & 0xFF;
                int f = b.getShort() & 0xFFFF;
                if ((i > 0 && s <= codes[c][i - 1]) || s >= k || f < 1 || f > (1 << scale)) {
                    why[0] = "context " + c + ": bad entry code " + s + " frequency " + f;
                    return null;
                }
                codes[c][i] = s;
                freqs[c][i] = f;
                sum += f;
            }
            if (n > 0 && sum != 1 << scale) {
                why[0] = "context " + c + ": frequencies sum to " + sum + ", expected " + (1 << scale);
                return null;
            }
        }
        if (b.hasRemaining()) {
            why[0] = b.remaining() + " bytes after the model";
            return null;
        }
        return new ContextModel(k, scale, pairs, codes, freqs);
    }

    /**
     * Decodes a block {@code in[0..len)} of {@code m} positions into the symbols
     * {@code out[0..m)}.
     *
     * @param symbols the symbol of each code
     * @return null if the block is well formed, else what is wrong
     */
    String decode(byte[] in, int len, int m, byte[] symbols, byte[] out) {
        return decode(in, len, m, symbols, out, m - 1);
    }

    /**
     * Decodes a block only as far as position {@code at}: {@code out[at]} is its symbol, and the
     * positions decoded on the way (those of both streams up to it) are in {@code out} too; the
     * rest of the block is neither decoded nor checked. A cold probe that keeps no cache decodes
     * this way, half the block on average; {@code at = m - 1} decodes and checks the whole block.
     *
     * @return null if the part decoded is well formed, else what is wrong
     */
    String decode(byte[] in, int len, int m, byte[] symbols, byte[] out, int at) {
        if (len == m) {
            for (int i = 0; i < m; i++) {
                int c = in[i] & 0xFF;
                if (c >= k) {
                    return "code " + c + " at position " + i + ", the table has " + k;
                }
                out[i] = symbols[c];
            }
            return null;
        }
        if (len < STATE_BYTES || len > m) {
            return "coded block of " + len + " bytes for " + m + " positions";
        }
        if (in.length < len + PADDING || Integer.bitCount(in.length) != 1) {
            in = java.util.Arrays.copyOf(in, powerOfTwo(len + PADDING));
        }
        int xa = getInt(in, 0);
        int xb = getInt(in, 4);
        if (xa < L || xb < L) {
            return "coder states " + Integer.toUnsignedString(xa) + ", " + Integer.toUnsignedString(xb)
                    + " outside the coder range";
        }
        final int sc = scale;
        final int mask = (1 << sc) - 1;
        final int[] rs = rowStart;
        final int rm = rs.length - 1;
        final byte[] bk = bucket;
        final int bm = bk.length - 1;
        final int bb = sc - BUCKET_BITS;
        final int[] st = step;
        final int sm = st.length - 1;
        final int im = in.length - 1;
        final int h = (m + 1) >>> 1;
        final int mb = m - h;
        final boolean whole = at == m - 1;
        final int passes = whole ? h : 1 + (at < h ? at : at - h);
        int ca = start;
        int cb = start;
        int p = STATE_BYTES;
        // The kernel of a cold probe. A step: the slot's bucket gives the first entry that may own
        // it, a short walk the one that does (its offset, code and next context in one int, its
        // frequency from the next entry's offset); the state then takes 0, 1 or 2 bytes (after a
        // step it is at least 2^(23 - scale) >= 2^11, so two always suffice): how many follows
        // from the state alone (below L one, below L >> 8 two), so the next two bytes of the
        // padded buffer are read and shifted in without a branch, and the byte position does not
        // wait for them. A pass takes at most 4 bytes and reads at most 2 past its last, so
        // checking once per pass keeps p inside the padding. Every array index is masked by its
        // array's length less one (the lengths are powers of two): for a valid model and block
        // the masks change nothing (the indices are in range already), but they let the compiler
        // drop the bounds checks, about 15% of the time of a step.
        for (int i = 0; i < passes; i++) {
            int r;
            int slot = xa & mask;
            int j = rs[ca & rm] + (bk[((ca << bb) + (slot >>> BUCKET_BITS)) & bm] & 0xFF);
            int e = st[j & sm];
            int n = st[(j + 1) & sm];
            while (slot >= n >>> CUM_SHIFT) {
                e = n;
                n = st[(++j + 1) & sm];
            }
            int cum = e >>> CUM_SHIFT;
            int f = (n >>> CUM_SHIFT) - cum;
            if (f == 0) {
                return "position " + i + " decodes in a context the model leaves empty";
            }
            xa = f * (xa >>> sc) + slot - cum;
            r = (((xa - L) >>> 31) + ((xa - LOW2) >>> 31)) << 3;
            xa = (xa << r) | (((in[p & im] & 0xFF) << 8 | (in[(p + 1) & im] & 0xFF)) >>> (16 - r));
            p += r >>> 3;
            out[i] = symbols[(e >>> CODE_SHIFT) & 0xFF];
            ca = e & 0x7FF;
            if (i < mb) {
                slot = xb & mask;
                j = rs[cb & rm] + (bk[((cb << bb) + (slot >>> BUCKET_BITS)) & bm] & 0xFF);
                e = st[j & sm];
                n = st[(j + 1) & sm];
                while (slot >= n >>> CUM_SHIFT) {
                    e = n;
                    n = st[(++j + 1) & sm];
                }
                cum = e >>> CUM_SHIFT;
                f = (n >>> CUM_SHIFT) - cum;
                if (f == 0) {
                    return "position " + (h + i) + " decodes in a context the model leaves empty";
                }
                xb = f * (xb >>> sc) + slot - cum;
                r = (((xb - L) >>> 31) + ((xb - LOW2) >>> 31)) << 3;
                xb = (xb << r) | (((in[p & im] & 0xFF) << 8 | (in[(p + 1) & im] & 0xFF)) >>> (16 - r));
                p += r >>> 3;
                out[h + i] = symbols[(e >>> CODE_SHIFT) & 0xFF];
                cb = e & 0x7FF;
            }
            if (p > len) {
                return "coded data ends at position " + i;
            }
        }
        if (whole && (xa != L || xb != L || p != len)) {
            return "coded block does not end cleanly (states " + Integer.toUnsignedString(xa) + ", "
                    + Integer.toUnsignedString(xb) + ", " + (len - p) + " bytes left)";
        }
        return null;
    }

    private static int getInt(byte[] in, int at) {
        return (in[at] & 0xFF) | (in[at + 1] & 0xFF) << 8 | (in[at + 2] & 0xFF) << 16 | (in[at + 3] & 0xFF) << 24;
    }
}
