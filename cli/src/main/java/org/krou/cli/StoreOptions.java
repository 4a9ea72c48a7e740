package org.krou.cli;

import org.krou.engine.AnalysisStore;
import picocli.CommandLine.Option;

/** The analysis store's options of {@code analyse}. */
final class StoreOptions {
    @Option(names = "--store-entries", paramLabel = "N", defaultValue = "" + AnalysisStore.DEFAULT_ENTRIES,
            description = "Positions the analysis store holds when this run creates it (default: ${DEFAULT-VALUE}; "
                    + "an existing store keeps its size).")
    long storeEntries;

    @Option(names = "--no-store", description = "Neither read nor write the analysis store.")
    boolean noStore;

    /**
     * The capacity asked for, checked before anything is opened.
     *
     * @throws IllegalArgumentException if it is out of range
     */
    long entries() {
        if (storeEntries < 1 || storeEntries > AnalysisStore.MAX_ENTRIES) {
            throw new IllegalArgumentException("--store-entries " + storeEntries + ": expected 1.."
                    + AnalysisStore.MAX_ENTRIES);
        }
        return storeEntries;
    }
}
