package org.krou.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
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
 * The move kernel: every legal move of a position with its (rotated) child and capture, via
 * {@link Rules#generate}, as the generator calls it. One operation = one position, averaged
 * over a fixed pool of {@value #POOL} random mover-relative boards holding 10 to 30 seeds
 * (uniform over the boards of each seed count; some have an empty mover row or must feed,
 * as in a table layer).
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar RulesBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RulesBenchmark {
    /** Boards in the pool. */
    public static final int POOL = 4096;

    @Param({"abapa", "awari"})
    public String variant;

    private Variant v;
    private int[][] boards;
    private final int[] children = new int[72];
    private final int[] captured = new int[6];
    private final int[] scratch = new int[12];

    @Setup
    public void setUp() {
        v = Variant.parse(variant);
        SplittableRandom rnd = new SplittableRandom(20240607L);
        boards = new int[POOL][];
        for (int i = 0; i < POOL; i++) {
            boards[i] = Boards.random(rnd, 10 + rnd.nextInt(21));
        }
    }

    /** All legal moves with children for each board of the pool; ns/op is per position. */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void generate(Blackhole bh) {
        int[][] pool = boards;
        for (int i = 0; i < POOL; i++) {
            int mask = Rules.generate(pool[i], v, children, captured, scratch);
            bh.consume(mask);
            // a value that depends on the children and captures: keeps the work observable
            bh.consume(children[12 * (Integer.numberOfTrailingZeros(mask | 64) % 6)] + captured[i % 6]);
        }
    }
}
