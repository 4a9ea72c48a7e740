package org.krou.cli;

import org.krou.probe.PerfectPlay;
import picocli.CommandLine.Option;

/**
 * The budget of the conversion search, for the commands that play perfectly ({@code pv}, {@code play}):
 * {@code PerfectPlay.over(tables, search.nodes())}.
 */
final class SearchOptions {
    @Option(names = "--search-nodes", paramLabel = "K", defaultValue = "" + PerfectPlay.DEFAULT_SEARCH_NODES,
            description = "Where no distance table (generate --dtc) covers a layer, positions the search for a "
                    + "converting line may hold (default: ${DEFAULT-VALUE}, about 100 bytes each; 0: no search).")
    int searchNodes;

    /**
     * The budget, checked: call before opening the tables, so that a bad one is a usage error.
     *
     * @throws IllegalArgumentException if it is negative
     */
    int nodes() {
        if (searchNodes < 0) {
            throw new IllegalArgumentException("--search-nodes " + searchNodes + ": expected 0 or more positions");
        }
        return searchNodes;
    }
}
