package org.krou.generator;

import java.util.function.LongConsumer;
import org.krou.index.PositionIndex;
import org.krou.util.ByteBigArray;

/**
 * The codes of unresolved positions in the state byte of {@link LayerState}, for one layer of
 * {@code n} seeds. A resolved position holds its value ({@code -n..n}); an unresolved one holds a
 * byte outside {@code -MAX_VALUE..MAX_VALUE} that keeps what resolution needs of its best exit
 * and of its counter {@code c}, the number of its same-layer moves whose child is not yet known
 * to be worth at least the current threshold:
 * <ul>
 *   <li>{@link #pos pos(e)}, an exit {@code e > 0}: the position is worth at least {@code e}, so
 *       it never becomes negative and its counter is not kept; it is seeded at level {@code e}.</li>
 *   <li>{@link #zero zero(e)}, {@code c = 0} and an exit {@code e} in {@code -n..0}: every
 *       same-layer move is bad; seeded at level {@code -e} (worth 0 if {@code e = 0}).</li>
 *   <li>{@code c} in 1..6 and an exit class: no exit, an exact exit in {@code -k..0}, or an exit
 *       below {@code -k} not kept ({@link #UNKNOWN}). {@code k} is as large as the byte leaves
 *       room for (13 at 30 seeds, 12 at 34, 7 at 48), at most {@code n}.</li>
 * </ul>
 * Resolution compares the best exit only with the threshold: the seeds of level {@code t} are
 * exactly the {@code pos(t)} and {@code zero(-t)} codes, and a counter reaching 0 at level
 * {@code t} resolves to {@code -t} if the exit is at most {@code -t}, else becomes
 * {@code zero(e)}. An exit not kept is needed only when the counter reaches 0 at a level
 * {@code t > k}: at {@code t <= k} an exit below {@code -k} is at most {@code -t} and not
 * {@code -t}; above, it is recomputed ({@link ExitKernel}, look-ups of captured children in the
 * layers below, which may be mapped from disk). Decoding is a look-up in tables of 256 entries.
 *
 * <pre>{@code
 * StateCodes codes = new StateCodes(20);
 * byte s = codes.initial(3, -2);   // 3 same-layer moves, best exit -2
 * codes.counter(s);                // 3
 * codes.exit(codes.lowered(s));    // -2
 * }</pre>
 */
public final class StateCodes {
    /** The largest value of any layer; codes lie outside {@code -MAX_VALUE..MAX_VALUE}. */
    public static final int MAX_VALUE = PositionIndex.MAX_SEEDS;
    /** No capturing move and not a finished game; at most {@code -t} for every threshold. */
    public static final byte NO_EXIT = Byte.MIN_VALUE;
    /** {@link #exit} of a code whose exit is below {@code -k}: recompute it. */
    public static final int UNKNOWN = Integer.MAX_VALUE;
    /** The most same-layer moves a position has. */
    static final int MAX_COUNT = 6;
    private static final int POS_BASE = MAX_VALUE;
    private static final int ZERO_BASE = -MAX_VALUE - 1;

    /** Seeds of the layer. */
    final int seeds;
    /** Exact negative exits kept with a counter: {@code -kept..-1} (and 0). */
    final int kept;
    private final int classes;
    private final byte[] countCodes;
    private final byte[] counterOf = new byte[256];
    private final int[] exitOf = new int[256];
    private final byte[] loweredOf = new byte[256];

    /** The codes of layer {@code seeds}, keeping as many exact exits as fit. */
    public StateCodes(int seeds) {
        this(seeds, Integer.MAX_VALUE);
    }

    /**
     * @param maxKept the most exact negative exits to keep with a counter (at least 0); smaller
     *                values make more exits recomputed (for tests)
     */
    StateCodes(int seeds, int maxKept) {
        if (seeds < 0 || seeds > MAX_VALUE || maxKept < 0) {
            throw new IllegalArgumentException("layer " + seeds + ", kept exits " + maxKept);
        }
        this.seeds = seeds;
        int free = 2 * (127 - MAX_VALUE - seeds); // bytes left beside the values, pos and zero codes
        this.kept = Math.min(Math.min(maxKept, seeds), free / MAX_COUNT - 3);
        this.classes = kept + 3;
        this.countCodes = new byte[MAX_COUNT * classes];
        java.util.Arrays.fill(counterOf, (byte) -2);
        for (int e = 1; e <= seeds; e++) {
            define(pos(e), -1, e, (byte) 0);
        }
        for (int e = -seeds; e <= 0; e++) {
            define(zero(e), 0, e, (byte) 0);
        }
        int next = POS_BASE + seeds + 1; // up to 127, then on from -128 to below zero(-seeds)
        for (int c = 1; c <= MAX_COUNT; c++) {
            for (int x = 0; x < classes; x++) {
                byte code = (byte) next++;
                countCodes[(c - 1) * classes + x] = code;
                int e = x == 0 ? NO_EXIT : x == 1 ? UNKNOWN : 2 - x;
                define(code, c, e, c == 1 ? 0 : countCodes[(c - 2) * classes + x]);
            }
        }
        if (next > 128 && (byte) (next - 1) >= zero(-seeds)) {
            throw new IllegalStateException("codes overlap in layer " + seeds);
        }
    }

    private void define(byte code, int counter, int exit, byte lowered) {
        counterOf[code & 0xFF] = (byte) counter;
        exitOf[code & 0xFF] = exit;
        loweredOf[code & 0xFF] = lowered;
    }

    /** True for the codes of unresolved positions. */
    public static boolean unresolved(byte s) {
        return s > MAX_VALUE || s < -MAX_VALUE;
    }

    /** The code of an unresolved position with best exit {@code e > 0}. */
    public static byte pos(int e) {
        return (byte) (POS_BASE + e);
    }

    /** The code of an unresolved position with no same-layer move left and best exit {@code e <= 0}. */
    public static byte zero(int e) {
        return (byte) (ZERO_BASE + e);
    }

    /**
     * The code of a position before resolution, from {@link ExitKernel}'s result: {@code same}
     * same-layer moves and best exit {@code exit} ({@link #NO_EXIT} if none).
     */
    public byte initial(int same, int exit) {
        if (exit > 0) {
            return pos(exit);
        }
        if (same == 0) {
            if (exit < -seeds) {
                throw new IllegalStateException("a position of layer " + seeds + " with no move and no value");
            }
            return zero(exit);
        }
        int x = exit == NO_EXIT ? 0 : exit < -kept ? 1 : 2 - exit;
        return countCodes[(same - 1) * classes + x];
    }

    /**
     * The counter of a code: -1 for {@link #pos} codes (not kept), 0 for {@link #zero} codes,
     * 1..6 otherwise.
     */
    public int counter(byte s) {
        return counterOf[s & 0xFF];
    }

    /** The best exit a code keeps: exact, {@link #NO_EXIT}, or {@link #UNKNOWN}. */
    public int exit(byte s) {
        return exitOf[s & 0xFF];
    }

    /**
     * Ends the resolution of {@code state[from, to)} after level 1: a position still unresolved
     * is worth 0 (endless play), and worth its best exit, a don't-care entry, if that exit is 0;
     * {@code dontCare} receives each such position.
     */
    public void settleUnresolved(ByteBigArray state, long from, long to, LongConsumer dontCare) {
        for (long i = from; i < to; i++) {
            byte s = state.get(i);
            if (unresolved(s)) {
                if (exit(s) == 0) {
                    dontCare.accept(i);
                }
                state.set(i, (byte) 0);
            }
        }
    }

    /** A transition ({@link #claimWin}, {@link #lowerCounter}) that changes nothing: the position is resolved, or its exit is positive. */
    public static final int UNCHANGED = -1;
    /** {@link #lowerCounter}: the code does not keep the position's best exit and it is needed; call again with it. */
    public static final int NEED_EXIT = -2;
    /** Flag of a transition: it resolves the position (its predecessors are to be expanded). */
    public static final int RESOLVED = 1 << 8;
    /** Flag of a transition: the position is worth its best exit (a don't-care entry of the table). */
    public static final int EXACT = 1 << 9;

    /**
     * The transition of an unresolved position when one of its same-layer moves reaches a child
     * worth {@code -t} (at level {@code t}): it is worth {@code +t}. The one statement of this
     * rule for every resolver (single machine, distances, cluster), which apply it with a
     * compare-and-set of the new code (the low byte of the result) against {@code s}.
     *
     * @return {@link #UNCHANGED} if {@code s} is resolved; else the code {@code t} with
     *         {@link #RESOLVED}, and {@link #EXACT} if its best exit is {@code t} too
     */
    public static int claimWin(byte s, int t) {
        if (!unresolved(s)) {
            return UNCHANGED;
        }
        return (t & 0xFF) | RESOLVED | (s == pos(t) ? EXACT : 0);
    }

    /**
     * The transition of an unresolved position with code {@code s} when one more of its
     * same-layer moves reaches a child worth at least {@code t}: its counter drops; when it
     * reaches zero the position is worth {@code -t} if its best exit is at most {@code -t}
     * (every move is then bad), else it waits for the level of its exit ({@link #zero}).
     *
     * <pre>{@code
     * int x = codes.lowerCounter(s, t, StateCodes.UNKNOWN, q);
     * if (x == StateCodes.NEED_EXIT) x = codes.lowerCounter(s, t, bestExitOf(q), q);
     * if (x >= 0 && state.compareAndSet(q, s, (byte) x) && (x & StateCodes.RESOLVED) != 0) expand(q);
     * }</pre>
     *
     * @param exit the position's best exit if the caller has it, else {@link #UNKNOWN}
     * @param rank the position's rank, for the message of a counter underflow
     * @return {@link #UNCHANGED}, {@link #NEED_EXIT}, or the new code in the low byte, with
     *         {@link #RESOLVED} if it is {@code -t}, and {@link #EXACT} if its best exit is {@code -t}
     * @throws IllegalStateException if the counter is already zero: the predecessors and the
     *         moves counted disagree (a bug, never a property of the input)
     */
    public int lowerCounter(byte s, int t, int exit, long rank) {
        if (!unresolved(s)) {
            return UNCHANGED;
        }
        int c = counterOf[s & 0xFF];
        if (c < 0) {
            return UNCHANGED; // a positive exit: never negative, its counter is not kept
        }
        if (c == 0) {
            throw new IllegalStateException("counter underflow at position " + rank + " of layer " + seeds
                    + ": predecessor and move counts disagree");
        }
        if (c > 1) {
            return loweredOf[s & 0xFF] & 0xFF;
        }
        int e = exitOf[s & 0xFF];
        if (e == UNKNOWN) {
            if (t <= kept) {
                // an exit not kept is below -kept: at most -t and not -t, all this level asks
                return (-t & 0xFF) | RESOLVED;
            }
            if (exit == UNKNOWN) {
                return NEED_EXIT;
            }
            e = exit;
        }
        if (e <= -t) {
            return (-t & 0xFF) | RESOLVED | (e == -t ? EXACT : 0);
        }
        return zero(e) & 0xFF;
    }

    /** The code with one less counted move, for a counter of 2 or more. */
    public byte lowered(byte s) {
        return loweredOf[s & 0xFF];
    }
}
