package org.krou.cli;

import java.io.PrintWriter;
import org.krou.engine.AnalysisStore;
import org.krou.engine.StoreReadOnlyException;
import picocli.CommandLine.Option;

/** The analysis store's options of {@code analyse} and {@code play}, and opening the store they name. */
final class StoreOptions {
    @Option(names = "--store-entries", paramLabel = "N", defaultValue = "" + AnalysisStore.DEFAULT_ENTRIES,
            description = "Positions the analysis store holds when this run creates it (default: ${DEFAULT-VALUE}; "
                    + "an existing store keeps its size).")
    long storeEntries;

    @Option(names = "--no-store", description = "Neither read nor write the analysis store. Without it, a store "
            + "that cannot be written here (read-only tables) is left out after a one-line warning.")
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

    /**
     * The analysis store of {@code tables}, or null with {@code --no-store}; also null, after a
     * one-line warning on {@code err} ("... cannot be written here (Permission denied): analysing
     * without it"), if this process cannot write it: the command goes on without the store.
     *
     * @param doing what goes on without it, e.g. "analysing"
     */
    AnalysisStore open(TableOptions tables, PrintWriter err, String doing) {
        long n = entries();
        if (noStore) {
            return null;
        }
        try {
            return AnalysisStore.open(tables.data, tables.variant(), n);
        } catch (StoreReadOnlyException e) {
            err.println("warning: " + e.getMessage() + ": " + doing + " without it");
            err.flush();
            return null;
        }
    }
}
