package org.krou.probe;

import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;

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
     * with its captures plus {@code (n - v) / 2}. Under {@code no-feed=nobody-takes} seeds left
     * at a game that cannot be fed belong to nobody, which a value does not tell: the winner and
     * the difference are then exact, but the counts credit such seeds half to each side (a
     * finished game has {@link #finished}).
     */
    public static FinalResult of(Position p, int v) {
        int n = p.seeds();
        int s = southHalves(n, p.toMove(), p.southCaptured(), v);
        int no = northHalves(n, p.toMove(), p.northCaptured(), v);
        return new FinalResult(v, s, no, outcome(s, no));
    }

    /**
     * The final score of a game over in {@code at} (the side to move has no legal move): the
     * seeds left go to whoever the rules give them. That is the mover if it cannot feed the
     * opponent, nobody under {@code no-feed=nobody-takes}; the opponent if the mover has no
     * seeds, except after a grand slam under {@code grand-slam=capture-give}, where the mover
     * (left without seeds) takes them.
     *
     * @param lastCaptured the seeds captured by the move that led to {@code at} (0 if none or at the start)
     */
    public static FinalResult finished(Position at, int lastCaptured, Variant variant) {
        int t = Rules.restValue(at.moverRelative(), lastCaptured, variant);
        if (t == 0) {
            int s = 2 * at.southCaptured();
            int n = 2 * at.northCaptured();
            return new FinalResult(0, s, n, outcome(s, n));
        }
        return of(at, t);
    }

    /**
     * South's final seeds times two, without allocating: {@code 2 * southCaptured} plus
     * {@code seeds + value} if South is to move, else {@code seeds - value}.
     *
     * @param seeds         seeds on the board
     * @param toMove        the side to move
     * @param southCaptured seeds South has captured so far
     * @param value         the position's value for the side to move (e.g. {@link Tablebase#probe(int[])})
     */
    public static int southHalves(int seeds, Side toMove, int southCaptured, int value) {
        return 2 * southCaptured + (toMove == Side.SOUTH ? seeds + value : seeds - value);
    }

    /** North's final seeds times two, as {@link #southHalves} for North. */
    public static int northHalves(int seeds, Side toMove, int northCaptured, int value) {
        return 2 * northCaptured + (toMove == Side.NORTH ? seeds + value : seeds - value);
    }

    /** Who wins with these final halves: the side with more. */
    public static Outcome outcome(int southHalves, int northHalves) {
        return southHalves > northHalves ? Outcome.SOUTH_WINS
                : southHalves < northHalves ? Outcome.NORTH_WINS : Outcome.DRAW;
    }

    /**
     * Who wins under perfect play from {@code board} (12 pits, in any orientation: only its seed
     * count matters), {@code toMove} to move, with the seeds captured so far and the position's
     * value for the side to move. Allocates nothing: an engine can call it with the value of
     * {@link Tablebase#probe(int[])}.
     */
    public static Outcome outcome(int[] board, Side toMove, int southCaptured, int northCaptured, int value) {
        int n = Rules.seeds(board);
        return outcome(southHalves(n, toMove, southCaptured, value), northHalves(n, toMove, northCaptured, value));
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
