package org.krou.generator;

import org.krou.generator.table.ExitSource;
import org.krou.index.PositionIndex;
import org.krou.util.ByteBigArray;

/**
 * The working state of the layer being solved: one byte per position ({@code state}) and one bit
 * per position ({@code dontCare}), 9 bits in all.
 *
 * <p>{@code state}: a resolved position holds its value ({@code -n..n}), an unresolved one a code
 * of {@link StateCodes} keeping its counter and what resolution needs of its best exit. When the
 * layer is done, every position left unresolved is worth 0 and {@code state} becomes the layer's
 * value array.
 *
 * <p>{@code dontCare}: the positions whose value equals their best exit (the table's don't-care
 * entries). Set when a {@code pos(t)} or {@code zero(-t)} code is resolved to {@code ±t}, when a
 * counter reaching 0 resolves to {@code -t} with an exit of exactly {@code -t}, and for positions
 * left unresolved (worth 0) with an exit of 0: these are all the positions worth their exit, as
 * a {@code pos(e)} code is only resolved at level {@code e} or above, and a negative exit is at
 * most the value. {@link #exits()} gives the table writer these exits and {@link #NO_EXIT} for
 * the others, which writes the same bytes as the whole exits would.
 */
final class LayerState {
    /** No capturing move and not a finished game. */
    static final byte NO_EXIT = StateCodes.NO_EXIT;

    final int seeds;
    final long size;
    /** {@code state}, updated by compare-and-set where threads race for a position. */
    final AtomicBytes atomicState;
    final ByteBigArray state;
    final DontCareBits dontCare;
    final StateCodes codes;

    /** The working state of layer {@code seeds}, keeping as many exact exits as fit. */
    LayerState(int seeds) {
        this(seeds, Integer.MAX_VALUE);
    }

    /** @param maxKept as {@link StateCodes#StateCodes(int, int)} */
    LayerState(int seeds, int maxKept) {
        this.seeds = seeds;
        this.codes = new StateCodes(seeds, maxKept);
        this.size = PositionIndex.size(seeds);
        this.atomicState = new AtomicBytes(size);
        this.state = atomicState.bytes();
        this.dontCare = new DontCareBits(size);
    }

    /** True for the codes of unresolved positions. */
    static boolean unresolved(byte s) {
        return StateCodes.unresolved(s);
    }

    /**
     * The best exits for the table writer: the value of each position marked don't-care,
     * {@link #NO_EXIT} for the others. Valid once the layer is solved.
     */
    ExitSource exits() {
        return new ExitSource() {
            @Override
            public long length() {
                return size;
            }

            @Override
            public void copyTo(long first, byte[] dst, int off, int len) {
                state.copyTo(first, dst, off, len);
                dontCare.fillClear(first, dst, off, len, NO_EXIT);
            }
        };
    }
}
