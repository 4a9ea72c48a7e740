package org.krou.probe;

import org.krou.index.PositionIndex;

/**
 * The value tables of a {@link Tablebase} as the don't-care resolution reads them. A single
 * probe's children are read as {@link org.krou.table.TableFile#symbolAt(long)} reads, only the
 * part of a block the position needs on a miss; a batch's with {@code wholeBlocks}, each block
 * missed decoded whole, since the batch goes on to read most of it.
 */
final class TableLayers implements DontCareResolver.Layers {
    private final Tablebase tb;
    private final boolean wholeBlocks;

    TableLayers(Tablebase tb, boolean wholeBlocks) {
        this.tb = tb;
        this.wholeBlocks = wholeBlocks;
    }

    @Override
    public int stored(int[] board, int seeds) {
        return tb.table(seeds).symbolAt(PositionIndex.rank(board), wholeBlocks);
    }

    @Override
    public boolean dontCare(int seeds) {
        return tb.table(seeds).dontCare();
    }
}
