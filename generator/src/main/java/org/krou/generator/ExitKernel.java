package org.krou.generator;

import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The per-position kernel of {@link ExitPhase}: the best move that leaves the layer and the
 * number of moves that stay in it, with the legal-move filter of {@link Rules#generate} applied
 * inline (feeding; under awari, moves that leave the opponent seeds, unless none does) so that
 * no child is copied. One instance per thread; allocation-free.
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
    private final Variant variant;
    private final ByteBigArray[] solved;
    private final int[] child = new int[12];

    /** @param solved the values of the smaller layers, {@code solved[k]} for {@code k < n} */
    public ExitKernel(Variant variant, ByteBigArray[] solved) {
        this.variant = variant;
        this.awari = variant == Variant.AWARI;
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
            return Rules.terminalValue(b) << 16 | TERMINAL;
        }
        if (awari && (sameKeeping > 0 || bestKeeping != NO_EXIT)) {
            best = bestKeeping;
            same = sameKeeping;
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
