package org.krou.cli;

import org.krou.engine.Limits;
import org.krou.probe.Tablebase;
import picocli.CommandLine.Option;

/** The search budget and horizon of the commands that run the engine ({@code analyse}, {@code play}). */
final class BudgetOptions {
    @Option(names = "--time", paramLabel = "S", description = "Search at most S seconds (a move, for play).")
    Double seconds;

    @Option(names = "--nodes", paramLabel = "K", description = "Search at most K nodes (a move, for play).")
    Long nodes;

    @Option(names = "--depth", paramLabel = "D", description = "Search at most D plies (1.." + Limits.MAX_DEPTH + ").")
    Integer depth;

    @Option(names = "--horizon", paramLabel = "K",
            description = "Probe the tables only for positions of at most K seeds (default: all the tables cover).")
    Integer horizon;

    /** The limits given, or {@code otherwise} if none of --time, --nodes and --depth is. */
    Limits limits(Limits otherwise) {
        if (seconds == null && nodes == null && depth == null) {
            return otherwise;
        }
        Limits l = Limits.NONE;
        if (seconds != null) {
            l = l.withSeconds(seconds);
        }
        if (nodes != null) {
            l = l.withNodes(nodes);
        }
        if (depth != null) {
            l = l.withDepth(depth);
        }
        return l;
    }

    /**
     * The horizon given, checked against the tables, or their coverage.
     *
     * @throws IllegalArgumentException if it is beyond the tables or negative
     */
    int horizon(Tablebase tb, TableOptions tables) {
        int h = horizon == null ? tb.maxSeeds() : horizon;
        if (h < 0 || h > tb.maxSeeds()) {
            throw new IllegalArgumentException("--horizon " + h + ": the tables in " + tables.data + " cover 0.."
                    + tb.maxSeeds() + " seeds");
        }
        return h;
    }
}
