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
 * included, stay in the layer and are only counted here.
 */
final class ExitPhase {
    private static final long CHUNK = 1 << 15;

    private ExitPhase() {
    }

    /**
     * Fills {@code layer.exit} and the unresolved counters of {@code layer.state}.
     *
     * @param solved values of the layers below, {@code solved[k]} for {@code k < layer.seeds}
     */
    static void run(LayerState layer, ByteBigArray[] solved, Variant variant, int threads, Progress progress) {
        int n = layer.seeds;
        Parallel.forChunks(threads, layer.size, CHUNK, (worker, from, to) -> {
            int[] b = new int[12];
            int[] children = new int[72];
            int[] captured = new int[6];
            int[] scratch = new int[12];
            int[] child = new int[12];
            PositionIndex.unrank(n, from, b);
            for (long i = from; i < to; i++) {
                int mask = Rules.generate(b, variant, children, captured, scratch);
                int best = NO_EXIT_INT;
                int same = 0;
                if (mask == 0) {
                    best = Rules.terminalValue(b);
                } else {
                    for (int pit = 0; pit < 6; pit++) {
                        if ((mask & (1 << pit)) == 0) {
                            continue;
                        }
                        int c = captured[pit];
                        if (c == 0) {
                            same++;
                            continue;
                        }
                        System.arraycopy(children, pit * 12, child, 0, 12);
                        int v = c - solved[n - c].get(PositionIndex.rank(child));
                        if (v > best) {
                            best = v;
                        }
                    }
                }
                layer.exit.set(i, (byte) best);
                layer.state.set(i, (byte) (LayerState.UNRESOLVED + same));
                PositionIndex.next(b);
            }
            progress.advance(to - from);
        });
    }

    private static final int NO_EXIT_INT = LayerState.NO_EXIT;
}
