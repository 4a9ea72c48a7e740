package org.krou.probe;

import java.util.List;
import org.krou.rules.Position;

/**
 * A line of perfect play to the end of the game, or to the first repeated position.
 *
 * @param start    the position the line starts from
 * @param value    its value for the side to move
 * @param plies    every move in order
 * @param end      how the line stopped
 * @param result   the final score under perfect play, which the value gives: at the game's end the
 *                 seeds left go to the side that takes them; on a repetition of a position worth
 *                 0 they are shared evenly (half seeds when odd)
 * @param converts true if the line realises the value (it ends the game, or repeats a position
 *                 worth 0); false if it cycles through positions worth something else, which
 *                 happens only when no distances were available: then the line is no proof, and
 *                 {@code result} is what the value gives, not what the cycle would
 */
public record Line(Position start, int value, List<Ply> plies, End end, FinalResult result, boolean converts) {
    /** How a line stops. */
    public enum End {
        /** The side to move has no seeds: the other side takes the rest (under capture-give, this side does). */
        NO_SEEDS("no-seeds"),
        /** The side to move cannot feed the opponent: it takes the rest (under nobody-takes, nobody does). */
        CANNOT_FEED("cannot-feed"),
        /** A position repeats: no capture will come, the seeds left are shared evenly. */
        REPETITION("repetition");

        private final String id;

        End(String id) {
            this.id = id;
        }

        /** The name used in JSON output. */
        public String id() {
            return id;
        }
    }

    /** Copies the plies. */
    public Line {
        plies = List.copyOf(plies);
    }
}
