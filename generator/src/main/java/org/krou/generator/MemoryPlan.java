package org.krou.generator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.krou.index.PositionIndex;
import org.krou.util.Words;

/**
 * What a generation will hold in memory and write to disk, worked out before it starts, so that a
 * job too big for the machine is refused at once rather than failing hours later.
 *
 * <p>While layer {@code n} is solved the generator holds, at one byte per position, every
 * finished layer it computed or decoded below {@code n} (the exits of {@code n} read layers
 * {@code 0..n-2}; layer {@code n-1} is kept for {@code n+1}, except below the last layer, which
 * is solved without it), and the working layer at {@value #WORKING_BITS} bits per position (a
 * state byte that also keeps what resolution needs of the best exit, and a don't-care bit for
 * the table writer; see {@link LayerState}), plus one byte for the distance and about
 * {@value #FRONTIER_BYTES} for the breadth-first frontiers with {@code --dtc}. The peak over the
 * layers to compute is what the Java heap must hold, with {@value #HEAP_SHARE_PERCENT}% of the
 * heap as the most the data may fill (the collector needs the rest). The tables written are
 * counted at {@value #CONTEXT_BITS} bits per position as context-coded blocks (8 if raw), and
 * {@value #DTC_BITS} more for distance tables: more than the tables measured take
 * (docs/PERFORMANCE.md, "Table size"), so that the plan errs on the safe side.
 *
 * <p>A finished layer may instead be <em>memory-mapped</em> ({@code mapped[k]}): once finished
 * (or decoded from its table) it is written to a working file of one byte a position
 * ({@link WorkFiles}) and read through a read-only mapping of that file, so that it takes no
 * heap; the page cache holds what the kernel can keep of it. {@link #within} maps the fewest
 * layers that make the plan fit a heap, the largest first: while the plan does not fit, the
 * largest layer held in the heap at the peak is mapped. Only layers that a later layer's solving
 * holds are mapped ({@link #mappable}); the largest layer, and the one below it, are never
 * read again and never mapped. Mapped or not, the working layer itself must fit in the heap.
 *
 * <pre>{@code
 * MemoryPlan plan = MemoryPlan.of(26, false, new boolean[27], new boolean[27], false);
 * plan.peakBytes();                           // bytes held while solving the largest layer
 * plan.fits(Runtime.getRuntime().maxMemory());
 * MemoryPlan small = MemoryPlan.within(2L << 30, false, 26, false, new boolean[27], new boolean[27], false);
 * small.mapped();                             // the layers read from working files
 * }</pre>
 *
 * @param maxSeeds    the largest layer of the job
 * @param distances   whether distance tables are computed too
 * @param held        {@code held[n]}: heap bytes held while layer {@code n} is solved; 0 for a layer reused
 * @param peakLayer   the layer at which the most is held (-1 if nothing is computed)
 * @param diskBytes   expected size of the tables still to write
 * @param mapped      {@code mapped[k]}: layer {@code k} is memory-mapped from a working file
 * @param mappedBytes bytes of the working files of the mapped layers (all on disk at the end of the job)
 * @param kept        {@code kept[k]}: finished layer {@code k} is held in the heap while a later layer is solved
 */
public record MemoryPlan(int maxSeeds, boolean distances, long[] held, int peakLayer, long diskBytes,
                         boolean[] mapped, long mappedBytes, boolean[] kept) {
    /** Bits per position of the working layer: the state byte and the don't-care bit. */
    static final int WORKING_BITS = 9;
    /** Extra bytes per position of the working layer with distances: the distance, the frontiers. */
    static final int FRONTIER_BYTES = 16;
    /** The share of the heap the data may fill. */
    static final int HEAP_SHARE_PERCENT = 85;
    /** What the JVM, the table writer and the rest need besides the layers. */
    static final long OVERHEAD = 128L << 20;
    /** Table size, bits per position, above what the tables measured take. */
    static final double CONTEXT_BITS = 2.7;
    /** Raw tables, bits per position. */
    static final double RAW_BITS = 8;
    /** Distance tables, bits per position, above what the tables measured take. */
    static final double DTC_BITS = 3.6;

    /** Copies the arrays. */
    public MemoryPlan {
        held = held.clone();
        mapped = mapped.clone();
        kept = kept.clone();
    }

    /**
     * The plan for layers {@code 0..maxSeeds} where {@code reuse[n]} marks the layers already on
     * disk; those the job still reads, or that the store wants ({@code wanted}), are decoded into
     * memory, as {@link Generator} does. Every finished layer stays in the heap.
     *
     * @param raw  whether the tables are written raw (one byte a position) rather than context-coded
     */
    public static MemoryPlan of(int maxSeeds, boolean distances, boolean[] reuse, boolean[] wanted, boolean raw) {
        return of(maxSeeds, distances, reuse, wanted, raw, new boolean[maxSeeds + 1]);
    }

    /**
     * As {@link #of(int, boolean, boolean[], boolean[], boolean)}, with the finished layers marked
     * in {@code mapped} memory-mapped from working files instead of held in the heap.
     *
     * @throws IllegalArgumentException if a layer marked is not {@link #mappable}
     */
    public static MemoryPlan of(int maxSeeds, boolean distances, boolean[] reuse, boolean[] wanted, boolean raw,
                                boolean[] mapped) {
        boolean[] inMemory = Generator.toDecode(reuse, wanted);
        boolean[] mappable = mappable(maxSeeds, reuse, wanted);
        long[] held = new long[maxSeeds + 1];
        long below = 0;
        long mappedBytes = 0;
        int peak = -1;
        double bits = 0;
        for (int n = 0; n <= maxSeeds; n++) {
            if (mapped[n] && !mappable[n]) {
                throw new IllegalArgumentException("layer " + n + " cannot be mapped: no later layer holds it");
            }
            long size = PositionIndex.size(n);
            if (!reuse[n]) {
                // the last layer is solved without layer n-1 in memory (nothing reads it any more)
                boolean release = n == maxSeeds && n > 0 && (!reuse[n - 1] || inMemory[n - 1]) && !mapped[n - 1];
                held[n] = OVERHEAD + below - (release ? PositionIndex.size(n - 1) : 0) + working(size, distances);
                if (peak < 0 || held[n] > held[peak]) {
                    peak = n;
                }
                bits += size * ((raw ? RAW_BITS : CONTEXT_BITS) + (distances ? DTC_BITS : 0));
            }
            if (mapped[n]) {
                mappedBytes += WorkFiles.fileSize(n);
            } else if (!reuse[n] || inMemory[n]) {
                below += size;
            }
        }
        boolean[] kept = new boolean[maxSeeds + 1];
        for (int k = 0; k <= maxSeeds; k++) {
            kept[k] = mappable[k] && !mapped[k];
        }
        return new MemoryPlan(maxSeeds, distances, held, peak, (long) (bits / 8), mapped, mappedBytes, kept);
    }

    /**
     * The plan of {@link #of(int, boolean, boolean[], boolean[], boolean)} with the fewest layers
     * memory-mapped that make it fit a heap of {@code heapBytes}: while it does not fit, the
     * largest finished layer held in the heap at its peak is mapped. If mapping every layer it can
     * is not enough (the working layer alone is too large), that plan is returned, and does not
     * {@link #fits}.
     *
     * @param mapAll true to map every {@link #mappable} layer, whatever the heap
     */
    public static MemoryPlan within(long heapBytes, boolean mapAll, int maxSeeds, boolean distances,
                                    boolean[] reuse, boolean[] wanted, boolean raw) {
        boolean[] mappable = mappable(maxSeeds, reuse, wanted);
        if (mapAll) {
            return of(maxSeeds, distances, reuse, wanted, raw, mappable);
        }
        boolean[] mapped = new boolean[maxSeeds + 1];
        MemoryPlan plan = of(maxSeeds, distances, reuse, wanted, raw, mapped);
        while (!plan.fits(heapBytes)) {
            int p = plan.peakLayer;
            int pick = -1;
            for (int k = p - 1; k >= 0 && pick < 0; k--) {
                // held while p is solved: finished, not mapped yet, and not the layer released before the last
                if (mappable[k] && !mapped[k] && !(p == maxSeeds && k == p - 1)) {
                    pick = k;
                }
            }
            if (pick < 0) {
                break;
            }
            mapped[pick] = true;
            plan = of(maxSeeds, distances, reuse, wanted, raw, mapped);
        }
        return plan;
    }

    /**
     * The finished layers that may be memory-mapped: those computed or decoded that the heap would
     * hold while a later layer is solved (all those below it, except layer {@code maxSeeds - 1}
     * while {@code maxSeeds} is solved).
     */
    static boolean[] mappable(int maxSeeds, boolean[] reuse, boolean[] wanted) {
        boolean[] inMemory = Generator.toDecode(reuse, wanted);
        boolean[] m = new boolean[maxSeeds + 1];
        for (int k = 0; k <= maxSeeds; k++) {
            if (reuse[k] && !inMemory[k]) {
                continue;
            }
            for (int n = k + 1; n <= maxSeeds && !m[k]; n++) {
                m[k] = !reuse[n] && !(n == maxSeeds && k == n - 1);
            }
        }
        return m;
    }

    /** Whether layer {@code seeds} is memory-mapped. */
    public boolean isMapped(int seeds) {
        return seeds >= 0 && seeds < mapped.length && mapped[seeds];
    }

    /** Whether any layer is memory-mapped. */
    public boolean mapsAny() {
        for (boolean m : mapped) {
            if (m) {
                return true;
            }
        }
        return false;
    }

    /** Bytes of the working layer of {@code size} positions. */
    static long working(long size, boolean distances) {
        return (size * WORKING_BITS + 7) / 8 + (distances ? size * (1 + FRONTIER_BYTES) : 0);
    }

    /** The most held at once; 0 if nothing is computed. */
    public long peakBytes() {
        return peakLayer < 0 ? 0 : held[peakLayer];
    }

    /** The heap this plan needs: its peak is at most {@value #HEAP_SHARE_PERCENT}% of it. */
    public long heapNeeded() {
        return (long) Math.ceil(peakBytes() * 100.0 / HEAP_SHARE_PERCENT);
    }

    /** Whether a heap of {@code heapBytes} holds it. */
    public boolean fits(long heapBytes) {
        return heapNeeded() <= heapBytes;
    }

    /**
     * The largest N whose whole job (nothing reused) fits in a heap of {@code heapBytes} with every
     * finished layer in the heap; -1 if none.
     */
    public static int largestFitting(long heapBytes, boolean distances, boolean raw) {
        int best = -1;
        for (int n = 0; n <= (distances ? Generator.MAX_DTC_SEEDS : PositionIndex.MAX_SEEDS); n++) {
            if (of(n, distances, new boolean[n + 1], new boolean[n + 1], raw).fits(heapBytes)) {
                best = n;
            }
        }
        return best;
    }

    /**
     * The largest N whose whole job (nothing reused) fits in a heap of {@code heapBytes} with as
     * many finished layers memory-mapped as it takes ({@link #within}); -1 if none.
     */
    public static int largestFittingMapped(long heapBytes, boolean distances, boolean raw) {
        int best = -1;
        for (int n = 0; n <= (distances ? Generator.MAX_DTC_SEEDS : PositionIndex.MAX_SEEDS); n++) {
            if (within(heapBytes, false, n, distances, new boolean[n + 1], new boolean[n + 1], raw).fits(heapBytes)) {
                best = n;
            }
        }
        return best;
    }

    /** The plan in a few lines, for the start of {@code krou generate}. */
    public List<String> describe(long heapBytes, long diskFree) {
        return describe(heapBytes, diskFree, null);
    }

    /**
     * The plan in a few lines, for the start of {@code krou generate}: where the peak is, which
     * finished layers are in the heap and which are memory-mapped from {@code workDir} (named
     * if not null), the heap and the disk.
     */
    public List<String> describe(long heapBytes, long diskFree, Path workDir) {
        List<String> lines = new ArrayList<>();
        if (peakLayer < 0) {
            lines.add("Plan: every layer is on disk already; nothing to compute.");
            return lines;
        }
        int n = peakLayer;
        long size = PositionIndex.size(n);
        long working = working(size, distances);
        lines.add(String.format(Locale.ROOT, "Plan: the most is held while layer %d is solved: %s of finished layers "
                        + "in the heap (1 byte a position) + %s for layer %d (%s at %s bytes) + %s overhead "
                        + "= %s",
                n, bytes(held[n] - working - OVERHEAD), bytes(working), n, Words.grouped(size, "position", "positions"),
                WORKING_BITS / 8.0 + (distances ? 1 + FRONTIER_BYTES : 0), bytes(OVERHEAD), bytes(held[n])));
        long heapLayers = 0;
        for (int k = 0; k <= maxSeeds; k++) {
            heapLayers += kept[k] ? PositionIndex.size(k) : 0;
        }
        lines.add(String.format(Locale.ROOT, "      finished layers read again: in the heap %s%s; memory-mapped %s",
                ranges(kept), heapLayers > 0 ? " (" + bytes(heapLayers) + ")" : "",
                mapsAny() ? ranges(mapped) + " from working files" + (workDir == null ? "" : " in " + workDir)
                        + " (" + bytes(mappedBytes) + ", one byte a position, read through the page cache, "
                        + "removed at the end)" : "none"));
        lines.add(String.format(Locale.ROOT, "      heap needed %s (data at most %d%% of it), heap available %s; "
                        + "tables to write about %s%s, disk free %s",
                bytes(heapNeeded()), HEAP_SHARE_PERCENT, bytes(heapBytes), bytes(diskBytes),
                mapsAny() ? ", working files " + bytes(mappedBytes) : "",
                diskFree < 0 ? "unknown" : bytes(diskFree)));
        return lines;
    }

    /** Bytes of disk the job needs at its end: the tables and the working files. */
    public long diskNeeded() {
        return diskBytes + mappedBytes;
    }

    /** Layers as ranges, e.g. {@code "0..16, 18"}, or {@code "none"}. */
    public static String ranges(boolean[] set) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < set.length; k++) {
            if (!set[k]) {
                continue;
            }
            int end = k;
            while (end + 1 < set.length && set[end + 1]) {
                end++;
            }
            sb.append(sb.length() == 0 ? "" : ", ").append(k).append(end > k ? ".." + end : "");
            k = end;
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }

    /** A size for people, e.g. {@code "3.4 GiB"}, {@code "615 MiB"}. */
    public static String bytes(long bytes) {
        if (bytes < 1L << 20) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        if (bytes < 1L << 30) {
            return String.format(Locale.ROOT, "%.0f MiB", bytes / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
