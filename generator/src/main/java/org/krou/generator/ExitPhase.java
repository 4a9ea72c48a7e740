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
 * {@link ExitKernel}; the order of the positions is {@link ExitColumns}'.
 */
final class ExitPhase {
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
        ExitColumns columns = new ExitColumns(n);
        int workers = Math.max(1, threads);
        ExitKernel[] kernels = new ExitKernel[workers];
        for (int w = 0; w < workers; w++) {
            kernels[w] = new ExitKernel(variant, solved);
        }
        Parallel.forChunks(workers, columns.count(), 1, (worker, column, end) -> {
            int c = (int) column;
            ExitKernel kernel = kernels[worker];
            int[] results = new int[ExitKernel.BATCH];
            columns.visit(c, new int[12], new int[12], (b, first, rows) -> {
                for (int done = 0; done < rows; done += ExitKernel.BATCH) {
                    int m = Math.min(ExitKernel.BATCH, rows - done);
                    kernel.evaluateRun(b, n, m, results);
                    for (int j = 0; j < m; j++) {
                        long i = first + done + j;
                        int r = results[j];
                        if (dist != null) {
                            dist.set(i, (byte) (ExitKernel.terminal(r) ? 0 : DistancePhase.NONE));
                        }
                        layer.state.set(i, layer.codes.initial(ExitKernel.same(r), ExitKernel.best(r)));
                    }
                }
            });
            progress.advance(columns.size(c));
        });
    }
}
