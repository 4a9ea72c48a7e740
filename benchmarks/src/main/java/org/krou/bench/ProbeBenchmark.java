package org.krou.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.krou.generator.Generator;
import org.krou.generator.Progress;
import org.krou.generator.TableLayerStore;
import org.krou.index.PositionIndex;
import org.krou.probe.Tablebase;
import org.krou.rules.Variant;
import org.krou.table.TablePaths;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Random-probe latency of {@link Tablebase#value(int[])}: one operation is one probe of a board
 * drawn uniformly (over ranks) from the layer of exactly {@code seeds} seeds, cycling through a
 * fixed pool of {@value #POOL} boards that were all probed once in the set-up.
 * {@link Mode#SampleTime} gives the median and percentiles, {@link Mode#AverageTime} the mean.
 *
 * <p>{@code cacheMb} sizes the block cache. With {@code -1} (the default) it holds every block of
 * layers {@code 0..seeds}, so every block the pool touches (in its layer and, for "don't care"
 * entries, in the smaller layers reached by captures) is decoded once in the set-up and every
 * probe timed is warm. With a bound far smaller than the tables (for example {@code 16}: 16 MiB
 * against 226 MB of decoded blocks at 20 seeds) most probes miss the cache and decode their
 * blocks, as an engine's probes do when its tables are much larger than its cache.
 *
 * <p>Tables are read from {@code ${krou.bench.data}/<variant>/values-NN.krou} (default
 * {@code benchmarks/target/bench-data}, relative to the working directory); if a table of
 * {@code 0..seeds} is missing it is generated there first with the default (context-coded) format, which
 * takes tens of seconds at 16 seeds on two cores and a few minutes at 18.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar ProbeBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s
 * java -jar benchmarks/target/benchmarks.jar ProbeBenchmark -p seeds=18 -jvmArgsAppend -Dkrou.bench.data=/tmp/kb
 * java -jar benchmarks/target/benchmarks.jar ProbeBenchmark -p seeds=20 -p cacheMb=16 -jvmArgsAppend -Dkrou.bench.data=data
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.SampleTime, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ProbeBenchmark {
    /** Boards in the pool. */
    public static final int POOL = 1 << 16;

    /** Seeds on every board probed; tables 0..seeds are needed. */
    @Param({"16"})
    public int seeds;

    /** The variant id, as {@link Variant#parse(String)} reads it. */
    @Param({"abapa"})
    public String variant;

    /** The block cache in MiB; -1: large enough for every block of layers {@code 0..seeds}. */
    @Param({"-1"})
    public long cacheMb;

    private Tablebase tb;
    private int[][] boards;
    private int next;

    /** Generates the tables if needed, opens them, draws the pool and warms the cache. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Variant v = Variant.parse(variant);
        Path dir = Path.of(System.getProperty("krou.bench.data", "benchmarks/target/bench-data"));
        ensureTables(dir, v, seeds);
        if (cacheMb < -1) {
            throw new IllegalArgumentException("cacheMb " + cacheMb + ": expected -1 (every block) or 0 or more");
        }
        long bytes = cacheMb >= 0 ? cacheMb << 20
                : Math.max(Tablebase.Options.DEFAULT_CACHE_BYTES, 2 * PositionIndex.cumulativeSize(seeds));
        tb = Tablebase.open(dir, v, new Tablebase.Options(true, bytes));
        SplittableRandom rnd = new SplittableRandom(20240609L + seeds);
        long size = PositionIndex.size(seeds);
        boards = new int[POOL][12];
        long sum = 0;
        for (int[] b : boards) {
            PositionIndex.unrank(seeds, rnd.nextLong(size), b);
            sum += tb.value(b); // warms the cache (all of it if it holds every block)
        }
        // a second pass must give the same answers, from the cache or decoded again
        long again = 0;
        for (int[] b : boards) {
            again += tb.value(b);
        }
        if (again != sum) {
            throw new IllegalStateException("probes disagree between passes: " + sum + " vs " + again);
        }
    }

    /** Generates tables {@code 0..seeds} under {@code dir} unless they are all present. */
    static void ensureTables(Path dir, Variant v, int seeds) throws IOException {
        for (int n = 0; n <= seeds; n++) {
            if (!Files.isRegularFile(TablePaths.valuesPath(dir, v, n))) {
                int threads = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));
                System.out.println("ProbeBenchmark: generating " + v.id() + " tables 0.." + seeds + " in " + dir
                        + " (layer " + n + " is missing)");
                long t0 = System.nanoTime();
                new Generator(v, threads, new TableLayerStore(dir, v, threads), Progress.NONE).run(seeds);
                System.out.printf("ProbeBenchmark: generated in %.1f s%n", (System.nanoTime() - t0) / 1e9);
                return;
            }
        }
    }

    /** Closes the tables. */
    @TearDown(Level.Trial)
    public void tearDown() {
        tb.close();
    }

    /** One probe of the next board of the pool. */
    @Benchmark
    public int probe() {
        int i = next;
        next = (i + 1) & (POOL - 1);
        return tb.value(boards[i]);
    }
}
