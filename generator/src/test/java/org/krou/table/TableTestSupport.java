package org.krou.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/** Tables held in memory and forged checksums, for the tests of this package. */
public final class TableTestSupport {
    private TableTestSupport() {
    }

    /** Opens a table held in memory. */
    static TableFile open(byte[] file, Variant v, int seeds) {
        return TableFile.open(new HeapByteSource(file, Path.of("mem.krou")), TableKind.VALUES, v, seeds, new BlockCache(8));
    }

    /** Every stored symbol of a table held in memory. */
    static ByteBigArray readAll(byte[] file, Variant v, int seeds) {
        try (TableFile t = open(file, v, seeds)) {
            return t.readAll(1);
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
