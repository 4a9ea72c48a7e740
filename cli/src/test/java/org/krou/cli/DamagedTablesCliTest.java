package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify, info and stats over a directory of two rule sets with distance tables, one of whose
 * value tables is cut short (as a disk that filled up or an interrupted copy leaves it): every
 * file gets its verdict, every rule set its summary, and the commands agree on the coverage.
 */
class DamagedTablesCliTest {
    @TempDir
    static Path dir;

    /** abapa to 8 seeds, awari to 6, both with distances; abapa's layer 6 cut to half its length. */
    @BeforeAll
    static void generateAndDamage() throws IOException {
        CliRun a = CliRun.of("generate", "-n", "8", "--dtc", "--data", dir.toString());
        assertEquals(0, a.exit(), a.err());
        CliRun w = CliRun.of("generate", "-n", "6", "--dtc", "--variant", "awari", "--data", dir.toString());
        assertEquals(0, w.exit(), w.err());
        Path six = dir.resolve("abapa/values-06.krou");
        try (FileChannel c = FileChannel.open(six, StandardOpenOption.WRITE)) {
            c.truncate(c.size() / 2);
        }
    }

    /** The verdict line of {@code file} in verify's output. */
    private static String verdict(CliRun r, String file) {
        String path = dir.resolve(file).toString();
        List<String> lines = r.out().lines().filter(l -> l.strip().startsWith(path + ": ")).toList();
        assertEquals(1, lines.size(), file + " has one verdict line in:\n" + r.out());
        return lines.get(0).strip().substring(path.length() + 2);
    }

    @Test
    void verifyReportsEveryFileOfEveryRuleSetAndExits1() {
        CliRun r = CliRun.of("verify", "--data", dir.toString(), "--samples", "300");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals("", r.err());
        assertTrue(verdict(r, "abapa/values-06.krou").startsWith("FAILED"), r.out());
        assertTrue(verdict(r, "abapa/values-06.krou").matches("FAILED: layer 6: .*truncated.*"), r.out());
        for (int n = 0; n <= 8; n++) {
            String dtc = verdict(r, String.format("abapa/dtc-%02d.krou", n));
            assertTrue(dtc.startsWith("ok"), "dtc-" + n + " is intact: " + dtc);
            String values = verdict(r, String.format("abapa/values-%02d.krou", n));
            if (n < 6) {
                assertTrue(values.startsWith("ok"), "values-" + n + ": " + values);
            }
        }
        for (int n = 0; n <= 6; n++) {
            assertTrue(verdict(r, String.format("awari/values-%02d.krou", n)).startsWith("ok"), r.out());
            assertTrue(verdict(r, String.format("awari/dtc-%02d.krou", n)).startsWith("ok"), r.out());
        }
        assertTrue(r.out().contains("abapa: FAILED (9 value tables, 9 distance tables"), r.out());
        assertTrue(r.out().contains("awari: OK (7 value tables, 7 distance tables, coverage 0..6 seeds)"), r.out());
    }

    /** The coverage line of each table kind in info's output, in order ("  total ... coverage: 0..5 seeds"). */
    private static List<String> infoCoverages(CliRun info) {
        return info.out().lines().filter(l -> l.strip().startsWith("total "))
                .map(l -> l.substring(l.indexOf("coverage: ") + "coverage: ".length())).toList();
    }

    /**
     * One definition of coverage: the largest seed count with every layer from 0 up to it present
     * and readable. Layer 6 cannot be read, so the abapa tables cover 0..5 seeds, in verify's
     * summary and in info's listing alike (the distance tables as far as the value tables).
     */
    @Test
    void verifyAndInfoGiveTheSameCoverage() {
        CliRun v = CliRun.of("verify", "--data", dir.toString(), "--samples", "300");
        assertTrue(v.out().contains("abapa: FAILED (9 value tables, 9 distance tables, coverage 0..5 seeds)"), v.out());
        for (int n = 7; n <= 8; n++) {
            String line = verdict(v, String.format("abapa/values-%02d.krou", n));
            assertTrue(line.startsWith("ok, checksums only (not sampled: "), "layer " + n + " is above the coverage: "
                    + line);
        }
        CliRun info = CliRun.of("info", "--data", dir.toString());
        // abapa values, abapa distances, awari values, awari distances
        assertEquals(List.of("0..5 seeds", "0..5 seeds", "0..6 seeds", "0..6 seeds"), infoCoverages(info), info.out());
    }

    /** A layer that cannot be read fails stats and info (exit 3) once the others are printed. */
    @Test
    void statsAndInfoExit3WhenALayerCannotBeRead() {
        CliRun stats = CliRun.of("stats", "--data", dir.toString());
        assertEquals(3, stats.exit(), stats.out() + stats.err());
        List<String> seeds = stats.out().lines().map(l -> l.split(" ")[1]).toList();
        assertEquals(List.of("0", "1", "2", "3", "4", "5", "7", "8"), seeds, stats.out());
        assertTrue(stats.err().contains("warning: layer 6 is unreadable"), stats.err());
        CliRun info = CliRun.of("info", "--data", dir.toString());
        assertEquals(3, info.exit(), info.out() + info.err());
        assertTrue(info.out().contains("      6  unreadable: "), info.out());
        assertTrue(info.err().contains("abapa values layer 6 is unreadable"), info.err());
        // the rule set whose tables are whole is fine
        assertEquals(0, CliRun.of("stats", "--data", dir.toString(), "--variant", "awari").exit());
    }
}
