package org.krou.table;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/** A {@link ByteSource} over a {@code byte[]}: small tables, tests. */
final class HeapByteSource implements ByteSource {
    private final byte[] bytes;
    private final Path path;

    /** A source over {@code bytes} (not copied), reported as {@code path} (may be null). */
    HeapByteSource(byte[] bytes, Path path) {
        this.bytes = Objects.requireNonNull(bytes, "bytes");
        this.path = path;
    }

    /** Reads {@code file} into memory. */
    static HeapByteSource load(Path file) throws IOException {
        long size = Files.size(file);
        if (size > Integer.MAX_VALUE - 16) {
            throw new IOException(file + " has " + size + " bytes: too large for the heap source, map it instead");
        }
        return new HeapByteSource(Files.readAllBytes(file), file);
    }

    @Override
    public long length() {
        return bytes.length;
    }

    @Override
    public void read(long offset, byte[] dst, int off, int len) {
        Objects.checkFromIndexSize(offset, len, bytes.length);
        System.arraycopy(bytes, (int) offset, dst, off, len);
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public void close() {
        // nothing held
    }
}
