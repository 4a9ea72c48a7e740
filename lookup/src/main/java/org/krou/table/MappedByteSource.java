package org.krou.table;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * A {@link ByteSource} over a read-only memory-mapped file. The file is mapped in parts of
 * 1 GB, so files over 2 GB work; a read may span two parts. Reads use absolute bulk gets, which
 * leave the buffers' positions alone: concurrent reads are safe.
 */
final class MappedByteSource implements ByteSource {
    /** log2 of the size of one mapped part. */
    static final int PART_BITS = 30;

    private final Path path;
    private final long length;
    private volatile MappedByteBuffer[] parts;

    private final int partBits;
    private final long partMask;

    private MappedByteSource(Path path, long length, MappedByteBuffer[] parts, int partBits) {
        this.path = path;
        this.length = length;
        this.parts = parts;
        this.partBits = partBits;
        this.partMask = (1L << partBits) - 1;
    }

    /** Maps {@code file} read-only. */
    static MappedByteSource open(Path file) throws IOException {
        return open(file, PART_BITS);
    }

    /** Maps {@code file} in parts of {@code 2^partBits} bytes (small parts are for tests). */
    static MappedByteSource open(Path file, int partBits) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long part = 1L << partBits;
            long n = (size + part - 1) >>> partBits;
            if (n > Integer.MAX_VALUE - 8) {
                throw new IOException(file + ": " + size + " bytes is too large to map");
            }
            MappedByteBuffer[] parts = new MappedByteBuffer[(int) n];
            for (int i = 0; i < n; i++) {
                long start = (long) i << partBits;
                parts[i] = ch.map(FileChannel.MapMode.READ_ONLY, start, Math.min(part, size - start));
            }
            return new MappedByteSource(file, size, parts, partBits);
        }
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public void read(long offset, byte[] dst, int off, int len) {
        Objects.checkFromIndexSize(offset, len, length);
        Objects.checkFromIndexSize(off, len, dst.length);
        MappedByteBuffer[] p = parts;
        if (p == null) {
            throw new IllegalStateException(path + " is closed");
        }
        while (len > 0) {
            int part = (int) (offset >>> partBits);
            int at = (int) (offset & partMask);
            int k = Math.min(len, p[part].capacity() - at);
            p[part].get(at, dst, off, k);
            offset += k;
            off += k;
            len -= k;
        }
    }

    @Override
    public Path path() {
        return path;
    }

    /** Drops the mappings (the memory is unmapped when the buffers are collected). */
    @Override
    public void close() {
        parts = null;
    }
}
