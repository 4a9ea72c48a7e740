package org.krou.generator;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The levels whose seeds each column of a layer ({@link ExitColumns}) may hold, so that the
 * resolve phase visits at each level only the columns that hold seeds of it: a column's runs are
 * a cache line each, scattered over the layer, and visiting every column at each of the
 * {@code n} levels would miss the caches once a run and level.
 *
 * <p>Bit {@code t} of a column's mask is set if the column held a seed of level {@code t}
 * ({@link StateCodes#seedLevel}) when the phase started, or got one since: a counter that reaches
 * zero above the level of its exit makes a {@code zero(e)} code, a seed of a later level
 * {@code -e}, marked then ({@link #mark}). A set bit may be stale (its seeds resolved earlier by
 * another move): the column is then visited for nothing. Levels run one after another, so every
 * mark of a level is made before it starts.
 */
final class SeedMask {
    private static final VarHandle MASKS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] masks;

    /** The masks of {@code columns}' columns, from the codes of {@code layer} after the exit phase. */
    SeedMask(LayerState layer, ExitColumns columns, int threads) {
        masks = new long[columns.count()];
        Parallel.forChunks(threads, columns.count(), 1, (worker, column, end) -> {
            int c = (int) column;
            long[] mask = {0};
            columns.visit(c, new int[12], new int[12], (b, first, count) -> {
                for (long i = first; i < first + count; i++) {
                    mask[0] |= 1L << layer.codes.seedLevel(layer.state.get(i));
                }
            });
            masks[c] = mask[0] & ~1L; // bit 0: no seed
        });
    }

    /** True if column {@code c} may hold a seed of level {@code t}. */
    boolean has(int c, int t) {
        return (masks[c] & 1L << t) != 0;
    }

    /** Column {@code c} holds a seed of level {@code t} (safe against other threads marking). */
    void mark(int c, int t) {
        long bit = 1L << t;
        if (((long) MASKS.getOpaque(masks, c) & bit) == 0) {
            MASKS.getAndBitwiseOr(masks, c, bit);
        }
    }
}
