package org.krou.generator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import org.krou.generator.table.ExitSource;
import org.krou.util.ByteBigArray;

/**
 * Where finished layers are kept between runs. A run calls {@link #begin()} once, then for each
 * layer {@link #reusable} (cheap), and {@link #load} only for the reused layers whose values a
 * layer still to compute needs (or {@link #wantsValues} asks for).
 */
public interface LayerStore {
    /**
     * Takes exclusive write access for one run and cleans up what stopped runs left; the handle
     * returned ends it. The default does nothing.
     *
     * @throws IOException naming the file and the reason if the store cannot be prepared
     * @throws StoreBusyException if another run is writing to the same store
     */
    default Closeable begin() throws IOException {
        return () -> { };
    }

    /**
     * True if layer {@code seeds} is finished on disk, intact and as this store would write it,
     * checked without decoding it; if false, {@link #lastRefusal()} says why (null if simply absent).
     */
    boolean reusable(int seeds);

    /**
     * True if the store needs the decoded values of reusable layer {@code seeds} to complete
     * what it keeps beside it (then the run loads it and calls {@link #reused}).
     */
    default boolean wantsValues(int seeds) {
        return false;
    }

    /**
     * The values of layer {@code seeds} if a finished, intact file holds them, else {@code null}
     * (a missing or damaged file is not an error: the layer is computed again). Never writes.
     *
     * @param below the true values of layers {@code 0..seeds-2} (a capture takes at least two
     *              seeds), for stores that need them to resolve entries they did not keep
     */
    ByteBigArray load(int seeds, ByteBigArray[] below, int threads) throws IOException;

    /**
     * Called with the values of a reused layer that was loaded because {@link #wantsValues}
     * asked for them. The default does nothing.
     */
    default void reused(int seeds, ByteBigArray values) throws IOException {
    }

    /**
     * Writes a finished layer atomically.
     *
     * @param exits the best exit of each position as {@link ExitSource} gives them, which a store
     *              may use to drop entries a one-ply search recovers
     * @throws IOException naming the file, the layer and the reason if it cannot be written
     */
    void save(int seeds, ByteBigArray values, ExitSource exits) throws IOException;

    /** True if layer {@code seeds} has an intact distance-to-conversion table. */
    boolean hasDistances(int seeds);

    /** Writes the distance-to-conversion table of a finished layer atomically. */
    void saveDistances(int seeds, ByteBigArray dist) throws IOException;

    /**
     * The directory where the job may keep working files of finished layers it memory-maps
     * ({@link WorkFiles}), inside what the store's {@link #begin()} locks; null (the default) if
     * this store has none, and then every finished layer is held in the heap.
     */
    default Path workDirectory() {
        return null;
    }

    /**
     * An identity of the table of layer {@code seeds} (a checksum of its contents), known once
     * {@link #reusable} said yes or {@link #save} wrote it; -1 (the default) if unknown. A working
     * file written for one table is only mapped again for the same table.
     */
    default long tableId(int seeds) {
        return -1;
    }

    /** Why the last {@link #reusable}, {@link #load} or {@link #hasDistances} said no, or null if the file was simply absent. */
    String lastRefusal();
}
