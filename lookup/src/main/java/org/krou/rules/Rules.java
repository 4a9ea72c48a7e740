package org.krou.rules;

/**
 * The move kernel: sowing, captures, grand slam and game end on mover-relative boards; which
 * moves are legal (feeding, forbidden grand slams, awari's rule) is {@link Moves#classify}'s.
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
        return moverSeeds(b, 0);
    }

    /** As {@link #moverSeeds(int[])}, for the board in {@code b[at..at+11]}. */
    static int moverSeeds(int[] b, int at) {
        return b[at] + b[at + 1] + b[at + 2] + b[at + 3] + b[at + 4] + b[at + 5];
    }

    /** Seeds in the opponent's row {@code b[6..11]}. */
    public static int opponentSeeds(int[] b) {
        return b[6] + b[7] + b[8] + b[9] + b[10] + b[11];
    }

    /**
     * {@code SOWN[(pit * 11 + s) * 12 + i]}: the seeds pit {@code i} receives when {@code s < 11}
     * seeds are sown from {@code pit} (one each in the {@code s} pits after it, going round).
     */
    private static final int[] SOWN = new int[12 * 11 * 12];

    static {
        for (int pit = 0; pit < 12; pit++) {
            for (int s = 0; s < 11; s++) {
                for (int d = 1; d <= s; d++) {
                    SOWN[(pit * 11 + s) * 12 + (pit + d) % 12] = 1;
                }
            }
        }
    }

    /**
     * Sows the mover's pit {@code pit} (which must be non-empty) from {@code b} into {@code out},
     * in the same orientation as {@code b}. The origin is skipped on laps, so it ends empty.
     *
     * @return the index of the pit that received the last seed
     */
    public static int sow(int[] b, int pit, int[] out) {
        return sow(b, pit, out, 0);
    }

    /** As {@link #sow(int[], int, int[])}, writing the board into {@code out[at..at+11]}. */
    static int sow(int[] b, int pit, int[] out, int at) {
        int s = b[pit];
        if (s < 11) {
            // no lap: the board plus a fixed pattern of ones, in a loop of constant length (no
            // branch, and no loop-limit check in the compiled code: one that fails recompiles
            // every method sow is inlined in)
            int row = (pit * 11 + s) * PITS;
            for (int i = 0; i < PITS; i++) {
                out[at + i] = b[i] + SOWN[row + i];
            }
            out[at + pit] = 0;
            int end = pit + s;
            return end < PITS ? end : end - PITS;
        }
        System.arraycopy(b, 0, out, at, PITS);
        out[at + pit] = 0;
        int full = s / 11;
        int rem = s - full * 11;
        for (int i = 0; i < PITS; i++) {
            out[at + i] += full;
        }
        out[at + pit] = 0;
        for (int d = 1; d <= rem; d++) {
            int i = pit + d;
            out[at + (i < PITS ? i : i - PITS)]++;
        }
        int last = pit + (rem == 0 ? 11 : rem);
        return last < PITS ? last : last - PITS;
    }

    /** Flag of a {@link #playMove} or {@link #settle} code: the move was a grand slam. */
    public static final int GRAND_SLAM = 1 << 16;

    /** The seeds captured, from a code of {@link #playMove} or {@link #settle}. */
    public static int captured(int code) {
        return code & 0xFF;
    }

    /** True if the code of {@link #playMove} or {@link #settle} is a grand slam's. */
    public static boolean grandSlam(int code) {
        return (code & GRAND_SLAM) != 0;
    }

    /**
     * Settles the capture of a sowing (steps 3-4 of a move under the rule options, see
     * {@code docs/RULES.md}) without changing the board: the chain from {@code last} back over
     * opponent pits holding 2 or 3, cut to the cap ({@code keep-first}) or dropped
     * ({@code none}) when longer, then the grand-slam option if capturing it would empty the
     * opponent's row. Allocation-free.
     *
     * @param s    the board right after sowing, mover-relative (not rotated)
     * @param last the pit that received the last seed
     * @return the seeds captured, read with {@link #captured(int)}, with the captured pits
     *         {@code lo..hi} in bits 8..11 and 12..15 and the {@link #GRAND_SLAM} flag
     */
    public static int settle(int[] s, int last, Variant variant) {
        return settle(s, 0, last, variant);
    }

    /** As {@link #settle(int[], int, Variant)}, for the board in {@code s[at..at+11]}. */
    static int settle(int[] s, int at, int last, Variant variant) {
        if (last < ROW) {
            return 0;
        }
        int low = last;
        int sum = 0;
        // at most the six opponent pits; a loop with a constant bound, so that the compiled code
        // needs no loop-limit check (one that fails recompiles every method settle is inlined in)
        for (int k = 0; k < ROW; k++) {
            int v = s[at + low];
            if (v != 2 && v != 3) {
                break;
            }
            sum += v;
            if (--low < ROW) {
                break;
            }
        }
        int length = last - low;
        if (length == 0) {
            return 0;
        }
        if (length > variant.cap()) {
            return overCap(s, at, low, last, sum, variant);
        }
        if (sum != s[at + 6] + s[at + 7] + s[at + 8] + s[at + 9] + s[at + 10] + s[at + 11]) {
            return code(sum, low + 1, last);
        }
        return grandSlam(s, at, low, last, sum, variant);
    }

    // The two rare ends of settle are methods of their own so that settle stays small enough
    // (under the JIT's 325 bytecodes for hot methods) to be inlined into every move kernel.

    /** A chain {@code low+1..last} longer than the cap: cut to its last {@code cap} pits or dropped. */
    private static int overCap(int[] s, int at, int low, int last, int sum, Variant variant) {
        if (variant.overCap() == Variant.OverCap.NONE) {
            return 0;
        }
        int cap = variant.cap();
        for (int k = low + 1; k <= last - cap; k++) {
            sum -= s[at + k]; // keep-first: the pits further back are not captured (and hold seeds)
        }
        return code(sum, last - cap + 1, last);
    }

    /** A chain {@code low+1..last} that takes every seed of the opponent's row, under the grand-slam option. */
    private static int grandSlam(int[] s, int at, int low, int last, int sum, Variant variant) {
        int length = last - low;
        switch (variant.grandSlam()) {
            case CAPTURE:
            case CAPTURE_GIVE:
                return code(sum, low + 1, last) | GRAND_SLAM;
            case SPARE_FIRST:
                return length == 1 ? GRAND_SLAM : code(sum - s[at + last], low + 1, last - 1) | GRAND_SLAM;
            case SPARE_LAST:
                return length == 1 ? GRAND_SLAM : code(sum - s[at + low + 1], low + 2, last) | GRAND_SLAM;
            default: // cancel, forbid: nothing is captured
                return GRAND_SLAM;
        }
    }

    private static int code(int captured, int lo, int hi) {
        return captured | lo << 8 | hi << 12;
    }

    /**
     * Plays the mover's pit {@code pit} (non-empty; legality is not checked) and writes the
     * resulting board, rotated to the next mover's view, into {@code child}; the capture is
     * settled by {@link #settle} under the variant's options.
     *
     * @return the number of seeds captured (0 for no capture or a cancelled grand slam)
     */
    public static int play(int[] b, int pit, Variant variant, int[] child) {
        return playMove(b, pit, variant, child) & 0xFF;
    }

    /**
     * As {@link #play}, returning the code of {@link #settle}: the seeds captured
     * ({@link #captured(int)}) and whether the move was a grand slam ({@link #grandSlam(int)}).
     */
    public static int playMove(int[] b, int pit, Variant variant, int[] child) {
        return playMove(b, pit, variant, child, 0);
    }

    /** As {@link #playMove(int[], int, Variant, int[])}, writing the child into {@code out[at..at+11]}. */
    static int playMove(int[] b, int pit, Variant variant, int[] out, int at) {
        int[] s = out; // sow in place into out, then rotate in place
        int last = sow(b, pit, s, at);
        int code = settle(s, at, last, variant);
        if ((code & 0xFF) != 0) {
            // empty the captured pits lo..hi, all in the opponent's row: a loop of constant length
            // over that row (see sow), each pit kept where (i - lo) or (hi - i) is negative
            int lo = code >>> 8 & 0xF;
            int hi = code >>> 12 & 0xF;
            for (int i = ROW; i < PITS; i++) {
                s[at + i] &= ((i - lo) | (hi - i)) >> 31;
            }
        }
        rotate(s, at);
        return code;
    }

    /** Sentinel of {@link #fixedValue}: the move is worth what it captured minus its child's value. */
    public static final int LOOK_UP = Integer.MIN_VALUE;

    /**
     * The value for the mover of a move that ends the game with a value its child's table does
     * not give: under {@code grand-slam=capture-give}, a grand slam captures {@code c} and the
     * opponent takes the seeds left, worth {@code c - (n - c)}. {@link #LOOK_UP} for every other
     * move, which is worth {@code captured - value(child)}.
     *
     * @param captured the seeds the move captured
     * @param child    the board after the move, rotated (the opponent to move)
     */
    public static int fixedValue(int captured, int[] child, Variant variant) {
        return fixedValue(captured, child, 0, variant);
    }

    /** As {@link #fixedValue(int, int[], Variant)}, for the child in {@code children[at..at+11]}. */
    public static int fixedValue(int captured, int[] children, int at, Variant variant) {
        if (captured > 0 && variant.grandSlam() == Variant.GrandSlam.CAPTURE_GIVE
                && children[at] + children[at + 1] + children[at + 2] + children[at + 3] + children[at + 4]
                + children[at + 5] == 0) {
            return captured - (children[at + 6] + children[at + 7] + children[at + 8] + children[at + 9]
                    + children[at + 10] + children[at + 11]);
        }
        return LOOK_UP;
    }

    /** The value of a move: {@link #fixedValue} unless it is {@link #LOOK_UP}, else {@code captured - childValue}. */
    public static int moveValue(int captured, int[] child, int childValue, Variant variant) {
        int fixed = fixedValue(captured, child, variant);
        return fixed != LOOK_UP ? fixed : captured - childValue;
    }

    /** Swaps the two rows in place: the board as seen by the other side. */
    public static void rotate(int[] b) {
        rotate(b, 0);
    }

    /** As {@link #rotate(int[])}, for the board in {@code b[at..at+11]}. */
    static void rotate(int[] b, int at) {
        for (int i = 0; i < ROW; i++) {
            int t = b[at + i];
            b[at + i] = b[at + i + ROW];
            b[at + i + ROW] = t;
        }
    }

    /**
     * Generates every legal move with its child: the legal pits of {@link Moves#classify}, the
     * moves it did not play (they capture nothing) played here.
     * If this returns 0 the game is over: see {@link #terminalValue(int[], Variant)}.
     *
     * @param children {@code int[72]}: the child of pit {@code i} at {@code 12*i}, rotated
     * @param captured {@code int[6]}: the seeds captured by pit {@code i}
     * @param scratch  unused; kept for the callers that pass one
     * @return a bit mask of the legal pits (bit {@code i} for pit {@code i})
     */
    public static int generate(int[] b, Variant variant, int[] children, int[] captured, int[] scratch) {
        int moves = Moves.classify(b, variant, children, captured);
        int legal = Moves.legal(moves);
        for (int quiet = legal & ~Moves.sown(moves); quiet != 0; quiet &= quiet - 1) {
            int pit = Integer.numberOfTrailingZeros(quiet);
            int at = pit * PITS;
            sow(b, pit, children, at);
            rotate(children, at);
            captured[pit] = 0;
        }
        return legal;
    }

    /**
     * The value of a board with no legal move: {@code -n} if the mover has no seeds (the
     * opponent takes the rest; 0 on an empty board), else no move can feed the opponent:
     * {@code +n} (the mover takes every seed left), or 0 under {@code no-feed=nobody-takes}.
     */
    public static int terminalValue(int[] b, Variant variant) {
        int mine = moverSeeds(b);
        int n = mine + opponentSeeds(b);
        if (mine == 0) {
            return -n;
        }
        return variant.noFeed() == Variant.NoFeed.NOBODY_TAKES ? 0 : n;
    }

    /**
     * What the seeds left are worth to the mover of {@code b}, a board with no legal move reached
     * by a move that captured {@code lastCaptured} (0 at the start): {@link #terminalValue},
     * except after a capture-give grand slam, whose seeds left go to the side it left without
     * seeds, the mover here ({@code +n}). Positive: the mover takes them; negative: the other
     * side; 0: nobody (or none are left).
     */
    public static int restValue(int[] b, int lastCaptured, Variant variant) {
        int t = terminalValue(b, variant);
        return fixedValue(lastCaptured, b, variant) != LOOK_UP ? -t : t;
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
        if (variant.isAwari()) {
            return "it would leave the opponent without seeds while another move does not (awari)";
        }
        return "it is a grand slam, forbidden while another move is not one (grand-slam=forbid)";
    }
}
