package org.krou.cli;

import java.util.HashMap;
import java.util.Map;
import org.krou.probe.FinalResult;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.Words;

/**
 * When a game played move by move ends, and its final score: the one implementation for {@code play}
 * and {@code match}. The game ends (docs/RULES.md, "When the game ends") when the side to move has no
 * allowed move, that side then taking or losing the seeds left as the rules say; and, as endless play,
 * when a position (the board and the side to move) occurs for the third time: the seeds left are then
 * shared evenly. A game may also be given a limit of plies, reached only by play that neither repeats
 * nor ends (never by perfect play); it ends it as endless play, the seeds left shared evenly.
 */
final class Referee {
    /** How a game ended. */
    enum Kind {
        /** The side to move has no seeds (it loses the seeds left). */
        NO_SEEDS,
        /** The side to move cannot feed the opponent (it takes the seeds left). */
        CANNOT_FEED,
        /** A position occurred for the third time: the seeds left are shared. */
        REPETITION,
        /** The limit of plies was reached: the seeds left are shared. */
        MOVE_LIMIT
    }

    /** The end of a game: how, the final score counting the captures, and a sentence saying why. */
    record Ending(Kind kind, FinalResult result, String why) {
    }

    private final Variant variant;
    private final int maxPlies;
    private final Map<Position, Integer> seen = new HashMap<>();
    private int plies;
    private int lastCaptured;

    /**
     * A referee for one game at a time.
     *
     * @param variant  the rules
     * @param maxPlies the plies after which the game ends as endless play; 0 for no limit
     */
    Referee(Variant variant, int maxPlies) {
        if (maxPlies < 0) {
            throw new IllegalArgumentException("move limit " + maxPlies + ": expected 0 (none) or more plies");
        }
        this.variant = variant;
        this.maxPlies = maxPlies;
    }

    /** Starts a game at {@code start}, forgetting any earlier one. */
    void start(Position start) {
        seen.clear();
        plies = 0;
        lastCaptured = 0;
        seen.put(start.withoutCaptures(), 1);
    }

    /**
     * Starts over from {@code at}, reached after the positions {@code earlier} (in any order, each
     * counted once more): after a move taken back.
     */
    void restart(Iterable<Position> earlier, Position at) {
        start(at);
        for (Position p : earlier) {
            seen.merge(p.withoutCaptures(), 1, Integer::sum);
            plies++;
        }
    }

    /** Records a move played. */
    void played(MoveResult move) {
        plies++;
        lastCaptured = move.captured();
        seen.merge(move.after().withoutCaptures(), 1, Integer::sum);
    }

    /** Plies played since the start. */
    int plies() {
        return plies;
    }

    /** The end of the game in {@code at}, the position reached by the last move recorded; null if it goes on. */
    Ending ending(Position at) {
        int n = at.seeds();
        if (seen.getOrDefault(at.withoutCaptures(), 0) >= 3) {
            return new Ending(Kind.REPETITION, FinalResult.of(at, 0),
                    "the position occurred three times: the " + Words.count(n, "seed", "seeds")
                            + " left are shared evenly");
        }
        if (at.isGameOver(variant)) {
            boolean none = Rules.moverSeeds(at.moverRelative()) == 0;
            FinalResult result = FinalResult.finished(at, lastCaptured, variant);
            int t = result.value();
            String who = t == 0 ? "nobody takes the rest" : t > 0 ? "it takes the rest" : "the other side takes the rest";
            return new Ending(none ? Kind.NO_SEEDS : Kind.CANNOT_FEED, result,
                    BoardView.name(at.toMove()) + (none ? " has no seeds: " : " cannot feed the opponent: ") + who);
        }
        if (maxPlies > 0 && plies >= maxPlies) {
            return new Ending(Kind.MOVE_LIMIT, FinalResult.of(at, 0), "the limit of " + Words.count(maxPlies, "ply",
                    "plies") + " was reached: the " + Words.count(n, "seed", "seeds")
                    + " left are shared evenly, as in endless play");
        }
        return null;
    }
}
