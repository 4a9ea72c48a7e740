package org.krou.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.krou.index.PositionIndex;

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
 * heap as the most the data may fill (the collector needs the rest). The tables written take
 * about {@value #CONTEXT_BITS} bits per position as context-coded blocks (8 if raw), and
 * {@value #DTC_BITS} more for distance tables, measured up to 24 seeds.
 *
 * <pre>{@code
 * MemoryPlan plan = MemoryPlan.of(26, false, new boolean[27], new boolean[27], false);
 * plan.peakBytes();                           // bytes held while solving the largest layer
 * plan.fits(Runtime.getRuntime().maxMemory());
 * }</pre>
 *
 * @param maxSeeds  the largest layer of the job
 * @param distances whether distance tables are computed too
 * @param held      {@code held[n]}: bytes held while layer {@code n} is solved; 0 for a layer reused
 * @param peakLayer the layer at which the most is held (-1 if nothing is computed)
 * @param diskBytes expected size of the tables still to write
 */
public record MemoryPlan(int maxSeeds, boolean distances, long[] held, int peakLayer, long diskBytes) {
    /** Bits per position of the working layer: the state byte and the don't-care bit. */
    static final int WORKING_BITS = 9;
    /** Extra bytes per position of the working layer with distances: the distance, the frontiers. */
    static final int FRONTIER_BYTES = 16;
    /** The share of the heap the data may fill. */
    static final int HEAP_SHARE_PERCENT = 85;
    /** What the JVM, the table writer and the rest need besides the layers. */
    static final long OVERHEAD = 128L << 20;
    /** Table size, bits per position (measured 2.56 at 20 seeds, 2.60 at 24). */
    static final double CONTEXT_BITS = 2.7;
    /** Raw tables, bits per position. */
    static final double RAW_BITS = 8;
    /** Distance tables, bits per position (measured 3.4 up to 16 seeds). */
    static final double DTC_BITS = 3.6;

    /** Copies the array. */
    public MemoryPlan {
        held = held.clone();
    }

    /**
     * The plan for layers {@code 0..maxSeeds} where {@code reuse[n]} marks the layers already on
     * disk; those the job still reads, or that the store wants ({@code wanted}), are decoded into
     * memory, as {@link Generator} does.
     *
     * @param raw  whether the tables are written raw (one byte a position) rather than context-coded
     */
    public static MemoryPlan of(int maxSeeds, boolean distances, boolean[] reuse, boolean[] wanted, boolean raw) {
        boolean[] inMemory = Generator.toDecode(reuse, wanted);
        long[] held = new long[maxSeeds + 1];
        long below = 0;
        int peak = -1;
        double bits = 0;
        for (int n = 0; n <= maxSeeds; n++) {
            long size = PositionIndex.size(n);
            if (!reuse[n]) {
                // the last layer is solved without layer n-1 in memory (nothing reads it any more)
                boolean release = n == maxSeeds && n > 0 && (!reuse[n - 1] || inMemory[n - 1]);
                held[n] = OVERHEAD + below - (release ? PositionIndex.size(n - 1) : 0) + working(size, distances);
                if (peak < 0 || held[n] > held[peak]) {
                    peak = n;
                }
                bits += size * ((raw ? RAW_BITS : CONTEXT_BITS) + (distances ? DTC_BITS : 0));
            }
            if (!reuse[n] || inMemory[n]) {
                below += size;
            }
        }
        return new MemoryPlan(maxSeeds, distances, held, peak, (long) (bits / 8));
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

    /** The largest N whose whole job (nothing reused) fits in a heap of {@code heapBytes}; -1 if none. */
    public static int largestFitting(long heapBytes, boolean distances, boolean raw) {
        int best = -1;
        for (int n = 0; n <= (distances ? Generator.MAX_DTC_SEEDS : PositionIndex.MAX_SEEDS); n++) {
            if (of(n, distances, new boolean[n + 1], new boolean[n + 1], raw).fits(heapBytes)) {
                best = n;
            }
        }
        return best;
    }

    /** The plan in a few lines, for the start of {@code krou generate}. */
    public List<String> describe(long heapBytes, long diskFree) {
        List<String> lines = new ArrayList<>();
        if (peakLayer < 0) {
            lines.add("Plan: every layer is on disk already; nothing to compute.");
            return lines;
        }
        int n = peakLayer;
        long size = PositionIndex.size(n);
        long working = working(size, distances);
        lines.add(String.format(Locale.ROOT, "Plan: the most is held while layer %d is solved: %s of finished layers "
                        + "(1 byte a position) + %s for layer %d (%,d positions at %s bytes) + %s overhead = %s",
                n, bytes(held[n] - working - OVERHEAD), bytes(working), n, size,
                WORKING_BITS / 8.0 + (distances ? 1 + FRONTIER_BYTES : 0), bytes(OVERHEAD), bytes(held[n])));
        lines.add(String.format(Locale.ROOT, "      heap needed %s (data at most %d%% of it), heap available %s; "
                        + "tables to write about %s, disk free %s",
                bytes(heapNeeded()), HEAP_SHARE_PERCENT, bytes(heapBytes), bytes(diskBytes),
                diskFree < 0 ? "unknown" : bytes(diskFree)));
        return lines;
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
