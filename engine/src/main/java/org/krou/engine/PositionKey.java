package org.krou.engine;

import org.krou.index.PositionIndex;
import org.krou.rules.Rules;

/**
 * A board as one {@code long}: its seed count in bits 48..53 and its rank among the boards of
 * that many seeds ({@link PositionIndex#rank}) in bits 0..47. The board is mover-relative, so the
 * key names the position for the side to move whichever side that is; its value is the same.
 * Keys are never negative.
 *
 * <pre>{@code
 * int[] b = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
 * long k = PositionKey.of(b);          // seeds 48, rank of the opening board
 * PositionKey.seeds(k);                // 48
 * PositionKey.board(k, new int[12]);   // the opening board again
 * }</pre>
 */
public final class PositionKey {
    private static final int SHIFT = 48;
    private static final long RANK_MASK = (1L << SHIFT) - 1;

    private PositionKey() {
    }

    /** The key of a valid mover-relative board. */
    public static long of(int[] board) {
        return of(board, Rules.seeds(board));
    }

    /** The key of a valid mover-relative board of {@code seeds} seeds (not checked). */
    public static long of(int[] board, int seeds) {
        return (long) seeds << SHIFT | PositionIndex.rank(board);
    }

    /** The seeds on the board of {@code key}. */
    public static int seeds(long key) {
        return (int) (key >>> SHIFT);
    }

    /** The rank of the board of {@code key} among the boards of its seed count. */
    public static long rank(long key) {
        return key & RANK_MASK;
    }

    /** True if {@code key} names a board: 0..48 seeds and a rank within that layer. */
    public static boolean isValid(long key) {
        int n = seeds(key);
        return key >= 0 && n <= PositionIndex.MAX_SEEDS && rank(key) < PositionIndex.size(n);
    }

    /**
     * Writes the board of {@code key} into {@code out} (12 pits) and returns it.
     *
     * @throws IllegalArgumentException if the key names no board
     */
    public static int[] board(long key, int[] out) {
        if (!isValid(key)) {
            throw new IllegalArgumentException("key " + key + " names no board");
        }
        PositionIndex.unrank(seeds(key), rank(key), out);
        return out;
    }
}
