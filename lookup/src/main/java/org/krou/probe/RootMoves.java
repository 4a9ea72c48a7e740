package org.krou.probe;

import java.util.Arrays;
import org.krou.rules.Rules;

/** The values and distances of every move of a board, for {@link Tablebase#rootMoves}: allocates nothing. */
final class RootMoves {
    private RootMoves() {
    }

    /**
     * Fills {@code values[0..5]}, and {@code distances[0..5]} and {@code captured[0..5]} where not
     * null, for the moves of {@code board}; returns the legal-move mask, or -1 if the board is
     * invalid or not covered.
     */
    static int fill(Tablebase tb, int[] board, int[] values, int[] distances, int[] captured) {
        if (values.length < Rules.ROW || (distances != null && distances.length < Rules.ROW)) {
            throw new IllegalArgumentException("arrays of " + values.length + " and "
                    + (distances == null ? "no" : distances.length) + " entries: expected 6 each, one per pit");
        }
        Arrays.fill(values, 0, Rules.ROW, Tablebase.NO_VALUE);
        if (distances != null) {
            Arrays.fill(distances, 0, Rules.ROW, -1);
        }
        int n = Boards.seeds(board);
        if (n < 0 || !tb.covers(n)) {
            return -1;
        }
        ProbeContext ctx = tb.context();
        int[] children = ctx.children[0];
        int[] cap = ctx.captured[0];
        int mask = Rules.generate(board, tb.variant(), children, cap, ctx.scratch);
        DistanceTables dt = distances != null && mask != 0 ? tb.distanceTables() : null;
        boolean withDistances = dt != null && n <= dt.maxSeeds();
        int[] child = ctx.boards[0];
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) == 0) {
                continue;
            }
            int c = cap[pit];
            System.arraycopy(children, pit * Rules.PITS, child, 0, Rules.PITS);
            // depth 1 on: the children of depth 0 are this board's
            values[pit] = Rules.moveValue(c, child, tb.probe(ctx, child, n - c, 1), tb.variant());
            if (withDistances) {
                distances[pit] = dt.moveDistance(child, n, c);
            }
            if (captured != null) {
                captured[pit] = c;
            }
        }
        return mask;
    }
}
