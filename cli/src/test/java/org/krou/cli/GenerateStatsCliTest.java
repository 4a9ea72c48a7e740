package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code krou generate} and {@code krou stats} as a user runs them. */
class GenerateStatsCliTest {
    @TempDir
    Path dir;

    @Test
    void helpListsTheCommandsAndExitCodes() {
        CliRun r = CliRun.of("--help");
        assertEquals(0, r.exit());
        assertTrue(r.out().contains("generate") && r.out().contains("stats"), r.out());
        assertTrue(r.out().contains("Exit codes"), r.out());
        assertEquals(0, CliRun.of("generate", "--help").exit());
    }

    @Test
    void generatesWritesTablesAndPrintsStatsInTheDocumentedForm() throws Exception {
        CliRun g = CliRun.of("generate", "--max-seeds", "6", "--data", dir.toString(), "--threads", "2");
        assertEquals(0, g.exit(), g.err());
        assertTrue(g.out().contains("Done: 18,564 positions"), g.out());
        for (int n = 0; n <= 6; n++) {
            assertTrue(Files.exists(dir.resolve(String.format("abapa/values-%02d.krou", n))));
        }
        CliRun s = CliRun.of("stats", "--data", dir.toString());
        assertEquals(0, s.exit(), s.err());
        List<String> lines = s.out().lines().toList();
        assertEquals(7, lines.size(), s.out());
        assertEquals("seeds 0 positions 1: 0=1", lines.get(0));
        assertEquals("seeds 2 positions 78: -2=41 0=13 2=24", lines.get(2));
        // statistics files deleted: recomputed from the tables, same lines
        for (int n = 0; n <= 6; n++) {
            Files.delete(dir.resolve(String.format("abapa/values-%02d.stats", n)));
        }
        assertEquals(s.out(), CliRun.of("stats", "--data", dir.toString()).out());
    }

    @Test
    void rerunReusesIntactLayersAndRecomputesDamagedOnes() throws Exception {
        assertEquals(0, CliRun.of("generate", "-n", "5", "--data", dir.toString()).exit());
        CliRun again = CliRun.of("generate", "-n", "7", "--data", dir.toString());
        assertTrue(again.out().contains("2 layers computed, 6 reused"), again.out());
        Path f = dir.resolve("abapa/values-04.krou");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(raf.length() - 3);
            int b = raf.read();
            raf.seek(raf.length() - 3);
            raf.write(b ^ 0x5a);
        }
        CliRun repaired = CliRun.of("generate", "-n", "7", "--data", dir.toString());
        assertTrue(repaired.out().contains("1 layer computed, 7 reused"), repaired.out());
        // a temporary file left by a killed run is not mistaken for a layer
        Files.writeString(dir.resolve("abapa/values-08.krou.tmp"), "partial");
        CliRun more = CliRun.of("generate", "-n", "8", "--data", dir.toString());
        assertTrue(more.out().contains("1 layer computed, 8 reused"), more.out());
    }

    @Test
    void badInputIsAOneLineErrorWithExitCode2() {
        CliRun v = CliRun.of("generate", "--variant", "kalah", "--data", dir.toString());
        assertEquals(2, v.exit());
        assertTrue(v.err().contains("abapa, awari, lemery, myriad, grand-slam-forbidden"), v.err());
        assertFalse(v.err().contains("\tat "), v.err());
        CliRun n = CliRun.of("generate", "--max-seeds", "49", "--data", dir.toString());
        assertEquals(2, n.exit());
        assertTrue(n.err().contains("0..48"), n.err());
        CliRun u = CliRun.of("generate", "--frobnicate");
        assertEquals(2, u.exit());
        CliRun s = CliRun.of("stats", "--data", dir.resolve("none").toString());
        assertEquals(3, s.exit(), s.err());
        assertTrue(s.err().startsWith("error: "), s.err());
    }

    /**
     * --dtc over value tables without distance tables computes the layers again (the distances come
     * out of the pass that solves the values) and says so before it starts, as its help does.
     */
    @Test
    void distancesOverValueTablesSayWhyTheLayersAreComputedAgain() throws Exception {
        assertEquals(0, CliRun.of("generate", "-n", "5", "--data", dir.toString()).exit());
        java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.out;
        CliRun dtc;
        try {
            System.setOut(new java.io.PrintStream(progress, true, java.nio.charset.StandardCharsets.UTF_8));
            dtc = CliRun.of("generate", "-n", "5", "--dtc", "--data", dir.toString());
        } finally {
            System.setOut(old);
        }
        assertEquals(0, dtc.exit(), dtc.err());
        assertTrue(dtc.out().contains("6 layers computed, 0 reused"), dtc.out());
        String said = progress.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(said.contains("warning: layers 0..5 on disk have value tables but no distance tables: computing "
                + "them again with distances"), said);
        assertTrue(said.indexOf("warning: layers 0..5") < said.indexOf("layer  0:"), "said before it starts: " + said);
        String help = CliRun.of("generate", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("same pass that solves the values"), help);
        // with distances on disk, everything is reused
        CliRun again = CliRun.of("generate", "-n", "5", "--dtc", "--data", dir.toString());
        assertTrue(again.out().contains("0 layers computed, 6 reused"), again.out());
    }
}
