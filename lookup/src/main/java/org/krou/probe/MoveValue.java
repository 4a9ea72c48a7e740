package org.krou.probe;

import java.util.ArrayList;
import java.util.List;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;

/**
 * One legal move and what it is worth to the side that plays it.
 *
 * <pre>{@code
 * int[] values = new int[6];
 * int[] captured = new int[6];
 * int mask = tb.rootMoves(board, values, null, captured);
 * List<MoveValue> moves = MoveValue.listOf(Side.SOUTH, mask, values, captured);
 * List<Character> best = MoveValue.best(moves);     // e.g. [f]
 * }</pre>
 *
 * @param move     the pit letter ({@code a..f} for South, {@code A..F} for North)
 * @param captured seeds the move captures (0 for none or a cancelled grand slam)
 * @param value    {@code captured - value(child)}: the final difference for the mover, counting
 *                 from the position before the move, if it plays this move and both play perfectly
 *                 afterwards
 */
public record MoveValue(char move, int captured, int value) {
    /**
     * The legal moves of a {@link Tablebase#rootMoves(int[], int[], int[], int[])} answer as a
     * list, in pit order: {@code mask} its legal moves, {@code values} and {@code captured} its
     * arrays, {@code toMove} the side whose letters name the pits.
     */
    public static List<MoveValue> listOf(Side toMove, int mask, int[] values, int[] captured) {
        List<MoveValue> out = new ArrayList<>();
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) != 0) {
                out.add(new MoveValue(Position.moveLetter(toMove, pit), captured[pit], values[pit]));
            }
        }
        return out;
    }

    /** The moves of greatest value among {@code all}, in their order; empty if {@code all} is. */
    public static List<Character> best(List<MoveValue> all) {
        int best = Integer.MIN_VALUE;
        for (MoveValue m : all) {
            best = Math.max(best, m.value());
        }
        List<Character> out = new ArrayList<>();
        for (MoveValue m : all) {
            if (m.value() == best) {
                out.add(m.move());
            }
        }
        return out;
    }
}
