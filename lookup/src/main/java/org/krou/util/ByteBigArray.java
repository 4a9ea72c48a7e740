package org.krou.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A byte array indexed by {@code long}, in chunks of 2^30 bytes, so that layers of more than
 * 2^31 positions fit. Plain reads and writes plus the few atomic operations the parallel
 * generator needs.
 *
 * <pre>{@code
 * ByteBigArray a = new ByteBigArray(3_000_000_000L);
 * a.set(2_999_999_999L, (byte) 7);
 * }</pre>
 */
public final class ByteBigArray {
    /** log2 of the chunk size. */
    public static final int CHUNK_BITS = 30;
    private static final long MASK = (1L << CHUNK_BITS) - 1;
    private static final VarHandle BYTES = MethodHandles.arrayElementVarHandle(byte[].class);

    private final byte[][] chunks;
    private final long length;

    /** A zero-filled array of {@code length} bytes. */
    public ByteBigArray(long length) {
        if (length < 0) {
            throw new IllegalArgumentException("negative length " + length);
        }
        this.length = length;
        int n = (int) ((length + MASK) >>> CHUNK_BITS);
        chunks = new byte[n][];
        for (int i = 0; i < n; i++) {
            long left = length - ((long) i << CHUNK_BITS);
            chunks[i] = new byte[(int) Math.min(left, 1L << CHUNK_BITS)];
        }
    }

    /** Number of bytes. */
    public long length() {
        return length;
    }

    /** The byte at {@code i}. */
    public byte get(long i) {
        return chunks[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)];
    }

    /** Sets the byte at {@code i}. */
    public void set(long i, byte v) {
        chunks[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)] = v;
    }

    /** Sets every byte to {@code v}. */
    public void fill(byte v) {
        for (byte[] c : chunks) {
            java.util.Arrays.fill(c, v);
        }
    }

    /** Atomically sets the byte at {@code i} to {@code v} if it holds {@code expected}. */
    public boolean compareAndSet(long i, byte expected, byte v) {
        return BYTES.compareAndSet(chunks[(int) (i >>> CHUNK_BITS)], (int) (i & MASK), expected, v);
    }

    /** Atomically adds {@code -1} to the byte at {@code i}; returns the new value. */
    public byte decrementAndGet(long i) {
        return (byte) ((byte) BYTES.getAndAdd(chunks[(int) (i >>> CHUNK_BITS)], (int) (i & MASK), (byte) -1) - 1);
    }

    /**
     * Copies {@code len} bytes starting at {@code from} into {@code dst[off..]}; the range
     * may cross chunks.
     */
    public void copyTo(long from, byte[] dst, int off, int len) {
        while (len > 0) {
            int c = (int) (from >>> CHUNK_BITS);
            int o = (int) (from & MASK);
            int k = Math.min(len, chunks[c].length - o);
            System.arraycopy(chunks[c], o, dst, off, k);
            from += k;
            off += k;
            len -= k;
        }
    }

    /** Copies {@code len} bytes of {@code src[off..]} to position {@code to}. */
    public void copyFrom(byte[] src, int off, long to, int len) {
        while (len > 0) {
            int c = (int) (to >>> CHUNK_BITS);
            int o = (int) (to & MASK);
            int k = Math.min(len, chunks[c].length - o);
            System.arraycopy(src, off, chunks[c], o, k);
            to += k;
            off += k;
            len -= k;
        }
    }
}
