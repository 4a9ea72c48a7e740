package org.krou.generator.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableFile;
import org.krou.table.TableFormat;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;

/**
 * A table file's bytes, edited in memory (forged checksums, block offsets) and opened through the
 * public API: written to a file and read back onto the heap by {@link TableFile#open}.
 */
public final class TableBytes {
    private TableBytes() {
    }

    /** Writes {@code bytes} to {@code file} (replacing it) and opens it, read onto the heap. */
    static TableFile open(Path file, byte[] bytes, Variant v, int seeds) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return TableFile.open(file, TableKind.VALUES, v, seeds, false, new BlockCache(8));
    }

    /** Every stored symbol of a table file's bytes, written to {@code file} and read. */
    static ByteBigArray readAll(Path file, byte[] bytes, Variant v, int seeds) {
        try (TableFile t = open(file, bytes, v, seeds)) {
            return WholeTable.read(t, 1);
        }
    }

    /**
     * Recomputes every checksum of a (mutated) file so that only the decoders' own validation can
     * refuse it. Leaves the file alone where its offsets are out of range.
     */
    static void fixChecksums(byte[] f) {
        if (f.length < TableFormat.HEADER_LENGTH) {
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        long blocks = b.getInt(36) & 0xFFFFFFFFL;
        long index = b.getLong(48);
        long model = b.getInt(68) & 0xFFFFFFFFL;
        if (index >= 0 && index + blocks * TableFormat.INDEX_ENTRY == f.length && model <= index) {
            long off = TableFormat.HEADER_LENGTH + model;
            for (int i = 0; i < blocks; i++) {
                int at = (int) index + i * TableFormat.INDEX_ENTRY;
                int len = b.getShort(at) & 0xFFFF;
                if (off + len <= index) {
                    b.putInt(at + 2, crc(f, (int) off, len));
                }
                off += len;
            }
            b.putInt(44, crc(f, (int) index, (int) (blocks * TableFormat.INDEX_ENTRY)));
            if (TableFormat.HEADER_LENGTH + model <= f.length) {
                b.putInt(72, crc(f, TableFormat.HEADER_LENGTH, (int) model));
            }
        }
        b.putInt(64, crc(f, TableFormat.HEADER_LENGTH, f.length - TableFormat.HEADER_LENGTH));
        b.putInt(TableFormat.CRC_AT, crc(f, 0, TableFormat.CRC_AT));
    }

    /**
     * The file offset of block {@code k} of a table file's bytes: after the header and the model,
     * the stored lengths of the blocks before it (the index lists the lengths, not offsets).
     */
    public static long blockOffset(byte[] f, int k) {
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        long index = b.getLong(48);
        long off = TableFormat.HEADER_LENGTH + (b.getInt(68) & 0xFFFFFFFFL);
        for (int i = 0; i < k; i++) {
            off += b.getShort((int) index + i * TableFormat.INDEX_ENTRY) & 0xFFFF;
        }
        return off;
    }

    static int crc(byte[] f, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(f, off, len);
        return (int) c.getValue();
    }
}
