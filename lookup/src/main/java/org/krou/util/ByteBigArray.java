package org.krou.util;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A byte array indexed by {@code long}, in chunks of 2^30 bytes, so that layers of more than
 * 2^31 positions fit. Plain reads and writes; a caller that needs operations of its own on the
 * bytes (atomic updates, say) keeps the chunks and sees them as an array through {@link #wrap}.
 *
 * <p>An array is either in the heap ({@link #ByteBigArray(long)}) or a read-only view of a file
 * mapped into memory ({@link #map(Path, long)}), chunk by chunk, each chunk a mapping of at most
 * 2^30 bytes, so that files of any size map. Reads work alike on both; writing a mapped array
 * throws {@link UnsupportedOperationException}. A read tests which kind the array is before
 * indexing (one field, never changing): on an array in the heap it costs a predicted branch.
 *
 * <pre>{@code
 * ByteBigArray a = new ByteBigArray(3_000_000_000L);
 * a.set(2_999_999_999L, (byte) 7);
 * ByteBigArray m = ByteBigArray.map(Path.of("values-28.raw"), PositionIndex.size(28));
 * byte v = m.get(123);
 * }</pre>
 */
public final class ByteBigArray {
    /** log2 of the chunk size. */
    public static final int CHUNK_BITS = 30;
    private static final long MASK = (1L << CHUNK_BITS) - 1;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The chunks of an array in the heap; null if mapped. */
    private final byte[][] chunks;
    /** The chunks of a mapped array, read-only; null if in the heap. */
    private final ByteBuffer[] mapped;
    private final long length;

    /** A zero-filled array of {@code length} bytes. */
    public ByteBigArray(long length) {
        if (length < 0) {
            throw new IllegalArgumentException("negative length " + length);
        }
        this.length = length;
        this.mapped = null;
        int n = chunkCount(length);
        chunks = new byte[n][];
        for (int i = 0; i < n; i++) {
            long left = length - ((long) i << CHUNK_BITS);
            chunks[i] = new byte[(int) Math.min(left, 1L << CHUNK_BITS)];
        }
    }

    private ByteBigArray(byte[][] chunks, long length) {
        this.chunks = chunks;
        this.mapped = null;
        this.length = length;
    }

    /**
     * An array over {@code chunks}, not copied: what is written through the array is in the
     * chunks and the other way round. Every chunk but the last holds 2^{@value #CHUNK_BITS}
     * bytes, the last from 1 to that many; the array's length is their sum.
     *
     * @throws IllegalArgumentException if a chunk has another length
     */
    public static ByteBigArray wrap(byte[][] chunks) {
        long length = 0;
        for (int i = 0; i < chunks.length; i++) {
            int n = chunks[i].length;
            if (i < chunks.length - 1 ? n != 1 << CHUNK_BITS : n < 1 || n > 1 << CHUNK_BITS) {
                throw new IllegalArgumentException("chunk " + i + " of " + chunks.length + " holds " + n + " bytes");
            }
            length += n;
        }
        return new ByteBigArray(chunks.clone(), length);
    }

    private ByteBigArray(ByteBuffer[] mapped, long length) {
        this.chunks = null;
        this.mapped = mapped;
        this.length = length;
    }

    private static int chunkCount(long length) {
        return (int) ((length + MASK) >>> CHUNK_BITS);
    }

    /**
     * A read-only array of the first {@code length} bytes of {@code file}, mapped into memory in
     * chunks of at most 2^30 bytes (the file may be longer: the rest is not mapped). The file may
     * be changed or removed afterwards; on Linux a removed file stays readable through the
     * mapping, and its disk space is freed once the array is garbage collected.
     *
     * @throws IOException naming the file if it cannot be opened or mapped, or is shorter than
     *                     {@code length}
     */
    public static ByteBigArray map(Path file, long length) throws IOException {
        if (length < 0) {
            throw new IllegalArgumentException("negative length " + length);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < length) {
                throw new IOException(file + " holds " + size + " bytes, fewer than the " + length + " to map");
            }
            ByteBuffer[] m = new ByteBuffer[chunkCount(length)];
            for (int i = 0; i < m.length; i++) {
                long at = (long) i << CHUNK_BITS;
                m[i] = ch.map(FileChannel.MapMode.READ_ONLY, at, Math.min(length - at, 1L << CHUNK_BITS));
            }
            return new ByteBigArray(m, length);
        }
    }

    /** Number of bytes. */
    public long length() {
        return length;
    }

    /** True if this is a read-only view of a mapped file ({@link #map}). */
    public boolean isMapped() {
        return chunks == null;
    }

    /** The byte at {@code i}. */
    public byte get(long i) {
        byte[][] c = chunks;
        if (c != null) {
            return c[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)];
        }
        return mapped[(int) (i >>> CHUNK_BITS)].get((int) (i & MASK));
    }

    /**
     * The eight bytes at {@code i..i+7} as a little-endian long (byte {@code i} in the low
     * bits), for scans that test eight positions at once; {@code i} must be a multiple of 8 and
     * {@code i + 8 <= length()}.
     */
    public long getLong(long i) {
        if ((i & 7) != 0 || i < 0 || i > length - 8) {
            throw new IndexOutOfBoundsException("long at byte " + i + " of " + length + " (must be a multiple of 8 inside)");
        }
        byte[][] c = chunks;
        if (c != null) {
            return (long) LONGS.get(c[(int) (i >>> CHUNK_BITS)], (int) (i & MASK));
        }
        long x = 0;
        for (int k = 7; k >= 0; k--) {
            x = x << 8 | (get(i + k) & 0xFF);
        }
        return x;
    }

    /** The chunks, for writing; a mapped array is read-only. */
    private byte[][] writable() {
        byte[][] c = chunks;
        if (c == null) {
            throw new UnsupportedOperationException("a mapped array is read-only");
        }
        return c;
    }

    /** Sets the byte at {@code i}. */
    public void set(long i, byte v) {
        writable()[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)] = v;
    }

    /** Sets every byte to {@code v}. */
    public void fill(byte v) {
        for (byte[] c : writable()) {
            java.util.Arrays.fill(c, v);
        }
    }

    /**
     * Copies {@code len} bytes starting at {@code from} into {@code dst[off..]}; the range
     * may cross chunks.
     */
    public void copyTo(long from, byte[] dst, int off, int len) {
        while (len > 0) {
            int c = (int) (from >>> CHUNK_BITS);
            int o = (int) (from & MASK);
            int k;
            if (chunks != null) {
                k = Math.min(len, chunks[c].length - o);
                System.arraycopy(chunks[c], o, dst, off, k);
            } else {
                k = Math.min(len, mapped[c].limit() - o);
                if (k <= 0) {
                    throw new IndexOutOfBoundsException("byte " + from + " of " + length);
                }
                mapped[c].get(o, dst, off, k);
            }
            from += k;
            off += k;
            len -= k;
        }
    }

    /** Copies {@code len} bytes of {@code src[off..]} to position {@code to}. */
    public void copyFrom(byte[] src, int off, long to, int len) {
        byte[][] chunks = writable();
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
