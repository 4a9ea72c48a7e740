package org.krou.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Reads, checks and parses the sections of a table file after its header (docs/FORMAT.md): the
 * model of a context-coded table and the block index.
 */
final class SectionReader {
    private SectionReader() {
    }

    /**
     * Reads, checks and parses the model section of a {@link Encoding#CONTEXT} table; null for
     * other encodings.
     */
    static ContextModel readModel(ByteSource src, Path file, TableHeader h) {
        if (h.encoding() != Encoding.CONTEXT) {
            return null;
        }
        byte[] raw = new byte[h.modelLength()];
        long at = h.headerLength();
        src.read(at, raw, 0, raw.length);
        CRC32C crc = new CRC32C();
        crc.update(raw, 0, raw.length);
        if ((int) crc.getValue() != h.modelCrc()) {
            throw new CorruptTableException(file, -1, at, String.format("model checksum %08x, computed %08x",
                    h.modelCrc(), (int) crc.getValue()));
        }
        String[] why = new String[1];
        ContextModel m = ContextModel.parse(raw, h.symbolCount(), h.param(), why);
        if (m == null) {
            throw new CorruptTableException(file, -1, at, why[0]);
        }
        return m;
    }

    /** Reads, checks and validates the block index described by {@code h}. */
    static BlockIndex readIndex(ByteSource src, Path file, TableHeader h) {
        int n = h.blockCount();
        byte[] raw = new byte[Math.multiplyExact(n, TableFormat.INDEX_ENTRY)];
        src.read(h.indexOffset(), raw, 0, raw.length);
        CRC32C crc = new CRC32C();
        crc.update(raw, 0, raw.length);
        if ((int) crc.getValue() != h.indexCrc()) {
            throw new CorruptTableException(file, -1, h.indexOffset(), String.format("index checksum %08x, computed %08x",
                    h.indexCrc(), (int) crc.getValue()));
        }
        ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        BlockIndex idx = new BlockIndex(n);
        long at = h.blocksOffset();
        for (int i = 0; i < n; i++) {
            long entryAt = Math.addExact(h.indexOffset(), (long) i * TableFormat.INDEX_ENTRY);
            int stored = b.getShort() & 0xFFFF;
            int m = h.blockPositions(i);
            int least = TableFormat.MIN_CODED_BYTES;
            boolean ok = h.encoding() == Encoding.RAW ? stored == m
                    : stored == m || (stored >= least && stored < m);
            if (!ok) {
                throw new CorruptTableException(file, i, entryAt, "stored length " + stored + " for " + m
                        + " positions, expected " + (h.encoding() == Encoding.RAW ? String.valueOf(m)
                        : m + " (the codes) or " + least + ".." + (m - 1) + " (coded)"));
            }
            idx.offset[i] = at;
            idx.stored[i] = stored;
            idx.crc[i] = b.getInt();
            at = Math.addExact(at, stored);
            if (at > h.indexOffset()) {
                throw new CorruptTableException(file, i, entryAt, "block ends at " + at + ", beyond the index at "
                        + h.indexOffset());
            }
        }
        if (at != h.indexOffset()) {
            throw new CorruptTableException(file, -1, at, "blocks end at " + at + ", the index starts at " + h.indexOffset());
        }
        return idx;
    }
}
