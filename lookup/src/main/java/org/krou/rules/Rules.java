package org.krou.rules;

/**
 * The move kernel: sowing, captures, grand slam, feeding and game end on mover-relative boards.
 *
 * <p>A board is an {@code int[12]}: {@code b[0..5]} are the mover's pits in sowing order,
 * {@code b[6..11]} the opponent's, in sowing order (see {@code docs/RULES.md}). A pit is named
 * by its index {@code 0..5} in the mover's row. Nothing here allocates; callers pass scratch
 * arrays. Children are written <em>rotated</em>, that is in the mover-relative form of the side
 * that moves next, so that they can be ranked directly.
 *
 * <pre>{@code
 * int[] b = {0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0};
 * int[] child = new int[12];
 * int captured = Rules.play(b, 5, Variant.ABAPA, child);  // 2: f takes A (B keeps its seed)
 * }</pre>
 */
public final class Rules {
    /** Pits on the board. */
    public static final int PITS = 12;
    /** Pits in one row. */
    public static final int ROW = 6;

    private Rules() {
    }

    /** Sum of all pits. */
    public static int seeds(int[] b) {
        int n = 0;
        for (int i = 0; i < PITS; i++) {
            n += b[i];
        }
        return n;
    }

    /** Seeds in the mover's row {@code b[0..5]}. */
    public static int moverSeeds(int[] b) {
        return b[0] + b[1] + b[2] + b[3] + b[4] + b[5];
    }

    /** Seeds in the opponent's row {@code b[6..11]}. */
    public static int opponentSeeds(int[] b) {
        return b[6] + b[7] + b[8] + b[9] + b[10] + b[11];
    }

    /**
     * True if {@code b} certainly has a legal move and no move of it captures: both sides have
     * seeds (so every non-empty pit of the mover may be played, in every variant) and no pit's
     * last seed lands in the opponent's row on a pit then holding 2 or 3, which every capture
     * needs. False means "perhaps": {@link #generate} tells. A sowing of {@code s} seeds from pit
     * {@code i} gives each of the other 11 pits {@code s / 11} seeds and the first {@code s % 11}
     * after the origin one more, so its last seed lands {@code s % 11} pits on (11 if that is 0).
     * It reads the board only: the filter the resolution of don't-care entries runs before it
     * generates moves.
     */
    public static boolean noCapture(int[] b) {
        if (moverSeeds(b) == 0 || opponentSeeds(b) == 0) {
            return false;
        }
        for (int i = 0; i < ROW; i++) {
            int s = b[i];
            if (s == 0) {
                continue;
            }
            int q = s / 11;
            int r = s - 11 * q;
            int land = i + (r == 0 ? 11 : r);
            if (land >= PITS) {
                land -= PITS;
            }
            int after = b[land] + q + (r == 0 ? 0 : 1);
            if (land >= ROW && (after == 2 || after == 3)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Sows the mover's pit {@code pit} (which must be non-empty) from {@code b} into {@code out},
     * in the same orientation as {@code b}. The origin is skipped on laps, so it ends empty.
     *
     * @return the index of the pit that received the last seed
     */
    public static int sow(int[] b, int pit, int[] out) {
        System.arraycopy(b, 0, out, 0, PITS);
        int s = b[pit];
        out[pit] = 0;
        if (s < 11) {
            int end = pit + s;
            if (end < PITS) {
                for (int i = pit + 1; i <= end; i++) {
                    out[i]++;
                }
            } else {
                for (int i = pit + 1; i < PITS; i++) {
                    out[i]++;
                }
                for (int i = 0; i <= end - PITS; i++) {
                    out[i]++;
                }
            }
            return end < PITS ? end : end - PITS;
        }
        int full = s / 11;
        int rem = s - full * 11;
        for (int i = 0; i < PITS; i++) {
            out[i] += full;
        }
        out[pit] = 0;
        for (int d = 1; d <= rem; d++) {
            int i = pit + d;
            out[i < PITS ? i : i - PITS]++;
        }
        int last = pit + (rem == 0 ? 11 : rem);
        return last < PITS ? last : last - PITS;
    }

    /**
     * Plays the mover's pit {@code pit} (non-empty; legality is not checked) and writes the
     * resulting board, rotated to the next mover's view, into {@code child}.
     *
     * <p>Capture: if the last seed lands in the opponent's row on a pit now holding 2 or 3, that
     * pit and the preceding opponent pits holding 2 or 3 are taken. Under {@link Variant#ABAPA} a
     * capture that would take every seed of the opponent's row is cancelled (grand slam).
     *
     * @return the number of seeds captured (0 for no capture or a cancelled grand slam)
     */
    public static int play(int[] b, int pit, Variant variant, int[] child) {
        int[] s = child; // sow in place into child, then rotate in place
        int last = sow(b, pit, s);
        int captured = 0;
        if (last >= ROW) {
            int low = last;
            while (low >= ROW && (s[low] == 2 || s[low] == 3)) {
                captured += s[low];
                low--;
            }
            if (captured > 0) {
                if (variant == Variant.ABAPA && captured == opponentSeeds(s)) {
                    captured = 0; // grand slam: cancelled, the seeds stay
                } else {
                    for (int i = last; i > low; i--) {
                        s[i] = 0;
                    }
                }
            }
        }
        rotate(s);
        return captured;
    }

    /** Swaps the two rows in place: the board as seen by the other side. */
    public static void rotate(int[] b) {
        for (int i = 0; i < ROW; i++) {
            int t = b[i];
            b[i] = b[i + ROW];
            b[i + ROW] = t;
        }
    }

    /**
     * Generates every legal move with its child.
     *
     * <p>Legal moves: the mover's non-empty pits; if the opponent's row is empty, only those
     * that sow into it (feeding); under {@link Variant#AWARI}, then only those that leave the
     * opponent at least one seed after capture, unless none does. If this returns 0 the game is
     * over: see {@link #terminalValue(int[])}.
     *
     * @param children {@code int[72]}: the child of pit {@code i} at {@code 12*i}, rotated
     * @param captured {@code int[6]}: the seeds captured by pit {@code i}
     * @return a bit mask of the legal pits (bit {@code i} for pit {@code i})
     */
    public static int generate(int[] b, Variant variant, int[] children, int[] captured, int[] scratch) {
        boolean mustFeed = opponentSeeds(b) == 0;
        int mask = 0;
        int leavesSeeds = 0;
        for (int pit = 0; pit < ROW; pit++) {
            int s = b[pit];
            if (s == 0 || (mustFeed && s < ROW - pit)) {
                continue;
            }
            int c = play(b, pit, variant, scratch);
            System.arraycopy(scratch, 0, children, pit * PITS, PITS);
            captured[pit] = c;
            mask |= 1 << pit;
            if (variant == Variant.AWARI && moverSeeds(scratch) > 0) {
                leavesSeeds |= 1 << pit;
            }
        }
        if (variant == Variant.AWARI && leavesSeeds != 0) {
            mask = leavesSeeds;
        }
        return mask;
    }

    /**
     * The value of a board with no legal move: {@code -n} if the mover has no seeds (the
     * opponent takes the rest; 0 on an empty board), else {@code +n} (no move can feed the
     * opponent: the mover takes every seed left).
     */
    public static int terminalValue(int[] b) {
        int mine = moverSeeds(b);
        int n = mine + opponentSeeds(b);
        return mine == 0 ? -n : n;
    }

    /**
     * Why the mover's pit {@code pit} may not be played, or {@code null} if it may.
     * For messages at the API edge; allocates.
     */
    public static String whyIllegal(int[] b, int pit, Variant variant) {
        if (pit < 0 || pit >= ROW) {
            return "not one of the mover's pits";
        }
        if (b[pit] == 0) {
            return "the pit is empty";
        }
        int[] children = new int[ROW * PITS];
        int mask = generate(b, variant, children, new int[ROW], new int[PITS]);
        if ((mask & (1 << pit)) != 0) {
            return null;
        }
        if (mask == 0) {
            return "the game is over: no move can feed the opponent";
        }
        if (opponentSeeds(b) == 0 && b[pit] < ROW - pit) {
            return "the opponent has no seeds and this move does not feed them (another move does)";
        }
        return "it would leave the opponent without seeds while another move does not (awari)";
    }
}
