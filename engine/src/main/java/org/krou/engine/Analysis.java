package org.krou.engine;

import java.util.List;
import org.krou.rules.Position;

/**
 * What {@link Engine#analyse} found for a position: proven bounds {@code lo <= value <= hi} on
 * its exact value for the side to move (seeds it will still capture minus the opponent's under
 * perfect play, endless play 0: {@code docs/RULES.md}), the move to play and the line expected.
 *
 * <pre>{@code
 * Analysis a = engine.analyse(Position.parse("0 0 3 0 1 2 / 1 0 2 0 0 4 S"), Limits.ofSeconds(1));
 * a.exact();     // true when lo == hi: the value is proven
 * a.best();      // 'c', the move to play (null if the game is over)
 * a.line();      // [c, B, ...]: the proof line if exact, else the heuristic principal variation
 * }</pre>
 *
 * @param position  the position analysed
 * @param lo        proven lower bound on its value
 * @param hi        proven upper bound on its value
 * @param best      the move to play, a pit letter of the side to move; null if the game is over
 * @param line      the principal variation from {@code position}, starting with {@code best}
 * @param depth     the deepest iteration completed, in plies (0: answered by the tables, the rules or the store)
 * @param nodes     positions searched
 * @param nanos     time spent
 * @param fromStore true if the answer was an exact result of the analysis store, with no search
 * @param storeFull true if results could not be written because the store was full
 * @param storeRead positions whose bounds were read from the store
 * @param storeWritten positions whose entry in the store this analysis added or tightened
 */
public record Analysis(Position position, int lo, int hi, Character best, List<Character> line, int depth,
        long nodes, long nanos, boolean fromStore, boolean storeFull, long storeRead, long storeWritten) {
    /** Copies the line. */
    public Analysis {
        line = List.copyOf(line);
    }

    /** True when the bounds meet: the value is proven. */
    public boolean exact() {
        return lo == hi;
    }

    /** Nodes per second (0 when no time was measured). */
    public long nodesPerSecond() {
        return nanos <= 0 ? 0 : (long) (nodes * 1e9 / nanos);
    }
}
