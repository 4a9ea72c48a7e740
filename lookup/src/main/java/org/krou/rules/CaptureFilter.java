package org.krou.rules;

/**
 * Capture filters on mover-relative boards: what the last seed of each pit's sowing lands on,
 * read from the board alone, so that moves that cannot capture are known without being sown.
 * The exit phase of the generator counts such moves as quiet, and the resolution of "don't
 * care" entries plays only the moves that may capture. Nothing here allocates.
 *
 * <pre>{@code
 * int[] b = {0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0};
 * CaptureFilter.endsOnTwoOrThree(b, 5);   // true: f's seed makes 2 in the opponent's first pit
 * CaptureFilter.noCapture(b);             // false
 * }</pre>
 */
public final class CaptureFilter {
    private CaptureFilter() {
    }

    /**
     * True if {@code b} certainly has a legal move and no move of it captures: both sides have
     * seeds (so every non-empty pit of the mover may be played, in every variant) and no pit's
     * last seed lands in the opponent's row on a pit then holding 2 or 3, which every capture
     * needs. False means "perhaps": {@link Rules#generate} tells. A sowing of {@code s} seeds from pit
     * {@code i} gives each of the other 11 pits {@code s / 11} seeds and the first {@code s % 11}
     * after the origin one more, so its last seed lands {@code s % 11} pits on (11 if that is 0).
     * It reads the board only: the filter the resolution of don't-care entries runs before it
     * generates moves.
     */
    public static boolean noCapture(int[] b) {
        if (Rules.moverSeeds(b) == 0 || Rules.opponentSeeds(b) == 0) {
            return false;
        }
        for (int i = 0; i < Rules.ROW; i++) {
            if (endsOnTwoOrThree(b, i)) { // false for an empty pit
                return false;
            }
        }
        return true;
    }

    /**
     * True if the last seed sown from the mover's pit {@code pit} lands in the opponent's row on
     * a pit then holding 2 or 3, which every capture needs: a move for which this is false
     * captures nothing under any rule set (an empty pit gives false).
     */
    public static boolean endsOnTwoOrThree(int[] b, int pit) {
        return Moves.endsOnTwoOrThree(b, pit);
    }

    /**
     * The capturing moves of {@code b}, for a board where {@link Rules#generate} would list every
     * non-empty pit ({@link #everyPitLegal}): only the pits whose last seed lands in the
     * opponent's row on a pit then holding 2 or 3 (the test of {@link #noCapture}) are played, so
     * that the don't-care resolution sows one or two pits rather than six. Writes children and
     * captures as {@link Rules#generate} does, for those pits only.
     *
     * @return a bit mask of the pits played (their capture, settled by {@link Rules#settle}, may still
     *         be 0: a cancelled grand slam, or a chain over the cap)
     */
    public static int captures(int[] b, Variant variant, int[] children, int[] captured, int[] scratch) {
        int mask = 0;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if (!endsOnTwoOrThree(b, pit)) { // true only for a non-empty pit
                continue;
            }
            int code = Rules.playMove(b, pit, variant, scratch);
            System.arraycopy(scratch, 0, children, pit * Rules.PITS, Rules.PITS);
            captured[pit] = code & 0xFF;
            mask |= 1 << pit;
        }
        return mask;
    }

    /**
     * True if every non-empty pit of {@code b} is a legal move under {@code variant}: both rows
     * hold seeds (nothing to feed) and the variant refuses no move that captures (as
     * {@code grand-slam=forbid} and awari refuse some grand slams).
     */
    public static boolean everyPitLegal(int[] b, Variant variant) {
        return Rules.moverSeeds(b) > 0 && Rules.opponentSeeds(b) > 0 && !variant.isAwari()
                && variant.grandSlam() != Variant.GrandSlam.FORBID;
    }
}
