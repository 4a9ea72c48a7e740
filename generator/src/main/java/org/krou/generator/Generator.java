package org.krou.generator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
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
    /**
     * The largest layer distance tables are computed for: the breadth-first frontiers are arrays,
     * and layers from 29 seeds on have more than 2^31 positions.
     */
    public static final int MAX_DTC_SEEDS = 28;
    /** Layers of at least this many positions are preceded by a collection (from 19 seeds on). */
    static final long COLLECT_BEFORE = 1L << 25;

    private final Variant variant;
    private final int threads;
    private final LayerStore store;
    private final Progress progress;
    private final boolean distances;
    private int computed;
    private int reused;
    private int decoded;
    private PlanCheck planCheck;
    private boolean rawTables;
    private long heapBytes = Long.MAX_VALUE;
    private boolean mapAll;
    private MemoryPlan plan;
    private int mapped;
    private int mappedReused;

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

    /**
     * Solves layers {@code 0..maxSeeds}, reusing the finished layers of the store; returns their
     * values. A reused layer is only decoded if a layer still to compute needs it (the exits of
     * layer {@code n} read layers {@code 0..n-2}, a capture taking at least two seeds) or the store
     * asks for it; the others are left null in the result. With a store, layer
     * {@code maxSeeds - 1} is also left null when {@code maxSeeds} is computed: it is released
     * before the largest layer is solved, as nothing reads it any more. The layers the plan
     * memory-maps ({@link #memory}) are read-only arrays mapped from working files, which are
     * removed when the run ends (the arrays stay readable).
     *
     * @throws IOException naming the file and the reason if the store cannot be written
     * @throws StoreBusyException if another run is writing to the store
     */
    public ByteBigArray[] run(int maxSeeds) throws IOException {
        checkSeeds(maxSeeds);
        computed = 0;
        reused = 0;
        decoded = 0;
        mapped = 0;
        mappedReused = 0;
        plan = null;
        if (store == null) {
            return solveAll(maxSeeds, new boolean[maxSeeds + 1]);
        }
        Closeable session = store.begin();
        try {
            return solveAll(maxSeeds, reusable(maxSeeds));
        } finally {
            session.close();
        }
    }

    /**
     * The memory plan {@link #run} would follow, from the layers the store holds now, and the
     * warnings about layers it would not reuse; computes nothing and writes nothing (the store's
     * lock is not taken, its directory not created).
     *
     * @throws IllegalArgumentException if {@code maxSeeds} is out of range
     */
    public MemoryPlan plan(int maxSeeds) {
        checkSeeds(maxSeeds);
        plan = memoryPlan(maxSeeds, store == null ? new boolean[maxSeeds + 1] : reusable(maxSeeds));
        return plan;
    }

    private void checkSeeds(int maxSeeds) {
        if (maxSeeds < 0 || maxSeeds > PositionIndex.MAX_SEEDS) {
            throw new IllegalArgumentException("max seeds " + maxSeeds + " out of range 0.." + PositionIndex.MAX_SEEDS);
        }
        if (distances && maxSeeds > MAX_DTC_SEEDS) {
            throw new IllegalArgumentException("distance tables (--dtc) are limited to " + MAX_DTC_SEEDS
                    + " seeds (layers from 29 seeds on have more positions than a frontier array holds): "
                    + "use --max-seeds " + MAX_DTC_SEEDS + " or less with --dtc");
        }
    }

    /**
     * Which layers of the store are reused, warning about those on disk that are not. With
     * distances, a layer whose value table is intact but has no distance table is computed again:
     * the distances come out of the breadth-first pass that solves the values, and with the values
     * known that pass would cost about as much again (the exits of every position, then the
     * frontiers of each level), so the value table saves nothing worth a second algorithm.
     */
    private boolean[] reusable(int maxSeeds) {
        boolean[] reuse = new boolean[maxSeeds + 1];
        boolean[] valuesOnly = new boolean[maxSeeds + 1];
        for (int n = 0; n <= maxSeeds; n++) {
            boolean values = store.reusable(n);
            reuse[n] = values && (!distances || store.hasDistances(n));
            if (!reuse[n] && store.lastRefusal() != null) {
                progress.warn("layer " + n + " on disk not reused (" + store.lastRefusal()
                        + "): computing it again");
            } else if (values && !reuse[n]) {
                valuesOnly[n] = true;
            }
        }
        String layers = MemoryPlan.ranges(valuesOnly);
        if (!layers.equals("none")) {
            boolean one = layers.matches("\\d+");
            progress.warn((one ? "layer " + layers + " on disk has a value table but no distance table: computing it"
                    : "layers " + layers + " on disk have value tables but no distance tables: computing them")
                    + " again with distances (distances come out of the same pass that solves the values, which "
                    + "would cost as much with the values known; the values written are the same)");
        }
        return reuse;
    }

    /** The layers the store wants the values of, among those reused. */
    private boolean[] wanted(boolean[] reuse) {
        boolean[] wanted = new boolean[reuse.length];
        for (int n = 0; n < reuse.length; n++) {
            wanted[n] = reuse[n] && store != null && store.wantsValues(n);
        }
        return wanted;
    }

    private MemoryPlan memoryPlan(int maxSeeds, boolean[] reuse) {
        boolean[] wanted = wanted(reuse);
        Path workDir = store == null ? null : store.workDirectory();
        return workDir == null
                ? MemoryPlan.of(maxSeeds, distances, reuse, wanted, rawTables)
                : MemoryPlan.within(heapBytes, mapAll, maxSeeds, distances, reuse, wanted, rawTables);
    }

    private ByteBigArray[] solveAll(int maxSeeds, boolean[] reuse) throws IOException {
        boolean[] wanted = wanted(reuse);
        boolean[] decode = toDecode(reuse, wanted);
        Path workDir = store == null ? null : store.workDirectory();
        plan = memoryPlan(maxSeeds, reuse);
        if (planCheck != null) {
            planCheck.check(plan);
        }
        boolean[] mayReuse = new boolean[maxSeeds + 1];
        for (int n = 0; n <= maxSeeds; n++) {
            mayReuse[n] = decode[n] && plan.isMapped(n);
        }
        ByteBigArray[] values = new ByteBigArray[maxSeeds + 1];
        progress.reusing(reuse);
        try (WorkFiles work = workDir == null ? null : WorkFiles.open(workDir, mayReuse, progress)) {
            for (int n = 0; n <= maxSeeds; n++) {
                long t0 = System.nanoTime();
                if (reuse[n]) {
                    if (decode[n]) {
                        values[n] = reuseLayer(n, values, wanted[n], work);
                    }
                    reused++;
                    progress.layerDone(n, PositionIndex.size(n), (System.nanoTime() - t0) / 1e9, true);
                    continue;
                }
                ensureBelow(n, values);
                if (n == maxSeeds && n > 0 && store != null) {
                    // layer n-1 is on disk and no layer left to compute reads it: free its memory
                    // before the largest layer is solved (the peak of the whole job)
                    values[n - 1] = null;
                }
                if (PositionIndex.size(n) >= COLLECT_BEFORE) {
                    // the working arrays of the layer before are garbage now; the parallel collector
                    // would rather grow the heap than collect them, so that the resident memory
                    // would exceed the plan by that much: collect before allocating the next ones
                    System.gc();
                }
                values[n] = computeLayer(n, values, work);
                computed++;
                progress.layerDone(n, PositionIndex.size(n), (System.nanoTime() - t0) / 1e9, false);
            }
        }
        return values;
    }

    /**
     * The values of reused layer {@code n}: decoded from its table, or mapped again from the
     * working file of an earlier run if the plan maps it and the file is intact; a layer the
     * plan maps is written to its working file once decoded.
     */
    private ByteBigArray reuseLayer(int n, ByteBigArray[] values, boolean wanted, WorkFiles work) throws IOException {
        ByteBigArray v = plan.isMapped(n) ? work.reuse(n, store.tableId(n)) : null;
        if (v != null) {
            mapped++;
            mappedReused++;
        } else {
            v = store.load(n, values, threads);
            if (v == null) {
                throw new IOException("layer " + n + " passed its checksum but could not be decoded ("
                        + store.lastRefusal() + "): run again to recompute it");
            }
            decoded++;
        }
        if (wanted) {
            store.reused(n, v);
        }
        return plan.isMapped(n) && !v.isMapped() ? map(n, v, work) : v;
    }

    /**
     * Solves layer {@code n} and writes it to the store; returns its values, in the heap or, if
     * the plan maps the layer, mapped from its working file (the working arrays are garbage once
     * this returns).
     */
    private ByteBigArray computeLayer(int n, ByteBigArray[] values, WorkFiles work) throws IOException {
        ByteBigArray dist = distances ? new ByteBigArray(PositionIndex.size(n)) : null;
        LayerState layer = solve(n, values, dist);
        if (store != null) {
            progress.phase(n, "writing", layer.size);
            store.save(n, layer.state, layer.exits());
            if (dist != null) {
                store.saveDistances(n, dist);
            }
        }
        return plan.isMapped(n) ? map(n, layer.state, work) : layer.state;
    }

    /** Writes finished layer {@code n} to its working file and maps it. */
    private ByteBigArray map(int n, ByteBigArray v, WorkFiles work) throws IOException {
        progress.phase(n, "mapping", v.length());
        ByteBigArray m = work.write(n, v, store.tableId(n));
        mapped++;
        return m;
    }

    /**
     * Which reused layers are decoded into memory: those a layer still to compute reads (the
     * exits of layer {@code n} read layers {@code 0..n-2}, a capture taking at least two seeds;
     * don't-care entries of a layer decoded for the store are resolved from them too), and those
     * the store wants ({@code wanted}).
     */
    static boolean[] toDecode(boolean[] reuse, boolean[] wanted) {
        int lastNeeding = -1;
        for (int n = 0; n < reuse.length; n++) {
            if (!reuse[n] || wanted[n]) {
                lastNeeding = n;
            }
        }
        boolean[] decode = new boolean[reuse.length];
        for (int n = 0; n < reuse.length; n++) {
            decode[n] = reuse[n] && (n <= lastNeeding - 2 || wanted[n]);
        }
        return decode;
    }

    /** Looks at the plan of a run before any work starts, and may refuse it. */
    @FunctionalInterface
    public interface PlanCheck {
        /** @throws PlanRefusedException to stop the run before it starts */
        void check(MemoryPlan plan);
    }

    /**
     * Has {@code check} look at the memory plan of each {@link #run} once the layers to reuse are
     * known, before anything is computed. {@code raw}: the tables are written raw (for the disk
     * estimate).
     */
    public Generator beforeStart(PlanCheck check, boolean raw) {
        this.planCheck = check;
        this.rawTables = raw;
        return this;
    }

    /**
     * Lets the plan memory-map finished layers from working files ({@link LayerStore#workDirectory()})
     * so that the job fits a heap of {@code heapBytes}: the fewest, the largest first
     * ({@link MemoryPlan#within}); {@code mapAll} maps every layer that can be, whatever the heap.
     * Without this call, or with a store that has no working directory, every finished layer is
     * held in the heap (and {@link PlanCheck} refuses a plan that does not fit).
     */
    public Generator memory(long heapBytes, boolean mapAll) {
        if (heapBytes <= 0) {
            throw new IllegalArgumentException("heap bytes must be positive, got " + heapBytes);
        }
        this.heapBytes = heapBytes;
        this.mapAll = mapAll;
        return this;
    }

    /** The plan the last {@link #run} followed, or null if it stopped before making one. */
    public MemoryPlan plan() {
        return plan;
    }

    /** Layers the last {@link #run} memory-mapped from working files. */
    public int mapped() {
        return mapped;
    }

    /** Of {@link #mapped}, the layers mapped again from an earlier run's working file (not decoded). */
    public int mappedReused() {
        return mappedReused;
    }

    /** Checks that every layer the exits of layer {@code n} read was solved or decoded. */
    private static void ensureBelow(int n, ByteBigArray[] values) {
        for (int k = 0; k <= n - 2; k++) {
            if (values[k] == null) {
                throw new IllegalStateException("layer " + k + " is needed to compute layer " + n + " but was not loaded");
            }
        }
    }

    /** Layers computed by the last {@link #run}. */
    public int computed() {
        return computed;
    }

    /** Layers reused from the store by the last {@link #run}. */
    public int reused() {
        return reused;
    }

    /** Reused layers the last {@link #run} decoded (needed by a layer it computed, or by the store). */
    public int decoded() {
        return decoded;
    }

    /** Solves one layer given the values of all smaller ones. */
    LayerState solve(int n, ByteBigArray[] below, ByteBigArray dist) {
        LayerState layer = new LayerState(n);
        progress.phase(n, "exits", layer.size);
        ExitPhase.run(layer, below, dist, variant, threads, progress);
        if (dist == null) {
            progress.phase(n, "resolve", ResolvePhase.progressUnits(layer));
            ResolvePhase.run(layer, below, variant, threads, progress);
        } else {
            progress.phase(n, "resolve", layer.size * Math.max(1, n));
            DistancePhase.run(layer, dist, below, variant, threads, progress);
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
