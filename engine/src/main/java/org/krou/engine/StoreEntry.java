package org.krou.engine;

/**
 * What the analysis store keeps about a position: bounds {@code lo <= value <= hi} on its exact
 * value for the side to move (in the value convention of the tables, {@code docs/RULES.md}), the
 * depth in plies of the search that proved them, and the best move found (the mover's pit 0..5,
 * or {@link #NO_MOVE}). Packed into one {@code long} so that the store writes a value in one
 * aligned word: a reader never sees half of an update.
 *
 * <pre>{@code
 * StoreEntry e = new StoreEntry(-2, 4, 12, 3);
 * long packed = e.pack();
 * StoreEntry.unpack(packed).equals(e);                 // true
 * e.merge(new StoreEntry(0, 6, 8, 1));                 // [0, 4], depth 12, move 3
 * }</pre>
 *
 * @param lo    lower bound on the value, -48..48
 * @param hi    upper bound, {@code lo..48}
 * @param depth plies searched to prove them, 0..65535 (0: a table value or a finished game)
 * @param best  the best move found, the mover's pit 0..5, or {@link #NO_MOVE}
 */
public record StoreEntry(int lo, int hi, int depth, int best) {
    /** {@link #best()} when no move is known (a finished game, or none searched). */
    public static final int NO_MOVE = 15;

    /** The tag in the top byte of every packed entry: a word without it is not an entry. */
    static final long TAG = 0x4BL << 56;
    private static final long TAG_MASK = 0xFFL << 56;
    private static final long USED_BITS = 0xF_FFFF_FFFFL; // bits 0..35
    private static final int MAX = 48;

    /**
     * Validates.
     *
     * @throws IllegalArgumentException if a field is out of range or {@code lo > hi}
     */
    public StoreEntry {
        if (lo < -MAX || hi > MAX || lo > hi) {
            throw new IllegalArgumentException("bounds [" + lo + ", " + hi + "]: expected -48 <= lo <= hi <= 48");
        }
        if (depth < 0 || depth > 0xFFFF) {
            throw new IllegalArgumentException("depth " + depth + ": expected 0..65535");
        }
        if (best != NO_MOVE && (best < 0 || best > 5)) {
            throw new IllegalArgumentException("best move " + best + ": expected a pit 0..5 or NO_MOVE");
        }
    }

    /** True when the bounds meet: the exact value is known. */
    public boolean exact() {
        return lo == hi;
    }

    /** The entry as one tagged word. */
    public long pack() {
        return TAG | (long) best << 32 | (long) depth << 16 | (long) (hi + 64) << 8 | (lo + 64);
    }

    /** True if {@code word} is a well-formed packed entry (tag, ranges, unused bits zero). */
    public static boolean isPacked(long word) {
        if ((word & TAG_MASK) != TAG || (word & ~TAG_MASK & ~USED_BITS) != 0) {
            return false;
        }
        int lo = (int) (word & 0xFF) - 64;
        int hi = (int) (word >>> 8 & 0xFF) - 64;
        int best = (int) (word >>> 32 & 0xF);
        return lo >= -MAX && hi <= MAX && lo <= hi && (best <= 5 || best == NO_MOVE);
    }

    /**
     * The entry packed in {@code word}.
     *
     * @throws IllegalArgumentException if {@code word} is not a packed entry
     */
    public static StoreEntry unpack(long word) {
        if (!isPacked(word)) {
            throw new IllegalArgumentException("not a packed entry: " + Long.toHexString(word));
        }
        return new StoreEntry((int) (word & 0xFF) - 64, (int) (word >>> 8 & 0xFF) - 64,
                (int) (word >>> 16 & 0xFFFF), (int) (word >>> 32 & 0xF));
    }

    /**
     * What both entries together prove: the tighter bound on each side, the greater depth, and
     * the best move of the entry that is exact (if one is and the other not), else of the deeper
     * one ({@code other}'s on a tie).
     *
     * @throws IllegalStateException if the bounds contradict each other (one of them is unsound)
     */
    public StoreEntry merge(StoreEntry other) {
        int l = Math.max(lo, other.lo);
        int h = Math.min(hi, other.hi);
        if (l > h) {
            throw new IllegalStateException("contradictory bounds [" + lo + ", " + hi + "] and [" + other.lo
                    + ", " + other.hi + "]");
        }
        int move;
        if (exact() != other.exact()) {
            move = exact() ? best : other.best;
        } else {
            move = depth > other.depth ? best : other.best;
        }
        if (move == NO_MOVE) {
            move = other.best == NO_MOVE ? best : other.best;
        }
        return new StoreEntry(l, h, Math.max(depth, other.depth), move);
    }
}
