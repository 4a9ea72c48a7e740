package org.krou.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.krou.generator.ExitKernel;
import org.krou.generator.Predecessors;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The per-position kernels of the generator on one layer of {@code seeds} seeds; one operation =
 * one position.
 *
 * <ul>
 *   <li>{@link #exits}: phase 1 for each board of a pool of {@value #POOL} uniformly random
 *       boards: every legal move played with {@link Rules#play}, and for each capture the rank of
 *       the child and a look-up in the smaller layer's {@link ByteBigArray}: {@link ExitKernel},
 *       the per-position body of the generator's exit phase; the smaller layers hold random
 *       values (the cost does not depend on them).</li>
 *   <li>{@link #exitSweep}: the same body over consecutive ranks from a random start, stepping
 *       with {@link PositionIndex#next} and storing exit and counter in two byte arrays, as
 *       ExitPhase did before it stored one code byte (its real access pattern: children of
 *       neighbouring boards are often close in rank).</li>
 *   <li>{@link #exitRun}: the same sweep as the exit phase runs it now, in runs of
 *       {@link ExitKernel#BATCH} positions whose look-ups are made together.</li>
 *   <li>{@link #predecessors}: {@link Predecessors#generate(int[])} (un-moves and the rank of
 *       each predecessor) for each board of the pool, as the propagation loop (Propagator) calls it.</li>
 * </ul>
 *
 * <p>{@code storage}: {@code heap} holds the smaller layers in the heap, as the generator does
 * when they fit; {@code mapped} reads them from files mapped into memory
 * ({@link ByteBigArray#map}), as it does when they do not (the files, in the temporary
 * directory, are in the page cache: what mapping costs without disk reads).
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar GeneratorKernelBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GeneratorKernelBenchmark {
    /** Boards in the pool. */
    public static final int POOL = 4096;
    /** As the former {@code LayerState.UNRESOLVED}. */
    private static final int UNRESOLVED = 100;

    /** Seeds of the layer. */
    @Param({"16"})
    public int seeds;

    /** The variant id, as {@link Variant#parse(String)} reads it. */
    @Param({"abapa"})
    public String variant;

    /** Where the smaller layers are: {@code heap}, or {@code mapped} from files. */
    @Param({"heap", "mapped"})
    public String storage;

    private Variant v;
    private ExitKernel kernel;
    private int[][] boards;
    private ByteBigArray[] solved;
    private Predecessors pred;
    private final int[] walker = new int[12];
    private long walkerRank;
    private long size;
    private ByteBigArray exit;
    private ByteBigArray state;
    private final int[] results = new int[ExitKernel.BATCH];

    /** Draws the pool and fills the smaller layers with random values. */
    @Setup(Level.Trial)
    public void setUp() {
        v = Variant.parse(variant);
        SplittableRandom rnd = new SplittableRandom(20240610L + seeds);
        boards = new int[POOL][];
        for (int i = 0; i < POOL; i++) {
            boards[i] = Boards.random(rnd, seeds);
        }
        solved = new ByteBigArray[seeds];
        byte[] chunk = new byte[1 << 16];
        for (int k = 0; k < seeds; k++) {
            solved[k] = new ByteBigArray(PositionIndex.size(k));
            for (long at = 0; at < solved[k].length(); at += chunk.length) {
                int len = (int) Math.min(chunk.length, solved[k].length() - at);
                for (int j = 0; j < len; j++) {
                    chunk[j] = (byte) (rnd.nextInt(2 * k + 1) - k);
                }
                solved[k].copyFrom(chunk, 0, at, len);
            }
            if (storage.equals("mapped")) {
                solved[k] = mapped(solved[k]);
            }
        }
        pred = new Predecessors(v);
        kernel = new ExitKernel(v, solved);
        size = PositionIndex.size(seeds);
        exit = new ByteBigArray(size);
        state = new ByteBigArray(size);
        walkerRank = rnd.nextLong(size);
        PositionIndex.unrank(seeds, walkerRank, walker);
    }

    /** The same bytes, read from a temporary file mapped into memory (the file is removed at once). */
    private static ByteBigArray mapped(ByteBigArray a) {
        try {
            Path f = Files.createTempFile("krou-bench", ".raw");
            byte[] bytes = new byte[(int) a.length()];
            a.copyTo(0, bytes, 0, bytes.length);
            Files.write(f, bytes);
            ByteBigArray m = ByteBigArray.map(f, a.length());
            Files.delete(f);
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Phase 1 for each board of the pool; the result packs the best exit and the counter. */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void exits(Blackhole bh) {
        int[][] pool = boards;
        for (int i = 0; i < POOL; i++) {
            bh.consume(kernel.evaluate(pool[i], seeds));
        }
    }

    /** Phase 1 over consecutive ranks, storing the results as ExitPhase did (two bytes). */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void exitSweep() {
        int[] b = walker;
        long r = walkerRank;
        for (int i = 0; i < POOL; i++) {
            int x = kernel.evaluate(b, seeds);
            exit.set(r, (byte) ExitKernel.best(x));
            state.set(r, (byte) (UNRESOLVED + ExitKernel.same(x)));
            if (PositionIndex.next(b)) {
                r++;
            } else {
                r = 0;
                PositionIndex.unrank(seeds, 0, b); // end of the layer: start over
            }
        }
        walkerRank = r;
    }

    /**
     * Phase 1 over consecutive ranks as ExitPhase runs each opponent's row of its columns (and ran the
     * whole layer before the columns): {@link ExitKernel#evaluateRun}, runs
     * of {@link ExitKernel#BATCH} positions whose look-ups are made together, one code byte stored.
     */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void exitRun() {
        int[] b = walker;
        long r = walkerRank;
        for (int i = 0; i < POOL; i += ExitKernel.BATCH) {
            if (r + ExitKernel.BATCH > state.length()) {
                r = 0;
                PositionIndex.unrank(seeds, 0, b); // end of the layer: start over
            }
            kernel.evaluateRun(b, seeds, ExitKernel.BATCH, results);
            for (int k = 0; k < ExitKernel.BATCH; k++) {
                state.set(r + k, (byte) (UNRESOLVED + ExitKernel.same(results[k])));
            }
            r += ExitKernel.BATCH;
        }
        walkerRank = r;
    }

    /** The same-layer predecessors of each board of the pool. */
    @Benchmark
    @OperationsPerInvocation(POOL)
    public void predecessors(Blackhole bh) {
        int[][] pool = boards;
        Predecessors p = pred;
        for (int i = 0; i < POOL; i++) {
            int k = p.generate(pool[i]);
            bh.consume(k);
            bh.consume(p.ranks()[0]);
        }
    }
}
