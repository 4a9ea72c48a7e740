package org.krou.generator;

import org.krou.index.PositionIndex;
import org.krou.util.ByteBigArray;

/**
 * The working arrays of the layer being solved, one byte per position each.
 *
 * <p>{@code state}: a resolved position holds its value ({@code -n..n}); an unresolved one holds
 * {@code UNRESOLVED + c} where {@code c} (0..6) counts its same-layer moves whose child is not yet
 * known to be worth at least the current threshold. When the layer is done, every position left
 * unresolved is worth 0 and {@code state} becomes the layer's value array.
 *
 * <p>{@code exit}: the best value among the moves that leave the layer (captures), or the
 * value of a finished game; {@link #NO_EXIT} if there is none.
 */
final class LayerState {
    /** Base of the unresolved marks; above every value. */
    static final byte UNRESOLVED = 100;
    /** No capturing move and not a finished game. */
    static final byte NO_EXIT = Byte.MIN_VALUE;

    final int seeds;
    final long size;
    final ByteBigArray state;
    final ByteBigArray exit;

    LayerState(int seeds) {
        this.seeds = seeds;
        this.size = PositionIndex.size(seeds);
        this.state = new ByteBigArray(size);
        this.exit = new ByteBigArray(size);
    }

    static boolean unresolved(byte s) {
        return s >= UNRESOLVED;
    }
}
