package org.krou.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.krou.index.PositionIndex;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link PositionIndex}: {@code rank} and {@code unrank} over a fixed pool of {@value #POOL}
 * random boards (and their ranks) of one layer, and {@code next} stepping through the layer
 * in rank order from a random start, as a generator sweep does. One operation = one call.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar IndexBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class IndexBenchmark {
    /** Boards and ranks in the pools. */
    public static final int POOL = 4096;

    @Param({"20", "48"})
    public int seeds;

    private int[][] boards;
    private long[] ranks;
    private final int[] out = new int[12];
    private int[] walker;

    @Setup
    public void setUp() {
        SplittableRandom rnd = new SplittableRandom(20240608L + seeds);
        boards = new int[POOL][];
        ranks = new long[POOL];
        long size = PositionIndex.size(seeds);
        for (int i = 0; i < POOL; i++) {
            boards[i] = Boards.random(rnd, seeds);
            ranks[i] = rnd.nextLong(size);
        }
        walker = new int[12];
        PositionIndex.unrank(seeds, rnd.nextLong(size), walker);
    }

    @Benchmark
    @OperationsPerInvocation(POOL)
    public void rank(Blackhole bh) {
        int[][] pool = boards;
        for (int i = 0; i < POOL; i++) {
            bh.consume(PositionIndex.rank(pool[i]));
        }
    }

    @Benchmark
    @OperationsPerInvocation(POOL)
    public void unrank(Blackhole bh) {
        long[] pool = ranks;
        int[] b = out;
        for (int i = 0; i < POOL; i++) {
            PositionIndex.unrank(seeds, pool[i], b);
            bh.consume(b[0] + b[11]);
        }
    }

    @Benchmark
    @OperationsPerInvocation(POOL)
    public void next(Blackhole bh) {
        int[] b = walker;
        for (int i = 0; i < POOL; i++) {
            if (!PositionIndex.next(b)) {
                PositionIndex.unrank(seeds, 0, b); // end of the layer: start over
            }
            bh.consume(b[0]);
        }
    }
}
