package org.krou.generator;

import org.krou.index.PositionIndex;
import org.krou.rules.CaptureFilter;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The per-position kernel of {@link ExitPhase}: the best move that leaves the layer and the
 * number of moves that stay in it, with the legal-move filter of {@link Rules#generate} applied
 * inline (feeding and {@code no-feed=play-on}; under {@code grand-slam=forbid}, moves that are
 * no grand slam, and under awari, moves that leave the opponent seeds, unless none is) so that
 * no child is copied. A move whose last seed makes no 2 or 3 on the opponent's side
 * ({@link CaptureFilter#endsOnTwoOrThree}) captures nothing under any rule set: it is counted without
 * being sown. A capture-give
 * grand slam is worth {@link Rules#fixedValue}. One instance per thread; allocation-free.
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

    private final boolean awari;
    private final boolean forbid;
    private final boolean playOn;
    private final Variant variant;
    private final ByteBigArray[] solved;
    private final int[] child = new int[12];

    /** Positions evaluated together by {@link #evaluateRun}, so that their look-ups' cache misses overlap. */
    public static final int BATCH = 32;
    /** Per position of a run: best exit, best exit of the preferred moves, their same-layer counts, the final result. */
    private final int[] best;
    private final int[] bestKeeping;
    private final int[] same;
    private final int[] sameKeeping;
    private final int[] starving;
    private final boolean[] anyKeeping;
    /** The result of a position decided without look-ups (a finished game), else -1 (no result: its low 16 bits are never all set). */
    private final int[] decided;
    /** The captures to look up: rank of the child, seeds captured, position of the run, a preferred move. */
    private final long[] lookRank;
    private final int[] lookCaptured;
    private final int[] lookSlot;
    private final boolean[] lookKeeps;
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
        bestKeeping = new int[capacity];
        same = new int[capacity];
        sameKeeping = new int[capacity];
        starving = new int[capacity];
        anyKeeping = new boolean[capacity];
        decided = new int[capacity];
        lookRank = new long[capacity * 6];
        lookCaptured = new int[capacity * 6];
        lookSlot = new int[capacity * 6];
        lookKeeps = new boolean[capacity * 6];
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
     * Plays every legal move of board {@code b} of {@code n} seeds as position {@code slot} of
     * the run; the captures whose child must be looked up are queued ({@link #looks}).
     */
    public void gather(int[] b, int n, int slot) {
        int opponentSeeds = b[6] + b[7] + b[8] + b[9] + b[10] + b[11];
        boolean mustFeed = opponentSeeds == 0;
        int bestExit = NO_EXIT;
        int sameCount = 0;
        // the moves the variant prefers when it has any: under awari those that leave the
        // opponent seeds, under grand-slam=forbid those that are no grand slam
        int bestKept = NO_EXIT;
        int sameKept = 0;
        boolean any = false;
        boolean anyKept = false;
        int starved = 0; // non-empty pits that cannot feed an empty opponent row
        for (int pit = 0; pit < 6; pit++) {
            int s = b[pit];
            if (s == 0) {
                continue;
            }
            if (mustFeed && s < 6 - pit) {
                starved++;
                continue;
            }
            any = true;
            if (!CaptureFilter.endsOnTwoOrThree(b, pit)) {
                // the last seed does not make a 2 or 3 on the opponent's side: a quiet move under
                // every rule set, known without sowing; it leaves the opponent seeds if they had
                // some or it reached their row
                sameCount++;
                boolean keeps = !awari || opponentSeeds > 0 || pit + s >= 6;
                anyKept |= keeps;
                if (keeps) {
                    sameKept++;
                }
                continue;
            }
            int code = Rules.playMove(b, pit, variant, child);
            int c = Rules.captured(code);
            boolean keeps = awari ? child[0] + child[1] + child[2] + child[3] + child[4] + child[5] > 0
                    : !forbid || !Rules.grandSlam(code);
            anyKept |= keeps;
            if (c == 0) {
                sameCount++;
                if (keeps) {
                    sameKept++;
                }
                continue;
            }
            int fixed = Rules.fixedValue(c, child, variant);
            if (fixed == Rules.LOOK_UP) {
                lookRank[looks] = PositionIndex.rank(child);
                lookCaptured[looks] = c;
                lookSlot[looks] = slot;
                lookKeeps[looks++] = keeps;
                continue;
            }
            bestExit = Math.max(bestExit, fixed);
            if (keeps) {
                bestKept = Math.max(bestKept, fixed);
            }
        }
        best[slot] = bestExit;
        bestKeeping[slot] = bestKept;
        same[slot] = sameCount;
        sameKeeping[slot] = sameKept;
        starving[slot] = starved;
        anyKeeping[slot] = anyKept;
        if (any) {
            decided[slot] = -1;
        } else if (playOn && starved > 0) {
            decided[slot] = NO_EXIT << 16 | starved; // quiet moves to boards whose mover has no seeds
        } else {
            decided[slot] = Rules.terminalValue(b, variant) << 16 | TERMINAL;
        }
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
        int v = lookCaptured[k] - child;
        best[slot] = Math.max(best[slot], v);
        if (lookKeeps[k]) {
            bestKeeping[slot] = Math.max(bestKeeping[slot], v);
        }
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
        if (decided[slot] != -1) {
            return decided[slot];
        }
        if (awari) {
            // every move leaves the opponent's row empty: the pits that do not feed are legal too
            return anyKeeping[slot] ? bestKeeping[slot] << 16 | sameKeeping[slot]
                    : best[slot] << 16 | (same[slot] + starving[slot]);
        }
        if (forbid && anyKeeping[slot]) {
            return bestKeeping[slot] << 16 | sameKeeping[slot];
        }
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
