package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory plan of generate: printed first, and a job that cannot fit is refused before any work. */
class GeneratePlanCliTest {
    @TempDir
    Path dir;

    private long tables() throws IOException {
        Path v = dir.resolve("abapa");
        if (!Files.isDirectory(v)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(v)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".krou")).count();
        }
    }

    @Test
    void planOnlyPrintsThePlanAndComputesNothing() throws IOException {
        CliRun r = CliRun.of("generate", "--plan", "-n", "12", "--data", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Plan: the most is held while layer 12 is solved"), r.out());
        assertTrue(r.out().contains("heap needed") && r.out().contains("disk free"), r.out());
        assertEquals(0, tables());
    }

    @Test
    void aJobThatCannotFitIsRefusedBeforeItStarts() throws IOException {
        // the layer being solved alone (22 seeds, 617 MB at 9 bits a position) does not fit in 300 MiB
        CliRun r = CliRun.of("generate", "--memory", "300m", "-n", "22", "--data", dir.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("error: layers 0..22 need a heap of about"), r.err());
        assertTrue(r.err().contains("finished layers 0..20 memory-mapped"), r.err());
        assertTrue(r.err().contains("give a larger --memory") && r.err().contains("--max-seeds"), r.err());
        assertEquals(0, tables(), "nothing may be computed before the refusal");
        CliRun tiny = CliRun.of("generate", "--memory", "100m", "-n", "5", "--data", dir.toString());
        assertEquals(1, tiny.exit());
        assertTrue(!tiny.err().contains("--max-seeds -1") && tiny.err().contains("a larger --memory"), tiny.err());
        // the size it names as fitting does fit
        String fits = r.err().replaceAll(".*--max-seeds (\\d+) fits.*", "$1").trim();
        CliRun ok = CliRun.of("generate", "--plan", "--memory", "300m", "-n", fits, "--data", dir.toString());
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.out().contains("Plan:"), ok.out());
        CliRun over = CliRun.of("generate", "--plan", "--memory", "300m", "-n", "" + (Integer.parseInt(fits) + 1),
                "--data", dir.toString());
        assertEquals(1, over.exit(), over.err());
    }

    @Test
    void badSizesAreUsageErrors() {
        for (String bad : new String[] {"1.5x", "-3g", "", "g", "0", "12q", "1e9"}) {
            CliRun r = CliRun.of("generate", "--memory", bad, "-n", "3", "--data", dir.toString());
            assertEquals(2, r.exit(), bad + ": " + r.err());
            assertTrue(r.err().contains("expected a size such as 16g"), r.err());
            CliRun mapped = CliRun.of("generate", "--map-finished-layers", "--memory", bad, "-n", "3",
                    "--data", dir.toString());
            assertEquals(2, mapped.exit(), bad + ": " + mapped.err());
            assertEquals(1, mapped.err().lines().count(), mapped.err());
            assertTrue(mapped.err().startsWith("error: --memory '" + bad + "': expected a size such as 16g"),
                    mapped.err());
        }
        CliRun flagWithValue = CliRun.of("generate", "--map-finished-layers=sometimes", "-n", "3", "--data",
                dir.toString());
        assertEquals(2, flagWithValue.exit(), flagWithValue.err());
    }

    /** A heap too small for the finished layers: the plan maps the largest, and names them. */
    @Test
    void aShortHeapMapsTheLargestFinishedLayers() throws IOException {
        // 300 MiB: 255 MiB for the data, 128 of it overhead, 91 MiB for layer 20 at 9 bits a position:
        // 36 MiB left for the finished layers 0..18 (82 MiB): 0..16 (29 MiB) fit, 17..18 are mapped
        CliRun r = CliRun.of("generate", "--plan", "--memory", "300m", "-n", "20", "--data", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("finished layers read again: in the heap 0..16 (29 MiB); memory-mapped 17..18 "
                + "from working files in " + dir.resolve("abapa").resolve("work")), r.out());
        assertTrue(r.out().contains("working files 53 MiB"), r.out());
        CliRun all = CliRun.of("generate", "--plan", "--map-finished-layers", "-n", "20", "--data", dir.toString());
        assertEquals(0, all.exit(), all.err());
        assertTrue(all.out().contains("in the heap none; memory-mapped 0..18"), all.out());
        CliRun none = CliRun.of("generate", "--plan", "-n", "20", "--data", dir.toString());
        assertTrue(none.out().contains("in the heap 0..18 (82 MiB); memory-mapped none"), none.out());
        assertEquals(0, tables());
    }

    /** --map-finished-layers: the same tables, the mapping reported, the working files removed. */
    @Test
    void mappedLayersAreReportedAndTheirFilesRemoved() throws IOException {
        CliRun r = CliRun.of("generate", "--map-finished-layers", "-n", "11", "--data", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Mapped: layers 0..9 read from working files in " + dir.resolve("abapa/work")),
                r.out());
        assertTrue(!Files.exists(dir.resolve("abapa/work")), "working files left");
        Path heap = dir.resolve("heap");
        CliRun h = CliRun.of("generate", "-n", "11", "--data", heap.toString());
        assertEquals(0, h.exit(), h.err());
        assertTrue(!h.out().contains("Mapped:"), h.out());
        for (int n = 0; n <= 11; n++) {
            String f = String.format("abapa/values-%02d.krou", n);
            org.junit.jupiter.api.Assertions.assertArrayEquals(Files.readAllBytes(heap.resolve(f)),
                    Files.readAllBytes(dir.resolve(f)), f);
        }
    }

    /**
     * --memory below what the job needs, the JVM's heap (4 GiB in the tests) holding it: only
     * --memory is too small, and the advice says so, with a size that fits; no -Xmx advice.
     */
    @Test
    void aMemoryTooSmallAsksForMoreMemoryNotALargerHeap() {
        CliRun r = CliRun.of("generate", "--memory", "1k", "-n", "6", "--data", dir.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("but --memory allows 1.0 KiB: give a larger --memory, at least "), r.err());
        assertTrue(!r.err().contains("Xmx") && !r.err().contains("KROU_JAVA_OPTS"), r.err());
        String size = r.err().replaceAll("(?s).*\\(--memory (\\d+m);.*", "$1").trim();
        CliRun ok = CliRun.of("generate", "--plan", "--memory", size, "-n", "6", "--data", dir.toString());
        assertEquals(0, ok.exit(), size + ": " + ok.err());
    }

    /** Bad --codec and --memory values are refused first: no banner, no directory. */
    @Test
    void badValuesAreRefusedBeforeAnythingIsSaidOrMade() {
        Path fresh = dir.resolve("fresh");
        for (String[] bad : new String[][] {{"--codec", "zip"}, {"--memory", "lots"}}) {
            CliRun r = CliRun.of("generate", bad[0], bad[1], "-n", "3", "--data", fresh.toString());
            assertEquals(2, r.exit(), r.out() + r.err());
            assertEquals("", r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("error: " + bad[0] + " '" + bad[1] + "': "), r.err());
        }
        assertTrue(!Files.exists(fresh), "nothing made");
    }

    /** --plan reads what is there and writes nothing: no directory, no lock file. */
    @Test
    void planWritesNothing() throws IOException {
        Path fresh = dir.resolve("fresh");
        CliRun r = CliRun.of("generate", "--plan", "-n", "6", "--data", fresh.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Plan: the most is held while layer 6 is solved"), r.out());
        assertTrue(!Files.exists(fresh), "--plan made " + fresh);
        CliRun g = CliRun.of("generate", "-n", "4", "--data", fresh.toString());
        assertEquals(0, g.exit(), g.err());
        Files.delete(fresh.resolve("abapa/.lock"));
        java.util.List<Path> before;
        try (Stream<Path> s = Files.list(fresh.resolve("abapa"))) {
            before = s.sorted().toList();
        }
        CliRun again = CliRun.of("generate", "--plan", "-n", "6", "--data", fresh.toString());
        assertEquals(0, again.exit(), again.err());
        try (Stream<Path> s = Files.list(fresh.resolve("abapa"))) {
            assertEquals(before, s.sorted().toList());
        }
    }
}
