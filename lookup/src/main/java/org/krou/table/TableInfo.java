package org.krou.table;

import java.nio.file.Path;

/**
 * Metadata of one table file, for {@code krou info}.
 *
 * @param file          the file
 * @param kind          what the symbols mean
 * @param variant       the variant id in the header
 * @param seeds         seeds on the board
 * @param formatVersion the file format version
 * @param positions     number of positions
 * @param fileBytes     size of the file
 * @param encoding      symbol encoding
 * @param param         the encoding's parameter
 * @param blockSize     positions per block
 * @param blocks        number of blocks
 * @param dontCare      whether some entries are don't-care (resolved by a one-ply search)
 * @param symbols       distinct stored symbols
 * @param indexCrc      CRC32C of the block index, as the header records it
 * @param bodyCrc       CRC32C of every byte after the header, as the header records it
 */
public record TableInfo(Path file, TableKind kind, String variant, int seeds, int formatVersion, long positions,
                        long fileBytes, Encoding encoding, int param, int blockSize,
                        int blocks, boolean dontCare, int symbols, int indexCrc, int bodyCrc) {
    /** The metadata of an open table. */
    public static TableInfo of(TableFile t) {
        TableHeader h = t.header();
        return new TableInfo(t.path(), h.kind(), h.variant(), h.seeds(), h.version(), h.positions(), h.fileLength(),
                h.encoding(), h.param(), h.blockSize(), h.blockCount(), h.dontCare(),
                h.symbolCount(), h.indexCrc(), h.bodyCrc());
    }

    /** File size in bits per position. */
    public double bitsPerPosition() {
        return positions == 0 ? 0 : fileBytes * 8.0 / positions;
    }

    /** A one-line summary. */
    @Override
    public String toString() {
        return String.format("%s: %s %s, %d seeds, format %d, %d positions, %d bytes, %.3f bits/position, %s/%d,"
                        + " %d blocks of %d%s", file, variant, kind.id(), seeds, formatVersion, positions, fileBytes,
                bitsPerPosition(), encoding.name().toLowerCase(java.util.Locale.ROOT), param, blocks, blockSize,
                dontCare ? ", don't-care entries" : "");
    }
}
