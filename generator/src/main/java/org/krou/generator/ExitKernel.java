package org.krou.generator;

import org.krou.index.PositionIndex;
import org.krou.rules.Moves;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The per-position kernel of {@link ExitPhase}: the best move that leaves the layer and the
 * number of moves that stay in it. The legal moves and their captures are those of
 * {@link Moves#classify}, which sows only the moves that may capture: the others are counted
 * without being sown. A capture-give grand slam is worth {@link Rules#fixedValue}. One instance
 * per thread; allocation-free.
 *
 * <pre>{@code
 * ExitKernel k = new ExitKernel(Variant.ABAPA, solved);
 * int r = k.evaluate(board, n);
 * int best = ExitKernel.best(r), same = ExitKernel.same(r);
 *
 * // the captured children looked up by the caller (a cluster member asks their owners)
 * ExitKernel own = new ExitKernel(Variant.ABAPA, null, 4096);
 * own.gather(board, n, 0);
 * for (int i = 0; i < own.looks(); i++) {
 *     own.answer(i, valueOf(n - own.lookCaptured(i), own.lookRank(i)));
 * }
 * own.clearLooks();
 * int r0 = own.result(0);
 * }</pre>
 */
public final class ExitKernel {
    /** The best exit of a position with no capturing move that is not a finished game. */
    public static final int NO_EXIT = LayerState.NO_EXIT;
    private static final int TERMINAL = 0x100;

    private final Variant variant;
    private final ByteBigArray[] solved;
    /** The children and captures of {@link Moves#classify}. */
    private final int[] children = new int[72];
    private final int[] captured = new int[6];

    /** Positions evaluated together by {@link #evaluateRun}, so that their look-ups' cache misses overlap. */
    public static final int BATCH = 32;
    /** Per position of a run: its best exit (so far), and its same-layer count or a finished game's flag. */
    private final int[] best;
    private final int[] same;
    /** The captures to look up: rank of the child, seeds captured, position of the run. */
    private final long[] lookRank;
    private final int[] lookCaptured;
    private final int[] lookSlot;
    private int looks;

    /** @param solved the values of the smaller layers, {@code solved[k]} for {@code k < n} */
    public ExitKernel(Variant variant, ByteBigArray[] solved) {
        this(variant, solved, BATCH);
    }

    /**
     * A kernel for runs of up to {@code capacity} positions whose captured children the caller
     * looks up ({@link #gather}, {@link #answer}, {@link #result}), for example from other
     * members of a cluster; {@code solved} may then be null.
     */
    public ExitKernel(Variant variant, ByteBigArray[] solved, int capacity) {
        best = new int[capacity];
        same = new int[capacity];
        lookRank = new long[capacity * 6];
        lookCaptured = new int[capacity * 6];
        lookSlot = new int[capacity * 6];
        this.variant = variant;
        this.solved = solved;
    }

    /**
     * Evaluates a mover-relative board of {@code n} seeds.
     *
     * @return the result, read with {@link #best(int)}, {@link #same(int)} and {@link #terminal(int)}
     */
    public int evaluate(int[] b, int n) {
        gather(b, n, 0);
        lookUp(n);
        return result(0);
    }

    /**
     * Evaluates {@code count} (at most {@link #BATCH}) boards of consecutive ranks, the first
     * {@code b}, into {@code out[0..count)}, stepping {@code b} with {@link PositionIndex#next}
     * after each (so that it ends on the board after the last, if there is one). The look-ups
     * of the whole run are made together.
     */
    public void evaluateRun(int[] b, int n, int count, int[] out) {
        for (int k = 0; k < count; k++) {
            gather(b, n, k);
            PositionIndex.next(b);
        }
        lookUp(n);
        for (int k = 0; k < count; k++) {
            out[k] = result(k);
        }
    }

    /**
     * Classifies the moves of board {@code b} of {@code n} seeds as position {@code slot} of
     * the run; the captures whose child must be looked up are queued ({@link #looks}).
     */
    public void gather(int[] b, int n, int slot) {
        int moves = Moves.classify(b, variant, children, captured);
        int legal = Moves.legal(moves);
        if (legal == 0) {
            best[slot] = Rules.terminalValue(b, variant);
            same[slot] = TERMINAL;
            return;
        }
        int takes = Moves.captures(moves);
        int bestExit = NO_EXIT;
        for (int rest = takes; rest != 0; rest &= rest - 1) {
            int pit = Integer.numberOfTrailingZeros(rest);
            int at = pit * Rules.PITS;
            int c = captured[pit];
            int fixed = Rules.fixedValue(c, children, at, variant);
            if (fixed == Rules.LOOK_UP) {
                lookRank[looks] = PositionIndex.rank(children, at);
                lookCaptured[looks] = c;
                lookSlot[looks++] = slot;
            } else {
                bestExit = Math.max(bestExit, fixed);
            }
        }
        best[slot] = bestExit;
        same[slot] = Integer.bitCount(legal & ~takes);
    }

    /** Reads the queued captures' children (their cache misses overlap) into the best exits. */
    private void lookUp(int n) {
        for (int k = 0; k < looks; k++) {
            answer(k, solved[n - lookCaptured[k]].get(lookRank[k]));
        }
        looks = 0;
    }

    /** The captures queued by {@link #gather} since the last {@link #clearLooks}. */
    public int looks() {
        return looks;
    }

    /** The rank of the child of queued capture {@code k}, in the layer of {@code n - }{@link #lookCaptured}. */
    public long lookRank(int k) {
        return lookRank[k];
    }

    /** The seeds queued capture {@code k} takes. */
    public int lookCaptured(int k) {
        return lookCaptured[k];
    }

    /** Queued capture {@code k}'s child is worth {@code child} (to its mover): the capture is worth the seeds taken less that. */
    public void answer(int k, int child) {
        int slot = lookSlot[k];
        best[slot] = Math.max(best[slot], lookCaptured[k] - child);
    }

    /** Empties the queue of captures, once each is answered. */
    public void clearLooks() {
        looks = 0;
    }

    /**
     * The result of position {@code slot} of the run, once its queued captures are answered:
     * read it with {@link #best(int)}, {@link #same(int)} and {@link #terminal(int)}.
     */
    public int result(int slot) {
        return best[slot] << 16 | same[slot];
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
