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
 * included, stay in the layer and are only counted here. The legal-move filter of
 * {@link Rules#generate} is applied inline (feeding; under awari, moves that leave the opponent
 * seeds, unless none does) so that no child is copied.
 */
final class ExitPhase {
    private static final long CHUNK = 1 << 15;
    private static final int NO_EXIT = LayerState.NO_EXIT;

    private ExitPhase() {
    }

    /**
     * Fills {@code layer.exit} and the unresolved counters of {@code layer.state}.
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
        boolean awari = variant == Variant.AWARI;
        Parallel.forChunks(threads, layer.size, CHUNK, (worker, from, to) -> {
            int[] b = new int[12];
            int[] child = new int[12];
            PositionIndex.unrank(n, from, b);
            for (long i = from; i < to; i++) {
                boolean mustFeed = b[6] + b[7] + b[8] + b[9] + b[10] + b[11] == 0;
                int best = NO_EXIT;
                int same = 0;
                int bestKeeping = NO_EXIT; // awari: among moves that leave the opponent seeds
                int sameKeeping = 0;
                boolean any = false;
                for (int pit = 0; pit < 6; pit++) {
                    int s = b[pit];
                    if (s == 0 || (mustFeed && s < 6 - pit)) {
                        continue;
                    }
                    any = true;
                    int c = Rules.play(b, pit, variant, child);
                    boolean keeps = !awari || child[0] + child[1] + child[2] + child[3] + child[4] + child[5] > 0;
                    if (c == 0) {
                        same++;
                        if (keeps) {
                            sameKeeping++;
                        }
                    } else {
                        int v = c - solved[n - c].get(PositionIndex.rank(child));
                        best = Math.max(best, v);
                        if (keeps) {
                            bestKeeping = Math.max(bestKeeping, v);
                        }
                    }
                }
                if (!any) {
                    best = Rules.terminalValue(b);
                } else if (awari && (sameKeeping > 0 || bestKeeping != NO_EXIT)) {
                    best = bestKeeping;
                    same = sameKeeping;
                }
                if (dist != null) {
                    dist.set(i, (byte) (any ? DistancePhase.NONE : 0));
                }
                layer.exit.set(i, (byte) best);
                layer.state.set(i, (byte) (LayerState.UNRESOLVED + same));
                PositionIndex.next(b);
            }
            progress.advance(to - from);
        });
    }
}
