package org.krou.generator;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One bit per position of the layer being solved (of a cluster worker's positions, in a
 * cluster), indexed by {@code long}, in chunks of 2^30 bits; bits are set atomically (threads
 * resolving neighbouring positions share words) and never cleared.
 *
 * <pre>{@code
 * DontCareBits b = new DontCareBits(size);
 * b.set(7);
 * b.get(7);   // true
 * }</pre>
 */
public final class DontCareBits {
    private static final int CHUNK_BITS = 30;
    private static final long MASK = (1L << CHUNK_BITS) - 1;
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[][] chunks;

    /** {@code length} bits, all clear. */
    public DontCareBits(long length) {
        int n = (int) ((length + MASK) >>> CHUNK_BITS);
        chunks = new long[n][];
        for (int i = 0; i < n; i++) {
            long bits = Math.min(length - ((long) i << CHUNK_BITS), 1L << CHUNK_BITS);
            chunks[i] = new long[(int) ((bits + 63) >>> 6)];
        }
    }

    /** Sets bit {@code i}; safe against threads setting other bits of the same word. */
    public void set(long i) {
        long old = (long) WORDS.getAndBitwiseOr(chunks[(int) (i >>> CHUNK_BITS)], (int) ((i & MASK) >>> 6), 1L << i);
        assert (old & 1L << i) == 0 : "bit " + i + " set twice";
    }

    /** Bit {@code i}. */
    public boolean get(long i) {
        return (chunks[(int) (i >>> CHUNK_BITS)][(int) ((i & MASK) >>> 6)] & 1L << i) != 0;
    }

    /**
     * Sets {@code dst[off + k]} to {@code fill} for each {@code k < len} whose bit
     * {@code first + k} is clear, reading each word once (a word never spans two chunks).
     */
    public void fillClear(long first, byte[] dst, int off, int len, byte fill) {
        int k = 0;
        while (k < len) {
            long i = first + k;
            long word = chunks[(int) (i >>> CHUNK_BITS)][(int) ((i & MASK) >>> 6)] >>> (i & 63);
            int n = Math.min(64 - (int) (i & 63), len - k);
            for (int j = 0; j < n; j++, word >>>= 1) {
                if ((word & 1) == 0) {
                    dst[off + k + j] = fill;
                }
            }
            k += n;
        }
    }
}
