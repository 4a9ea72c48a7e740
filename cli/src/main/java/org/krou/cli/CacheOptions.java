package org.krou.cli;

import org.krou.probe.Tablebase;
import org.krou.rules.Notation;
import picocli.CommandLine.Option;

/**
 * The bound of the cache of decoded blocks, for the commands that probe ({@code probe}, {@code pv},
 * {@code play}); a mixin of its own, since {@link TableOptions} also serves {@code generate}.
 */
final class CacheOptions {
    @Option(names = "--cache-mb", paramLabel = "MB",
            description = "Decoded table blocks kept in memory, in MiB: a whole number from 0 (keep none) to the "
                    + "heap's size (default: a quarter of the heap, at most 256).")
    String cacheMb;

    /**
     * The table options these give.
     *
     * @throws IllegalArgumentException if {@code --cache-mb} is not a whole number of MiB from 0
     *                                  to the heap's size, saying what would do
     */
    Tablebase.Options options() {
        if (cacheMb == null) {
            return Tablebase.Options.DEFAULT;
        }
        long heapMb = Runtime.getRuntime().maxMemory() >> 20;
        String t = cacheMb.trim();
        if (!t.matches("[0-9]{1,12}") || Long.parseLong(t) > heapMb) {
            throw new IllegalArgumentException("--cache-mb '" + Notation.excerpt(cacheMb) + "': expected a whole "
                    + "number of MiB from 0 to " + heapMb + " (the heap; raise it with KROU_JAVA_OPTS=-Xmx<size>), "
                    + "e.g. --cache-mb " + Math.min(256, heapMb / 4));
        }
        return Tablebase.Options.DEFAULT.withCacheBytes(Long.parseLong(t) << 20);
    }

    /** Opens the tables named by {@code tables} with this cache bound. */
    Tablebase open(TableOptions tables) {
        return Tablebase.open(tables.data, tables.variant(), options());
    }
}
