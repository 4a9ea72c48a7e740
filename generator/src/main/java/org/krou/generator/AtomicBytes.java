package org.krou.generator;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.krou.util.ByteBigArray;

/**
 * A byte array indexed by {@code long} whose bytes threads update by compare-and-set: the
 * resolving threads race for the same positions, and a claim must be won by one of them only.
 * {@link #bytes()} is the same memory as a {@link ByteBigArray}, for plain reads and writes and
 * for the code that takes one (the table writer, the stores).
 *
 * <pre>{@code
 * AtomicBytes a = new AtomicBytes(size);
 * if (a.compareAndSet(i, s, (byte) 3)) { ... }  // this thread's claim won
 * a.bytes().get(i);                            // 3
 * }</pre>
 */
public final class AtomicBytes {
    private static final VarHandle BYTES = MethodHandles.arrayElementVarHandle(byte[].class);
    private static final int CHUNK_BITS = ByteBigArray.CHUNK_BITS;
    private static final long MASK = (1L << CHUNK_BITS) - 1;

    private final byte[][] chunks;
    private final ByteBigArray bytes;

    /** A zero-filled array of {@code length} bytes. */
    public AtomicBytes(long length) {
        if (length < 0) {
            throw new IllegalArgumentException("negative length " + length);
        }
        int n = (int) ((length + MASK) >>> CHUNK_BITS);
        chunks = new byte[n][];
        for (int i = 0; i < n; i++) {
            chunks[i] = new byte[(int) Math.min(length - ((long) i << CHUNK_BITS), 1L << CHUNK_BITS)];
        }
        bytes = ByteBigArray.wrap(chunks);
    }

    /** The same bytes as a {@link ByteBigArray}. */
    public ByteBigArray bytes() {
        return bytes;
    }

    /** The byte at {@code i}. */
    public byte get(long i) {
        return chunks[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)];
    }

    /** Atomically sets the byte at {@code i} to {@code v} if it holds {@code expected}. */
    public boolean compareAndSet(long i, byte expected, byte v) {
        return BYTES.compareAndSet(chunks[(int) (i >>> CHUNK_BITS)], (int) (i & MASK), expected, v);
    }
}
