package org.krou.generator;

import java.io.IOException;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Computes the exact value of every mover-relative board with {@code 0..maxSeeds} seeds, layer by
 * layer, reusing finished layers from the store.
 *
 * <pre>{@code
 * Generator g = new Generator(Variant.ABAPA, 2, store, Progress.NONE);
 * ByteBigArray[] values = g.run(12);   // values[n].get(PositionIndex.rank(board))
 * }</pre>
 */
public final class Generator {
    private final Variant variant;
    private final int threads;
    private final LayerStore store;
    private final Progress progress;
    private final boolean distances;

    /** @param store where layers are loaded from and saved to, or null to keep them in memory only */
    public Generator(Variant variant, int threads, LayerStore store, Progress progress) {
        this(variant, threads, store, progress, false);
    }

    /**
     * @param distances true to compute and store distance-to-conversion tables as well
     *                  (breadth-first, somewhat slower)
     */
    public Generator(Variant variant, int threads, LayerStore store, Progress progress, boolean distances) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be 1 or more, got " + threads);
        }
        this.variant = variant;
        this.threads = threads;
        this.store = store;
        this.progress = progress;
        this.distances = distances;
    }

    /** Solves layers {@code 0..maxSeeds}; returns their values. */
    public ByteBigArray[] run(int maxSeeds) throws IOException {
        if (maxSeeds < 0 || maxSeeds > PositionIndex.MAX_SEEDS) {
            throw new IllegalArgumentException("max seeds " + maxSeeds + " out of range 0.." + PositionIndex.MAX_SEEDS);
        }
        ByteBigArray[] values = new ByteBigArray[maxSeeds + 1];
        for (int n = 0; n <= maxSeeds; n++) {
            long t0 = System.nanoTime();
            ByteBigArray loaded = store == null ? null : store.load(n, values, threads);
            if (loaded != null && (!distances || store.hasDistances(n))) {
                values[n] = loaded;
                progress.layerDone(n, loaded.length(), (System.nanoTime() - t0) / 1e9, true);
                continue;
            }
            if (store != null && store.lastRefusal() != null) {
                progress.warn("layer " + n + " on disk not reused (" + store.lastRefusal() + "): computing it again");
            }
            ByteBigArray dist = distances ? new ByteBigArray(PositionIndex.size(n)) : null;
            LayerState layer = solve(n, values, dist);
            values[n] = layer.state;
            if (store != null) {
                progress.phase(n, "writing", layer.size);
                store.save(n, layer.state, layer.exit);
                if (dist != null) {
                    store.saveDistances(n, dist);
                }
            }
            progress.layerDone(n, layer.size, (System.nanoTime() - t0) / 1e9, false);
        }
        return values;
    }

    /** Solves one layer given the values of all smaller ones. */
    LayerState solve(int n, ByteBigArray[] below, ByteBigArray dist) {
        LayerState layer = new LayerState(n);
        progress.phase(n, "exits", layer.size);
        ExitPhase.run(layer, below, dist, variant, threads, progress);
        progress.phase(n, "resolve", layer.size * Math.max(1, n));
        if (dist == null) {
            ResolvePhase.run(layer, variant, threads, progress);
        } else {
            DistancePhase.run(layer, dist, variant, threads, progress);
        }
        return layer;
    }

    /** Solves layers {@code 0..maxSeeds} in memory with distances; returns {values, distances}. */
    public static ByteBigArray[][] solveWithDistances(Variant variant, int threads, int maxSeeds) {
        Generator g = new Generator(variant, threads, null, Progress.NONE, true);
        ByteBigArray[] values = new ByteBigArray[maxSeeds + 1];
        ByteBigArray[] dists = new ByteBigArray[maxSeeds + 1];
        for (int n = 0; n <= maxSeeds; n++) {
            dists[n] = new ByteBigArray(PositionIndex.size(n));
            values[n] = g.solve(n, values, dists[n]).state;
        }
        return new ByteBigArray[][] {values, dists};
    }
}
