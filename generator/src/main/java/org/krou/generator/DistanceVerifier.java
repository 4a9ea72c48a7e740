package org.krou.generator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.krou.index.PositionIndex;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.table.TableSet;
import org.krou.util.Words;

/**
 * Checks the distance-to-conversion tables: every checksum, then sampled positions against the
 * definition: 0 for a finished game, the marker for a position worth 0, else the distance of the
 * move perfect play picks ({@link PerfectPlay#preferredMove}: the nearest value-optimal move for
 * the side ahead, the farthest for the side behind), a capture counting as 1 and a quiet move as
 * one more than its child.
 *
 * <pre>{@code
 * List<String> failures = DistanceVerifier.verify(Path.of("data"), Variant.ABAPA, 10_000, 1, System.out::println);
 * }</pre>
 */
public final class DistanceVerifier {
    private DistanceVerifier() {
    }

    /** Number of distance tables of {@code variant} present. */
    public static int count(Path dataDir, Variant variant) {
        int k = 0;
        for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
            if (Files.isRegularFile(TablePaths.path(dataDir, variant, TableKind.DTC, n))) {
                k++;
            }
        }
        return k;
    }

    /**
     * Verifies every distance table present; reports one line per file to {@code progress}.
     * Positions are sampled in the layers whose value and distance tables, and those of every
     * smaller layer, are all present and readable ({@link TableSet#readableCoverage}); above
     * them only the checksums are checked, and the line says why. A damaged value table met
     * while sampling fails the layer being sampled, naming the damaged file; the other layers
     * are still checked.
     *
     * @return the failures, empty if all is well
     */
    public static List<String> verify(Path dataDir, Variant variant, int samples, long seed, Consumer<String> progress) {
        List<String> failures = new ArrayList<>();
        if (count(dataDir, variant) == 0) {
            return failures;
        }
        int values = TableSet.readableCoverage(dataDir, variant, TableKind.VALUES, PositionIndex.MAX_SEEDS);
        int distances = TableSet.readableCoverage(dataDir, variant, TableKind.DTC, values);
        try (Tablebase tb = distances >= 0 && samples > 0 ? Tablebase.open(dataDir, variant) : null) {
            for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
                Path f = TablePaths.path(dataDir, variant, TableKind.DTC, n);
                if (!Files.isRegularFile(f)) {
                    continue;
                }
                String problem = null;
                try (TableFile t = TableFile.open(f, TableKind.DTC, variant, n, true, new BlockCache(2))) {
                    t.verifyChecksums();
                } catch (TableException e) {
                    problem = e.getMessage();
                }
                long checked = 0;
                if (problem == null && tb != null && n <= distances) {
                    SplittableRandom random = new SplittableRandom(seed + n);
                    long size = PositionIndex.size(n);
                    long count = Math.min(size, samples);
                    for (long k = 0; k < count && problem == null; k++) {
                        long r = size <= samples ? k : random.nextLong(size);
                        try {
                            problem = check(tb, n, r);
                        } catch (TableException e) {
                            problem = "rank " + r + ": " + e.getMessage();
                        }
                        checked++;
                    }
                }
                if (problem != null) {
                    failures.add(f + ": " + problem);
                }
                String sampled = problem != null || n <= distances && samples > 0
                        ? ", " + Words.count(checked, "position", "positions") + " checked"
                        : samples == 0 ? ", checksums only (no positions sampled: --samples 0)"
                        : ", checksums only (not sampled: the " + (n > values ? "value" : "distance") + " table of "
                                + Words.count((n > values ? values : distances) + 1, "seed", "seeds")
                                + " is missing or unreadable)";
                progress.accept(String.format("%s: %s%s%s", f, problem == null ? "ok" : "FAILED", sampled,
                        problem == null ? "" : ": " + problem));
            }
        }
        return failures;
    }

    private static String check(Tablebase tb, int n, long r) {
        int[] b = new int[12];
        PositionIndex.unrank(n, r, b);
        int v = tb.value(b);
        int d = tb.distance(b);
        int[] values = new int[6];
        int[] distances = new int[6];
        int mask = tb.rootMoves(b, values, distances);
        int expected;
        if (v == 0) {
            expected = Tablebase.WORTH_ZERO;
        } else if (mask == 0) {
            expected = 0;
        } else {
            int pit = PerfectPlay.preferredMove(mask, values, distances, v);
            if (pit < 0) {
                return "board " + Arrays.toString(b) + " (rank " + r + ") value " + v + ": no move reaches it";
            }
            expected = distances[pit];
        }
        return d == expected ? null
                : "board " + Arrays.toString(b) + " (rank " + r + ") value " + v + ": distance " + d + ", expected "
                        + expected;
    }
}
