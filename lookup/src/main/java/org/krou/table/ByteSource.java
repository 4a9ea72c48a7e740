package org.krou.table;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Random read access to the bytes of one table file, what {@link TableFile} reads through (package-private:
 * callers open a table by its path). Implementations are safe for concurrent reads by many threads.
 *
 * <pre>{@code
 * try (ByteSource s = ByteSource.map(path)) {
 *     byte[] head = new byte[16];
 *     s.read(0, head, 0, 16);
 * }
 * }</pre>
 */
interface ByteSource extends Closeable {
    /** Length in bytes. */
    long length();

    /**
     * Copies {@code len} bytes at {@code offset} into {@code dst[off..]}.
     *
     * @throws IndexOutOfBoundsException if the range is not inside the source or {@code dst}
     *                                   (callers validate offsets first)
     */
    void read(long offset, byte[] dst, int off, int len);

    /** The file this source reads, or null. */
    Path path();

    /** Releases the source; later reads fail. */
    @Override
    void close();

    /** Maps {@code file} read-only into memory (files over 2 GB are mapped in several parts). */
    static ByteSource map(Path file) throws IOException {
        return MappedByteSource.open(file);
    }

    /** Reads the whole of {@code file} onto the heap (files up to 2 GB). */
    static ByteSource load(Path file) throws IOException {
        return HeapByteSource.load(file);
    }
}
