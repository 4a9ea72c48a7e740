package org.krou.generator;

import java.io.IOException;
import org.krou.util.ByteBigArray;

/** Where finished layers are kept between runs. */
public interface LayerStore {
    /**
     * The values of layer {@code seeds} if a finished, intact file holds them, else {@code null}
     * (a missing or damaged file is not an error: the layer is computed again).
     *
     * @param below the true values of every smaller layer, for stores that need them to
     *              resolve entries they did not keep
     */
    ByteBigArray load(int seeds, ByteBigArray[] below, int threads) throws IOException;

    /**
     * Writes a finished layer atomically.
     *
     * @param exits the best exit of each position ({@code Byte.MIN_VALUE} for none), which a
     *              store may use to drop entries a one-ply search recovers
     */
    void save(int seeds, ByteBigArray values, ByteBigArray exits) throws IOException;

    /** True if layer {@code seeds} has an intact distance-to-conversion table. */
    boolean hasDistances(int seeds);

    /** Writes the distance-to-conversion table of a finished layer atomically. */
    void saveDistances(int seeds, ByteBigArray dist) throws IOException;

    /** Why the last {@link #load} returned null, or null if the file was simply absent. */
    String lastRefusal();
}
