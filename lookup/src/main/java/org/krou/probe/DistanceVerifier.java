package org.krou.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableFormat;
import org.krou.table.TableKind;

/**
 * Checks the distance-to-conversion tables: every checksum, then sampled positions against the
 * definition: 0 for a finished game, the marker for a position worth 0, else one more than the
 * nearest (side ahead) or farthest (side behind) value-optimal move, a capture counting as 1.
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
            if (Files.isRegularFile(TableFormat.path(dataDir, variant, TableKind.DTC, n))) {
                k++;
            }
        }
        return k;
    }

    /**
     * Verifies every distance table present; reports one line per file to {@code progress}.
     *
     * @return the failures, empty if all is well
     */
    public static List<String> verify(Path dataDir, Variant variant, int samples, long seed, Consumer<String> progress) {
        List<String> failures = new ArrayList<>();
        if (count(dataDir, variant) == 0) {
            return failures;
        }
        try (Tablebase tb = Tablebase.open(dataDir, variant);
             DistanceTables dt = new DistanceTables(dataDir, variant, tb.maxSeeds())) {
            for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
                Path f = TableFormat.path(dataDir, variant, TableKind.DTC, n);
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
                if (problem == null && n <= dt.maxSeeds()) {
                    SplittableRandom random = new SplittableRandom(seed + n);
                    long size = PositionIndex.size(n);
                    long count = Math.min(size, samples);
                    for (long k = 0; k < count && problem == null; k++) {
                        long r = size <= samples ? k : random.nextLong(size);
                        problem = check(tb, dt, n, r);
                        checked++;
                    }
                }
                if (problem != null) {
                    failures.add(f + ": " + problem);
                }
                progress.accept(String.format("%s: %s, %d positions checked%s", f, problem == null ? "ok" : "FAILED",
                        checked, problem == null ? "" : ": " + problem));
            }
        }
        return failures;
    }

    private static String check(Tablebase tb, DistanceTables dt, int n, long r) {
        int[] b = new int[12];
        PositionIndex.unrank(n, r, b);
        int v = tb.value(b);
        int d = dt.distance(b, n);
        int[] children = new int[72];
        int[] captured = new int[6];
        int mask = Rules.generate(b, tb.variant(), children, captured, new int[12]);
        int expected;
        if (v == 0) {
            expected = DistanceTables.NONE;
        } else if (mask == 0) {
            expected = 0;
        } else {
            expected = v > 0 ? Integer.MAX_VALUE : Integer.MIN_VALUE;
            int[] child = new int[12];
            for (int pit = 0; pit < 6; pit++) {
                if ((mask & (1 << pit)) == 0) {
                    continue;
                }
                System.arraycopy(children, pit * 12, child, 0, 12);
                int c = captured[pit];
                if (c - tb.value(child) != v) {
                    continue;
                }
                int via = c > 0 ? 1 : 1 + dt.distance(child, n);
                expected = v > 0 ? Math.min(expected, via) : Math.max(expected, via);
            }
        }
        return d == expected ? null
                : "board " + Arrays.toString(b) + " (rank " + r + ") value " + v + ": distance " + d + ", expected "
                        + expected;
    }
}
