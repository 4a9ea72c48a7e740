package org.krou.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.krou.index.PositionIndex;
import org.krou.probe.Tablebase;
import org.krou.rules.Variant;

/**
 * Latency of single probes ({@code Tablebase.probe(int[])}) on uniformly random boards of one
 * layer, timed one by one with {@code System.nanoTime()}: <em>cold</em> with no block cache at
 * all (every block a probe touches, in its layer and in the smaller layers its don't-care
 * resolution reads, is read from the file and decoded; the files themselves are in the OS page
 * cache after the first pass); with a cache of 16 MiB, far smaller than the blocks the probes
 * touch, as an engine's cache is beside large tables (most probes miss it and decode, and what
 * they decode is cached); and <em>warm</em> with the default cache (256 MiB with
 * {@code -Xmx4g}), which holds every block the probes touch (each board probed once before the
 * timing; at 20 seeds 100,000 boards touch 150,037 streams, 58 MB in the cache). Prints the median, p99 and mean of each, and
 * first what an empty interval of the clock measures (each figure includes it once).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.krou.bench.ProbeLatency DIR abapa 20 100000
 * </pre>
 */
public final class ProbeLatency {
    /** The cache of the third measurement: far smaller than what the probes touch (58 MB at 20 seeds). */
    private static final long SMALL_CACHE = 16L << 20;

    private ProbeLatency() {
    }

    /**
     * Runs the measurement.
     *
     * @param args data directory, variant, seeds, number of boards
     * @throws Exception if the tables cannot be read
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: ProbeLatency DIR VARIANT SEEDS COUNT");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        Variant variant = Variant.parse(args[1]);
        int seeds = Integer.parseInt(args[2]);
        int count = Integer.parseInt(args[3]);
        SplittableRandom rnd = new SplittableRandom(42);
        int[][] boards = new int[count][12];
        for (int i = 0; i < count; i++) {
            PositionIndex.unrank(seeds, rnd.nextLong(PositionIndex.size(seeds)), boards[i]);
        }
        timerOverhead();
        try (Tablebase tb = Tablebase.open(dir, variant, new Tablebase.Options(true, 0))) {
            time(tb, boards, "first pass, no cache", false);
            time(tb, boards, "cold (no block cache)", true);
        }
        try (Tablebase tb = Tablebase.open(dir, variant, new Tablebase.Options(true, SMALL_CACHE))) {
            time(tb, boards, "first pass, small cache", false);
            time(tb, boards, "with a cache of " + (SMALL_CACHE >> 20) + " MiB (most probes miss it)", true);
        }
        try (Tablebase tb = Tablebase.open(dir, variant, Tablebase.Options.DEFAULT)) { // holds all they touch
            time(tb, boards, "filling the cache", false);
            time(tb, boards, "warm (every block cached)", true);
        }
    }

    /**
     * Prints what an empty interval measures: every figure below includes it once (the clock is
     * read before and after each probe), so a probe alone costs about that much less.
     */
    private static void timerOverhead() {
        long[] ns = new long[1_000_000];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < ns.length; i++) {
                long t = System.nanoTime();
                ns[i] = System.nanoTime() - t;
            }
        }
        Arrays.sort(ns);
        System.out.printf(java.util.Locale.ROOT, "timer: an empty interval measures %d ns (median), %d ns (p99); "
                + "each figure below includes it%n", ns[ns.length / 2], ns[(int) (ns.length * 0.99)]);
    }

    private static void time(Tablebase tb, int[][] boards, String what, boolean print) {
        long[] ns = new long[boards.length];
        long sink = 0;
        for (int i = 0; i < boards.length; i++) {
            long t = System.nanoTime();
            sink += tb.probe(boards[i]);
            ns[i] = System.nanoTime() - t;
        }
        if (sink == Long.MIN_VALUE) {
            System.out.println(); // keeps the probes alive
        }
        if (print) {
            Arrays.sort(ns);
            System.out.printf(java.util.Locale.ROOT, "probe %s: median %.2f us, p99 %.2f us, mean %.2f us (%d boards)%n",
                    what, ns[ns.length / 2] / 1e3, ns[(int) (ns.length * 0.99)] / 1e3,
                    Arrays.stream(ns).average().orElse(0) / 1e3, boards.length);
        }
    }
}
