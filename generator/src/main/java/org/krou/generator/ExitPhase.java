package org.krou.generator;

import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Phase 1 of a layer: for every position, the best move that leaves the layer and the number of
 * moves that stay in it.
 *
 * <p>A capture of {@code c} seeds leads to a child in layer {@code n - c}, already solved: the move
 * is worth {@code c - value(child)}. A finished game (no legal move) is worth
 * {@link Rules#terminalValue(int[])} and has no moves. Non-capturing moves, cancelled grand slams
 * included, stay in the layer and are only counted here. The per-position work is
 * {@link ExitKernel}.
 */
final class ExitPhase {
    private static final long CHUNK = 1 << 15;

    private ExitPhase() {
    }

    /**
     * Sets every position of {@code layer.state} to its code before resolution
     * ({@link LayerState#initial}: its best exit and the count of its same-layer moves).
     *
     * @param solved values of the layers below, {@code solved[k]} for {@code k < layer.seeds}
     */
    static void run(LayerState layer, ByteBigArray[] solved, Variant variant, int threads, Progress progress) {
        run(layer, solved, null, variant, threads, progress);
    }

    /**
     * As {@link #run(LayerState, ByteBigArray[], Variant, int, Progress)}, also setting
     * {@code dist} (if not null) to 0 for finished games and {@link DistancePhase#NONE} elsewhere.
     */
    static void run(LayerState layer, ByteBigArray[] solved, ByteBigArray dist, Variant variant, int threads,
                    Progress progress) {
        int n = layer.seeds;
        Parallel.forChunks(threads, layer.size, CHUNK, (worker, from, to) -> {
            int[] b = new int[12];
            int[] results = new int[ExitKernel.BATCH];
            ExitKernel kernel = new ExitKernel(variant, solved);
            PositionIndex.unrank(n, from, b);
            for (long i = from; i < to; i += ExitKernel.BATCH) {
                int m = (int) Math.min(ExitKernel.BATCH, to - i);
                kernel.evaluateRun(b, n, m, results);
                for (int k = 0; k < m; k++) {
                    int r = results[k];
                    if (dist != null) {
                        dist.set(i + k, (byte) (ExitKernel.terminal(r) ? 0 : DistancePhase.NONE));
                    }
                    layer.state.set(i + k, layer.codes.initial(ExitKernel.same(r), ExitKernel.best(r)));
                }
            }
            progress.advance(to - from);
        });
    }
}
