package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's log read back: the computed layers' times, and a resumed run's time left from its start. */
class RunHistoryTest {
    /** Lines as the log of a run stopped during layer 30 and resumed holds them (copied from one). */
    private static final List<String> LOG = List.of(
            "2026-12-03T17:50:45Z start: layers 0..32, 21,090,682,613 positions",
            "2026-12-03T17:50:45Z layer 1: 12 positions in 0.05 s (229 positions/s); 0s elapsed",
            "2026-12-03T18:16:59Z layer 28: 1,676,056,044 positions in 391.44 s (4,281,741 positions/s): exits 64.8 s,"
                    + " resolve 256.4 s, writing 60.3 s; 26m14s elapsed, about 1h12m left",
            "2026-12-03T18:26:30Z layer 29: 2,311,801,440 positions in 600.00 s (3,853,002 positions/s): exits 80.0 s,"
                    + " resolve 400.0 s, writing 120.0 s; 35m45s elapsed, about 59m41s left",
            "2026-12-03T18:49:36Z start: layers 0..32, 21,090,682,613 positions",
            "2026-12-03T18:49:36Z layer 28: 1,676,056,044 positions reused from disk; 5m12s elapsed",
            "2026-12-03T18:50:00Z layer 29: 2,311,801,440 positions in 571.56 s (4,044,702 positions/s): exits 77.7 s,"
                    + " resolve 394.5 s, writing 73.9 s, mapping 25.0 s; 35m45s elapsed, about 59m41s left",
            "2026-12-03T19:50:00Z Done: 21,090,682,613 positions in 3600.0 s (5,858,522 positions/s)");

    @Test
    void theLastComputedLineOfEachLayerCounts(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("generate.log");
        Files.write(log, LOG);
        RunHistory h = RunHistory.read(log);
        assertEquals(new RunHistory.Layer(12, 0.05, Map.of()), h.layer(1));
        assertEquals(new RunHistory.Layer(1_676_056_044L, 391.44,
                Map.of("exits", 64.8, "resolve", 256.4, "writing", 60.3)), h.layer(28)); // its reused line is no time
        RunHistory.Layer l29 = h.layer(29);
        assertEquals(2_311_801_440L, l29.positions());
        assertEquals(571.56, l29.seconds());
        assertEquals(List.of("exits", "resolve", "writing", "mapping"), List.copyOf(l29.phases().keySet()));
        assertEquals(25.0, l29.phases().get("mapping"));
        assertNull(h.layer(0));
        assertNull(h.layer(30));
        assertNull(RunHistory.read(dir.resolve("missing.log")).layer(1));
    }

    /**
     * Layers 12 and 13 took 1 µs a position in the run the log records: a run resuming from them
     * shows layer 14's 4,457,400 µs as the time left on the line of the last layer it reuses,
     * where a run without the log has no estimate yet.
     */
    @Test
    void aResumedRunShowsTheTimeLeftFromItsStart(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("generate.log");
        Files.write(log, List.of(
                "2026-12-03T10:00:00Z layer 12: 1,352,078 positions in 1.352078 s (1,000,000 positions/s): exits 0.4 s,"
                        + " resolve 0.8 s, writing 0.152078 s; 3s elapsed, about 7s left",
                "2026-12-03T10:00:03Z layer 13: 2,496,144 positions in 2.496144 s (1,000,000 positions/s); 5s elapsed"));
        String withLog = resumed(log);
        assertTrue(withLog.matches("\\S+Z layer 13: 2,496,144 positions reused from disk; 0s elapsed, about 4s left"), withLog);
        String without = resumed(dir.resolve("none.log"));
        assertTrue(without.matches("\\S+Z layer 13: 2,496,144 positions reused from disk; 0s elapsed"), without);
    }

    /** The last line a run of 0..14 that reuses 0..13 appends to {@code log}. */
    private static String resumed(Path log) throws Exception {
        ConsoleProgress p = new ConsoleProgress(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                14, () -> 0L);
        p.logTo(log);
        for (int k = 0; k <= 13; k++) {
            p.layerDone(k, org.krou.index.PositionIndex.size(k), 0, true);
        }
        List<String> lines = Files.readAllLines(log);
        return lines.get(lines.size() - 1);
    }
}
