package org.krou.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The model of the {@link Encoding#CONTEXT} encoding and its decoder (byte by byte in
 * {@code docs/FORMAT.md}). Each code is coded with the frequencies of its <em>context</em>: that
 * of its {@link ContextKey} (the code before it in its stream, the code a lag back
 * ({@link LagRuns}: the same board with a seed moved from pit 1 to pit 2) and whether the two
 * codes before it are equal) where the table's model lists that key, otherwise the order-1
 * context of the code before it (context {@code k} stands for "no code before"). Frequencies sum
 * to {@code 2^scale} ({@code scale} 10..12) in every non-empty context.
 *
 * <p>A coded block of {@code m} positions is two halves of two byte-wise rANS streams each
 * (32-bit states kept in {@code [2^23, 2^31)}; {@link #decode}, loops in {@link LaggedKernel}):
 * a position is decoded from its own stream alone, an eighth of the block on average. A block
 * whose stored length equals {@code m} holds the codes themselves, one byte each (the writer
 * stores a block so when coding would not make it shorter).
 *
 * <p>A step reads one byte of a small table (a byte per 32 slots of a context) and two adjacent
 * entries of the context (four bytes each), which give the code, its offset and frequency. The
 * model takes about 5 bytes per entry of the file's model and 128 per context, so that the
 * models of the several tables a probe reads stay in the processor's caches. Immutable and safe
 * for concurrent use; every step is validated, so a damaged block is reported, never decoded
 * into wrong symbols silently (the block checksum is checked before).
 */
final class ContextModel {
    /** Lower bound of the coder state. */
    static final int L = 1 << 23;
    /** A state below this takes two bytes to come back into range, one below {@link #L}. */
    static final int LOW2 = L >>> 8;
    /** The most contexts (order-1 plus listed keys) a model may have. */
    static final int MAX_CONTEXTS = 2048;
    /**
     * Bytes a caller leaves after a coded block in its buffer so that the decoder may read ahead;
     * the buffer's length must also be a power of two (a buffer that is not is copied into one
     * that is, once per decode: {@code TableFile}'s are).
     */
    static final int PADDING = 4;
    /** log2 of the slots of a bucket of {@link #bucket}. */
    static final int BUCKET_BITS = 5;
    /**
     * Where an entry of {@link #step} keeps its offset {@code cum} (13 bits, up to
     * {@value #NO_CUM}); its code is in the low 8 bits.
     */
    static final int CUM_SHIFT = 19;
    /** The offset of an empty context's entries: past every slot, so that no slot is in them. */
    private static final int NO_CUM = 0x1FFF;

    final int k;
    final int scale;
    private final int contexts;
    /**
     * Per context and bucket of {@code 2^}{@value #BUCKET_BITS} slots, index
     * {@code (ctx << (scale - BUCKET_BITS)) + (slot >>> BUCKET_BITS)}: the entry of {@link #step}
     * that owns the bucket's first slot, counted from the context's first entry. A slot's entry
     * is that one or one of the few after it,
     * so the table is {@code 2^BUCKET_BITS} times smaller than one entry per slot and stays in
     * the processor's cache. Its length is rounded up to a power of two (the kernel masks its
     * indices), as is {@link #step}'s.
     */
    final byte[] bucket;
    /**
     * The entries of every context, one after the other, a context's from {@link #rowStart}:
     * {@code cum << 19 | code}, in code order, then one more whose {@code cum} is
     * {@code 2^scale}: an entry's frequency is the next one's offset less its own, and a walk
     * along the row stops there. An empty context has two entries of offset {@value #NO_CUM},
     * past every slot: frequency 0. Four bytes an entry and no empty ones, so that the models of
     * the tables a probe reads stay in the processor's caches.
     */
    final int[] step;
    /** The index in {@link #step} of each context's first entry. */
    final int[] rowStart;
    /** The context of the first position of a stream: that of the key with no code before. */
    final int start;
    /** The context of each {@link ContextKey} (its length a power of two, the kernel masks its indices). */
    final short[] keyCtx;

    private ContextModel(int k, int scale, int[] keys, int[][] codes, int[][] freqs) {
        this.k = k;
        this.scale = scale;
        this.contexts = codes.length;
        int k1 = k + 1;
        keyCtx = new short[powerOfTwo(ContextKey.count(k))];
        for (int key = 0; key < ContextKey.count(k); key++) {
            keyCtx[key] = (short) ContextKey.prev(k, key);
        }
        for (int i = 0; i < keys.length; i++) {
            keyCtx[keys[i]] = (short) (k1 + i);
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
                int f = freqs[c][j];
                step[at + j] = cum << CUM_SHIFT | codes[c][j];
                int first = (cum + (1 << BUCKET_BITS) - 1) >>> BUCKET_BITS; // buckets starting inside
                int end = (cum + f + (1 << BUCKET_BITS) - 1) >>> BUCKET_BITS;
                java.util.Arrays.fill(bucket, (c << bb) + first, (c << bb) + end, (byte) j);
                cum += f;
            }
            step[at + codes[c].length] = cum << CUM_SHIFT; // 2^scale
            at += codes[c].length + 1;
        }
        start = keyCtx[ContextKey.pack(k, k, k, 0)];
    }

    /** The smallest power of two {@code >= n} ({@code n >= 1}). */
    static int powerOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** The smallest serialised model for {@code k} codes (no keys listed, every context empty). */
    static long minBytes(int k) {
        return 2 + 2L * (k + 1);
    }

    /** The largest serialised model for {@code k} codes (every key it may list, 3 bytes each, with full contexts). */
    static long maxBytes(int k) {
        long keys = Math.max(0, MAX_CONTEXTS - (k + 1));
        return 2 + 3 * keys + (k + 1 + keys) * (2 + 3L * k);
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
        if (q > MAX_CONTEXTS - k1 || b.remaining() < 3 * q) {
            why[0] = "model lists " + q + " context keys, at most "
                    + Math.max(0, MAX_CONTEXTS - k1);
            return null;
        }
        int[] keys = new int[q];
        for (int i = 0; i < q; i++) {
            int prev = b.get() & 0xFF;
            int above = b.get() & 0xFF;
            int same = b.get() & 0xFF;
            keys[i] = ContextKey.pack(k, prev, above, same);
            if (prev > k || above > k || same > 1 || (i > 0 && keys[i] <= keys[i - 1])) {
                why[0] = "context key " + i + " (" + prev + ", " + above + ", " + same + ") out of order or range";
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
        return new ContextModel(k, scale, keys, codes, freqs);
    }

    /**
     * The first position of part {@code q} of a block of {@code m} positions: its
     * four streams in order (two halves {@code [0, H)} and {@code [H, m)}, {@code H = ceil(m/2)},
     * each split as {@code ceil(length/2)} and the rest), so {@code q = 4} gives {@code m}. A
     * position is decoded from its part alone, from the part's first position on.
     */
    static int partStart(int q, int m) {
        int hm = (m + 1) >>> 1;
        switch (q) {
            case 0:
                return 0;
            case 1:
                return (hm + 1) >>> 1;
            case 2:
                return hm;
            case 3:
                return hm + ((m - hm + 1) >>> 1);
            default:
                return m;
        }
    }

    /** The part (0..3, {@link #partStart}) of position {@code at} of a block of {@code m} positions. */
    static int partOf(int at, int m) {
        return partAt(at, m) & 3;
    }

    /**
     * The part {@code q} of position {@code at} ({@code 0 <= at < m}) of a block of
     * {@code m} positions and its first position {@code s}, as {@code s << 2 | q}; without a
     * branch, for the probe's path (the position is random, so branches would be mispredicted).
     */
    static int partAt(int at, int m) {
        int s1 = partStart(1, m); // constants for the switch: folded once inlined
        int hm = partStart(2, m);
        int s3 = partStart(3, m);
        int g1 = (s1 - 1 - at) >> 31; // -1 if at >= s1, else 0
        int g2 = (hm - 1 - at) >> 31;
        int g3 = (s3 - 1 - at) >> 31;
        int first = (s1 & g1 & ~g2) | (hm & g2 & ~g3) | (s3 & g3);
        return first << 2 | -(g1 + g2 + g3);
    }

    /** The shortest coded block: the first half's length and four states. */
    static final int MIN_CODED_BYTES = 2 + 4 * 4;

    /**
     * Decodes a block {@code in[0..len)} of {@code m} positions as far as position {@code at}
     * ({@code at = m - 1}: the whole block, fully checked) into the symbols {@code out}; the
     * positions of {@code at}'s stream before it are decoded too, the rest of the block is
     * neither decoded nor checked. A coded block is two halves, positions {@code [0, H)} and
     * {@code [H, m)} ({@code H = ceil(m/2)}), each two streams apart (A's state and bytes
     * forwards from the half's start, B's backwards from its end); a u16 before them gives the
     * first half's length. A block of {@code m} bytes holds the codes themselves.
     *
     * @param symbols the symbol of each code
     * @param rank    the rank of the block's first position in its layer
     * @param seeds   the layer's seed count
     * @return null if the part decoded is well formed, else what is wrong
     */
    String decode(byte[] in, int len, int m, byte[] symbols, byte[] out, int at, long rank, int seeds,
                  LagScratch scratch) {
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
        if (len < MIN_CODED_BYTES || len > m) {
            return "coded block of " + len + " bytes for " + m + " positions";
        }
        if (in.length < len + PADDING || Integer.bitCount(in.length) != 1) {
            in = java.util.Arrays.copyOf(in, powerOfTwo(len + PADDING));
        }
        int n1 = (in[0] & 0xFF) | (in[1] & 0xFF) << 8;
        if (n1 < 8 || n1 > len - 10) {
            return "first half of " + n1 + " bytes in a coded block of " + len;
        }
        int[] cs = scratch.codes(m);
        int hm = partStart(2, m);
        if (at == m - 1) {
            String err = half(in, 2, 2 + n1, 0, hm, symbols, out, rank, seeds, cs, scratch);
            return err != null ? err : half(in, 2 + n1, len, hm, m, symbols, out, rank, seeds, cs, scratch);
        }
        int p = partAt(at, m);
        int s0 = p >>> 2; // the first position of at's stream
        boolean a = (p & 1) == 0; // the half's first stream: state and bytes forwards from the half's start
        int off = (p & 2) == 0 ? 2 : 2 + n1;
        int end = (p & 2) == 0 ? 2 + n1 : len;
        int x = getInt(in, a ? off : end - 4);
        if (x < L) {
            return "coder state " + Integer.toUnsignedString(x) + " outside the coder range";
        }
        scratch.a.start(seeds, rank + s0);
        return LaggedKernel.stream(this, in, off + 3, end - 4, s0, at - s0 + 1, a ? off + 4 : end - 5, a ? 1 : -1,
                symbols, out, x, cs, scratch.a);
    }

    private String half(byte[] in, int off, int end, int hs, int he, byte[] symbols, byte[] out, long rank,
                        int seeds, int[] cs, LagScratch scratch) {
        int xa = getInt(in, off);
        int xb = getInt(in, end - 4);
        if (xa < L || xb < L) {
            return "coder states " + Integer.toUnsignedString(xa) + ", " + Integer.toUnsignedString(xb)
                    + " outside the coder range";
        }
        scratch.a.start(seeds, rank + hs);
        scratch.b.start(seeds, rank + hs + ((he - hs + 1) >>> 1));
        return LaggedKernel.half(this, in, off, end, hs, he, symbols, out, xa, xb, cs, scratch.a, scratch.b);
    }

    static int getInt(byte[] in, int at) {
        return (in[at] & 0xFF) | (in[at + 1] & 0xFF) << 8 | (in[at + 2] & 0xFF) << 16 | (in[at + 3] & 0xFF) << 24;
    }
}
