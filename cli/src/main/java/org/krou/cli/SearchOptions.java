package org.krou.cli;

import java.nio.file.Path;
import org.krou.probe.PerfectPlay;
import org.krou.rules.Variant;
import picocli.CommandLine.Option;

/** The budget of the conversion search, for the commands that play perfectly ({@code pv}, {@code play}). */
final class SearchOptions {
    @Option(names = "--search-nodes", paramLabel = "K", defaultValue = "" + PerfectPlay.DEFAULT_SEARCH_NODES,
            description = "Where no distance table (generate --dtc) covers a layer, positions the search for a "
                    + "converting line may hold (default: ${DEFAULT-VALUE}, about 100 bytes each; 0: no search).")
    int searchNodes;

    /** Opens perfect play over the tables with this budget. */
    PerfectPlay open(Path data, Variant variant) {
        if (searchNodes < 0) {
            throw new IllegalArgumentException("--search-nodes " + searchNodes + ": expected 0 or more positions");
        }
        return PerfectPlay.open(data, variant, searchNodes);
    }
}
