package org.krou.generator;

import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The per-position kernel of {@link ExitPhase}: the best move that leaves the layer and the
 * number of moves that stay in it, with the legal-move filter of {@link Rules#generate} applied
 * inline (feeding and {@code no-feed=play-on}; under {@code grand-slam=forbid}, moves that are
 * no grand slam, and under awari, moves that leave the opponent seeds, unless none is) so that
 * no child is copied. A capture-give grand slam is worth {@link Rules#fixedValue}. One instance per thread; allocation-free.
 *
 * <pre>{@code
 * ExitKernel k = new ExitKernel(Variant.ABAPA, solved);
 * int r = k.evaluate(board, n);
 * int best = ExitKernel.best(r), same = ExitKernel.same(r);
 * }</pre>
 */
public final class ExitKernel {
    /** The best exit of a position with no capturing move that is not a finished game. */
    public static final int NO_EXIT = LayerState.NO_EXIT;
    private static final int TERMINAL = 0x100;

    private final boolean awari;
    private final boolean forbid;
    private final boolean playOn;
    private final Variant variant;
    private final ByteBigArray[] solved;
    private final int[] child = new int[12];

    /** @param solved the values of the smaller layers, {@code solved[k]} for {@code k < n} */
    public ExitKernel(Variant variant, ByteBigArray[] solved) {
        this.variant = variant;
        this.awari = variant.isAwari();
        this.forbid = variant.grandSlam() == Variant.GrandSlam.FORBID;
        this.playOn = variant.noFeed() == Variant.NoFeed.PLAY_ON;
        this.solved = solved;
    }

    /**
     * Evaluates a mover-relative board of {@code n} seeds.
     *
     * @return the result, read with {@link #best(int)}, {@link #same(int)} and {@link #terminal(int)}
     */
    public int evaluate(int[] b, int n) {
        boolean mustFeed = b[6] + b[7] + b[8] + b[9] + b[10] + b[11] == 0;
        int best = NO_EXIT;
        int same = 0;
        // the moves the variant prefers when it has any: under awari those that leave the
        // opponent seeds, under grand-slam=forbid those that are no grand slam
        int bestKeeping = NO_EXIT;
        int sameKeeping = 0;
        boolean any = false;
        boolean anyKeeping = false;
        int starving = 0; // non-empty pits that cannot feed an empty opponent row
        for (int pit = 0; pit < 6; pit++) {
            int s = b[pit];
            if (s == 0) {
                continue;
            }
            if (mustFeed && s < 6 - pit) {
                starving++;
                continue;
            }
            any = true;
            int code = Rules.playMove(b, pit, variant, child);
            int c = Rules.captured(code);
            boolean keeps = awari ? child[0] + child[1] + child[2] + child[3] + child[4] + child[5] > 0
                    : !forbid || !Rules.grandSlam(code);
            anyKeeping |= keeps;
            if (c == 0) {
                same++;
                if (keeps) {
                    sameKeeping++;
                }
            } else {
                int fixed = Rules.fixedValue(c, child, variant);
                int v = fixed != Rules.LOOK_UP ? fixed : c - solved[n - c].get(PositionIndex.rank(child));
                best = Math.max(best, v);
                if (keeps) {
                    bestKeeping = Math.max(bestKeeping, v);
                }
            }
        }
        if (!any) {
            if (playOn && starving > 0) {
                return NO_EXIT << 16 | starving; // quiet moves to boards whose mover has no seeds
            }
            return Rules.terminalValue(b, variant) << 16 | TERMINAL;
        }
        if (awari) {
            // every move leaves the opponent's row empty: the pits that do not feed are legal too
            return anyKeeping ? bestKeeping << 16 | sameKeeping : best << 16 | (same + starving);
        }
        if (forbid && anyKeeping) {
            return bestKeeping << 16 | sameKeeping;
        }
        return best << 16 | same;
    }

    /** The best exit value of a result, or {@link #NO_EXIT}; the rule value of a finished game. */
    public static int best(int result) {
        return result >> 16;
    }

    /** The number of legal moves that stay in the layer. */
    public static int same(int result) {
        return result & 0xFF;
    }

    /** True if the board has no legal move (the game is over). */
    public static boolean terminal(int result) {
        return (result & TERMINAL) != 0;
    }
}
