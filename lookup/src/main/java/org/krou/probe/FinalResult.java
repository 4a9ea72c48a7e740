package org.krou.probe;

import org.krou.rules.Position;
import org.krou.rules.Side;

/**
 * The final score of a game under perfect play from a position, counting the seeds already
 * captured. Scores are kept in half seeds so that shared endless play with an odd number of seeds
 * left is exact: {@code south()} is {@code 25.5} when {@code southHalves} is 51.
 *
 * @param value       the position's value for the side to move
 * @param southHalves South's final seeds, times two
 * @param northHalves North's final seeds, times two
 * @param outcome     the side with more seeds wins (with all 48 seeds counted: more than 24 wins,
 *                    24 each is a draw)
 */
public record FinalResult(int value, int southHalves, int northHalves, Outcome outcome) {
    /**
     * The result of {@code p} given its value {@code v} for the side to move: with {@code n}
     * seeds on the board, the mover ends with its captures plus {@code (n + v) / 2}, the other side
     * with its captures plus {@code (n - v) / 2}.
     */
    public static FinalResult of(Position p, int v) {
        int n = p.seeds();
        int mover = n + v;
        int other = n - v;
        boolean south = p.toMove() == Side.SOUTH;
        int s = 2 * p.southCaptured() + (south ? mover : other);
        int no = 2 * p.northCaptured() + (south ? other : mover);
        Outcome o = s > no ? Outcome.SOUTH_WINS : s < no ? Outcome.NORTH_WINS : Outcome.DRAW;
        return new FinalResult(v, s, no, o);
    }

    /** South's final seeds (a multiple of 0.5). */
    public double south() {
        return southHalves / 2.0;
    }

    /** North's final seeds (a multiple of 0.5). */
    public double north() {
        return northHalves / 2.0;
    }

    /** E.g. {@code "South 25.5, North 22.5: South wins"}. */
    @Override
    public String toString() {
        String w = outcome == Outcome.DRAW ? "draw" : outcome == Outcome.SOUTH_WINS ? "South wins" : "North wins";
        return "South " + half(southHalves) + ", North " + half(northHalves) + ": " + w;
    }

    private static String half(int h) {
        return (h / 2) + (h % 2 != 0 ? ".5" : "");
    }
}
