package org.krou.generator;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.krou.index.PositionIndex;
import org.krou.probe.Tablebase;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.MissingTableException;
import org.krou.table.StatsFile;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.table.TableSet;
import org.krou.util.Words;

/**
 * Checks the tables of a variant, for {@code krou verify}:
 * <ol>
 *   <li>every layer from 0 to the highest present: a missing file below the highest present
 *       is a failure (the layers above it cannot be used), and so is a file that cannot be
 *       opened;</li>
 *   <li>every file: header and index (at open), every block's checksum and contents, and the
 *       whole-file checksum;</li>
 *   <li>every statistics file {@code values-NN.stats} present ({@link StatsFile}): its own
 *       checksum, the table checksum it names, and counts summing to the layer size; for a
 *       layer whose every position is checked (below), the counts must also equal those of the
 *       values read. A missing statistics file is noted, not a failure (it is a cache);</li>
 *   <li>every covered layer (every layer from 0 up to it present and readable,
 *       {@link TableSet#readableCoverage}), unless {@code samples} is 0: sampled positions (ranks 0, the last,
 *       and random ones) are checked against their moves by {@link Verifier#problem}. For a finished game the value must
 *       equal the rule value ({@link Rules#terminalValue}); otherwise, with {@code M} the
 *       greatest {@code captured - value(child)} over the legal moves, the value {@code v} must
 *       equal {@code M}. (This is stricter than "{@code v >= M}, and {@code v == M} unless
 *       {@code v == 0}": endless play is worth 0 only through a move to a child worth 0, so
 *       {@code M = 0} there too; no position of the abapa layers up to 16 seeds has
 *       {@code v == 0 > M}. Failures say which of the two conditions broke.) Values read
 *       through don't-care resolution are checked as returned to users.</li>
 * </ol>
 *
 * <pre>{@code
 * TableVerifier.Report r = TableVerifier.verify(Path.of("data"), Variant.ABAPA, 10_000, 1L, System.out::println);
 * if (!r.ok()) System.exit(1);
 * }</pre>
 */
public final class TableVerifier {
    /** Failures kept per layer. */
    private static final int MAX_FAILURES = 20;

    /**
     * The outcome for one layer.
     *
     * @param file     the table file
     * @param seeds    its seed count
     * @param covered  whether the layer is within the coverage (sampled)
     * @param checksum null if the file is present and every checksum and block is fine, else the
     *                 error (naming the file; {@code "missing: ..."} for a missing file)
     * @param stats    null if the statistics file is consistent or absent, else the problem
     * @param samples  positions checked against their moves
     * @param failures what failed (at most a few per file)
     */
    public record FileReport(Path file, int seeds, boolean covered, String checksum, String stats, long samples,
                             List<String> failures) {
        /** True if nothing failed. */
        public boolean ok() {
            return checksum == null && stats == null && failures.isEmpty();
        }
    }

    /**
     * The outcome for a variant.
     *
     * @param variant  the variant checked
     * @param maxSeeds the coverage: the largest seed count with every layer from 0 up to it present
     *                 and readable ({@link TableSet#readableCoverage}); -1 if layer 0 is not
     * @param files    one report per layer from 0 to the highest present
     */
    public record Report(Variant variant, int maxSeeds, List<FileReport> files) {
        /** True if every file passed. */
        public boolean ok() {
            return files.stream().allMatch(FileReport::ok);
        }
    }

    private TableVerifier() {
    }

    /**
     * Verifies every table of {@code variant} under {@code dataDir}.
     *
     * @param samples  positions sampled per layer (ranks 0 and last always included); 0 for none
     *                 (checksums only)
     * @param seed     random seed of the sampling
     * @param progress receives one line per layer
     * @throws IllegalArgumentException if {@code samples} is negative
     * @throws MissingTableException    if there is no table of the variant at all
     */
    public static Report verify(Path dataDir, Variant variant, int samples, long seed, Consumer<String> progress) {
        if (samples < 0) {
            throw new IllegalArgumentException("samples " + samples + ": expected 0 or more");
        }
        int highest = -1;
        for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
            if (Files.exists(TablePaths.valuesPath(dataDir, variant, n), LinkOption.NOFOLLOW_LINKS)) {
                highest = n;
            }
        }
        if (highest < 0) {
            throw new MissingTableException(variant, 0, TablePaths.valuesPath(dataDir, variant, 0));
        }
        List<FileReport> reports = new ArrayList<>();
        int coverage = TableSet.readableCoverage(dataDir, variant, TableKind.VALUES, highest);
        Tablebase tb = coverage >= 0 ? Tablebase.open(dataDir, variant) : null;
        try {
            for (int n = 0; n <= highest; n++) {
                FileReport r = layer(dataDir, variant, n, highest, n <= coverage ? tb : null, samples, seed);
                reports.add(r);
                progress.accept(String.format("%s: %s%s%s", r.file(), r.ok() ? "ok" : "FAILED",
                        // a missing layer, or the unreadable one that ends the coverage: its problem says all
                        r.checksum() != null && (n == coverage + 1 || r.checksum().startsWith("missing")) ? ""
                                : samples == 0 ? ", checksums only (no positions sampled: --samples 0)"
                                : !r.covered() ? ", checksums only (not sampled: layer " + (coverage + 1)
                                        + " below is missing or unreadable)"
                                : ", " + Words.count(r.samples(), "position", "positions") + " checked",
                        r.ok() ? "" : ": " + (r.checksum() != null ? r.checksum()
                                : r.stats() != null ? r.stats() : r.failures().get(0))));
            }
            return new Report(variant, coverage, Collections.unmodifiableList(reports));
        } finally {
            if (tb != null) {
                tb.close();
            }
        }
    }

    /** The report of layer {@code n}; {@code tb} is null if the layer is beyond the coverage (not sampled). */
    private static FileReport layer(Path dataDir, Variant variant, int n, int highest, Tablebase tb, int samples,
                                    long seed) {
        Path f = TablePaths.valuesPath(dataDir, variant, n);
        if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
            return new FileReport(f, n, false, "missing: layer " + n + " (" + f + ") does not exist, but layers up to "
                    + highest + " do: layers " + n + ".." + highest + " cannot be used", null, 0, List.of());
        }
        String checksum = null;
        StatsFile.Check stats = null;
        try (TableFile t = TableFile.open(f, TableKind.VALUES, variant, n, true, new BlockCache(2))) {
            t.verifyChecksums();
            stats = StatsFile.read(StatsFile.besides(f), variant, n, t.header().bodyCrc());
        } catch (TableException e) {
            checksum = "layer " + n + ": " + e.getMessage();
        }
        List<String> failures = new ArrayList<>();
        long[] histogram = new long[2 * n + 1];
        long checked = 0;
        boolean covered = tb != null;
        if (covered && samples > 0) {
            checked = sample(tb, n, samples, seed, failures, histogram);
        }
        String statsProblem = stats == null || stats.missing() ? null : stats.problem();
        if (stats != null && stats.ok() && checked == PositionIndex.size(n) && failures.isEmpty()) {
            statsProblem = compare(StatsFile.besides(f), n, stats.counts(), histogram);
        }
        return new FileReport(f, n, covered, checksum, statsProblem, checked, Collections.unmodifiableList(failures));
    }

    /** Null if the counts of the statistics file equal those of every value read, else the first difference. */
    private static String compare(Path file, int n, long[] counts, long[] histogram) {
        for (int v = -n; v <= n; v++) {
            if (counts[v + n] != histogram[v + n]) {
                return file + ": says " + counts[v + n] + " positions are worth " + v + ", the table has "
                        + histogram[v + n];
            }
        }
        return null;
    }

    private static long sample(Tablebase tb, int n, int samples, long seed, List<String> failures, long[] histogram) {
        long size = PositionIndex.size(n);
        SplittableRandom rnd = new SplittableRandom(seed * 31 + n);
        int[] b = new int[12];
        Verifier verifier = new Verifier(tb.variant());
        long count = Math.min(size, Math.max(2, samples));
        long checked = 0;
        for (long k = 0; k < count && failures.size() < MAX_FAILURES; k++) {
            long r = count == size ? k : k == 0 ? 0 : k == 1 ? size - 1 : rnd.nextLong(size);
            PositionIndex.unrank(n, r, b);
            try {
                String why = check(verifier, tb, n, b, histogram);
                if (why != null) {
                    failures.add("rank " + r + " " + java.util.Arrays.toString(b) + ": " + why);
                }
            } catch (TableException e) {
                failures.add("rank " + r + ": " + e.getMessage());
            }
            checked++;
        }
        return checked;
    }

    private static String check(Verifier verifier, Tablebase tb, int n, int[] b, long[] histogram) {
        int v = tb.value(b);
        if (v < -n || v > n) {
            return "value " + v + " outside -" + n + ".." + n;
        }
        histogram[v + n]++;
        return verifier.problem(b, n, v, (child, seeds) -> tb.value(child));
    }
}
