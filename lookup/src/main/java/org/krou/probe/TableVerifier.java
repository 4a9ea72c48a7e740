package org.krou.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
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
 * Checks the tables of a variant, for {@code krou verify}:
 * <ol>
 *   <li>every file: header and index (at open), every block's checksum and contents, and the
 *       whole-file checksum;</li>
 *   <li>every covered layer: sampled positions (ranks 0, the last, and random ones) are checked
 *       against their moves. For a finished game the value must equal the rule value
 *       ({@link Rules#terminalValue}); otherwise, with {@code M} the greatest
 *       {@code captured - value(child)} over the legal moves, the value {@code v} must equal
 *       {@code M}. (This is stricter than "{@code v >= M}, and {@code v == M} unless
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
     * The outcome for one file.
     *
     * @param file     the file
     * @param seeds    its seed count
     * @param covered  whether the layer is within the tablebase's coverage (sampled)
     * @param checksum null if every checksum and block is fine, else the error
     * @param samples  positions checked against their moves
     * @param failures what failed (at most a few per file)
     */
    public record FileReport(Path file, int seeds, boolean covered, String checksum, long samples,
                             List<String> failures) {
        /** True if nothing failed. */
        public boolean ok() {
            return checksum == null && failures.isEmpty();
        }
    }

    /**
     * The outcome for a variant.
     *
     * @param variant  the variant checked
     * @param maxSeeds the coverage
     * @param files    one report per file present
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
     * @param samples  positions sampled per layer (ranks 0 and last always included)
     * @param seed     random seed of the sampling
     * @param progress receives one line per file
     */
    public static Report verify(Path dataDir, Variant variant, int samples, long seed, Consumer<String> progress) {
        List<FileReport> reports = new ArrayList<>();
        try (Tablebase tb = Tablebase.open(dataDir, variant)) {
            for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
                Path f = TableFormat.valuesPath(dataDir, variant, n);
                if (!Files.isRegularFile(f)) {
                    continue;
                }
                String checksum = null;
                try (TableFile t = TableFile.open(f, TableKind.VALUES, variant, n, true, new BlockCache(2))) {
                    t.verifyChecksums();
                } catch (TableException e) {
                    checksum = e.getMessage();
                }
                List<String> failures = new ArrayList<>();
                long checked = 0;
                boolean covered = n <= tb.maxSeeds();
                if (covered) {
                    checked = sample(tb, n, samples, seed, failures);
                }
                FileReport r = new FileReport(f, n, covered, checksum, checked, Collections.unmodifiableList(failures));
                reports.add(r);
                progress.accept(String.format("%s: %s, %d positions checked%s", f,
                        r.ok() ? "ok" : "FAILED", checked, r.ok() ? "" : ": "
                                + (checksum != null ? checksum : failures.get(0))));
            }
            return new Report(variant, tb.maxSeeds(), Collections.unmodifiableList(reports));
        }
    }

    private static long sample(Tablebase tb, int n, int samples, long seed, List<String> failures) {
        long size = PositionIndex.size(n);
        SplittableRandom rnd = new SplittableRandom(seed * 31 + n);
        int[] b = new int[12];
        int[] ch = new int[72];
        int[] cap = new int[6];
        int[] scratch = new int[12];
        int[] child = new int[12];
        long count = Math.min(size, Math.max(2, samples));
        long checked = 0;
        for (long k = 0; k < count && failures.size() < MAX_FAILURES; k++) {
            long r = count == size ? k : k == 0 ? 0 : k == 1 ? size - 1 : rnd.nextLong(size);
            PositionIndex.unrank(n, r, b);
            try {
                String why = check(tb, n, b, ch, cap, scratch, child);
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

    private static String check(Tablebase tb, int n, int[] b, int[] ch, int[] cap, int[] scratch, int[] child) {
        int v = tb.value(b);
        if (v < -n || v > n) {
            return "value " + v + " outside -" + n + ".." + n;
        }
        int mask = Rules.generate(b, tb.variant(), ch, cap, scratch);
        if (mask == 0) {
            int t = Rules.terminalValue(b);
            return v == t ? null : "finished game worth " + t + " by the rules, table says " + v;
        }
        int max = Integer.MIN_VALUE;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) != 0) {
                System.arraycopy(ch, pit * Rules.PITS, child, 0, Rules.PITS);
                max = Math.max(max, cap[pit] - tb.value(child));
            }
        }
        if (v < max) {
            return "value " + v + " below the best move's " + max;
        }
        if (v != max) {
            return "value " + v + " but the best move is worth " + max + (v == 0 ? " (no move reaches 0)" : "");
        }
        return null;
    }
}
