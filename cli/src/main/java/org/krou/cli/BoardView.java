package org.krou.cli;

import org.krou.rules.Position;
import org.krou.rules.Side;
import org.krou.util.Words;

/** Draws a board as a person at the table sees it from South's seat. */
final class BoardView {
    private BoardView() {
    }

    /**
     * North's row on top, right to left ({@code F} on the left, {@code A} above {@code f}),
     * South's row below, left to right.
     */
    static String draw(Position p) {
        StringBuilder sb = new StringBuilder();
        sb.append("      F   E   D   C   B   A      North").append(p.toMove() == Side.NORTH ? " to move" : "")
                .append(p.northCaptured() > 0 ? "  (captured " + p.northCaptured() + ")" : "").append('\n');
        sb.append("   ");
        for (int i = 11; i >= 6; i--) {
            sb.append(String.format("[%2d]", p.pit(i)));
        }
        sb.append('\n').append("   ");
        for (int i = 0; i < 6; i++) {
            sb.append(String.format("[%2d]", p.pit(i)));
        }
        sb.append('\n');
        sb.append("      a   b   c   d   e   f      South").append(p.toMove() == Side.SOUTH ? " to move" : "")
                .append(p.southCaptured() > 0 ? "  (captured " + p.southCaptured() + ")" : "").append('\n');
        return sb.toString();
    }

    static String name(Side s) {
        return s == Side.SOUTH ? "South" : "North";
    }

    /** The meaning of a value in words, for the side to move. */
    static String meaning(Position p, int v) {
        int n = p.seeds();
        String mover = name(p.toMove());
        String other = name(p.toMove().opponent());
        String more = half(n + v) + " of the " + Words.count(n, "seed", "seeds") + " on the board go to " + mover
                + ", " + half(n - v)
                + " to " + other;
        if (v > 0) {
            return mover + " gains " + v + ": " + more;
        }
        if (v < 0) {
            return mover + " loses " + (-v) + ": " + more;
        }
        return "even: " + more;
    }

    /** {@code h / 2} seeds, exact to the half seed. */
    static String half(int h) {
        return (h / 2) + (h % 2 != 0 ? ".5" : "");
    }
}
