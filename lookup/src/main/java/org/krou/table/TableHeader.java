package org.krou.table;

/**
 * The parsed, validated header of a table file (see {@code docs/FORMAT.md}).
 *
 * @param version     format version
 * @param kind        what the symbols mean
 * @param variant     the rule set's id ({@link org.krou.rules.Variant#id()}), e.g. {@code "abapa"}
 * @param seeds       seeds on the board in every position of the table
 * @param positions   number of positions (entries)
 * @param encoding    how symbols become bytes
 * @param param       the encoding's parameter (the frequency precision of {@link Encoding#CONTEXT})
 * @param blockSize   positions per block (the last block may hold fewer)
 * @param blockCount  number of blocks
 * @param dontCare    true if some entries are "don't care": the reader must return
 *                    {@code max(stored, best exit)}
 * @param symbols     the symbol of each code, most frequent first
 * @param indexOffset file offset of the block index
 * @param fileLength  length of the whole file
 * @param indexCrc    CRC32C of the block index
 * @param bodyCrc     CRC32C of every byte after the header
 * @param modelLength length of the model section after the header (0 if none)
 * @param modelCrc    CRC32C of the model section
 */
public record TableHeader(int version, TableKind kind, String variant, int seeds, long positions,
                          Encoding encoding, int param, int blockSize, int blockCount,
                          boolean dontCare, byte[] symbols, long indexOffset, long fileLength, int indexCrc,
                          int bodyCrc, int modelLength, int modelCrc) {
    /** Copies the symbols. */
    public TableHeader {
        symbols = symbols.clone();
    }

    /** A copy of the symbol list: the symbol of code {@code i} is {@code symbols()[i]}. */
    @Override
    public byte[] symbols() {
        return symbols.clone();
    }

    /** Number of distinct symbols. */
    public int symbolCount() {
        return symbols.length;
    }

    /** Bytes of the header, {@value TableFormat#HEADER_LENGTH}. */
    public int headerLength() {
        return TableFormat.HEADER_LENGTH;
    }

    /** File offset of the first block: after the header and the model. */
    public long blocksOffset() {
        return headerLength() + (long) modelLength;
    }

    /** Number of positions in block {@code b}. */
    public int blockPositions(int b) {
        long start = (long) b * blockSize;
        return (int) Math.min(blockSize, positions - start);
    }

    /** The symbol of code {@code i} (no copy). */
    byte symbol(int i) {
        return symbols[i];
    }

    /** The symbol list itself, not copied: callers must not modify it. */
    byte[] symbolsShared() {
        return symbols;
    }
}
