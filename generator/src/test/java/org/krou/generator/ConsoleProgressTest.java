package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The layer lines and the job's time per phase: phases in order, reused layers left out. */
class ConsoleProgressTest {
    @Test
    void layerLinesAndSummaryNameThePhasesOfComputedLayers() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgress p = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 3);
        p.layerDone(0, 1, 0.5, true); // reused: no phases
        p.phase(1, "exits", 12);
        p.phase(1, "resolve", 12);
        p.layerDone(1, 12, 0.01, false); // too short to show its phases
        p.phase(2, "exits", 78);
        p.phase(2, "resolve", 78);
        p.phase(2, "writing", 78);
        p.layerDone(2, 78, 2.0, false);
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(3, lines.length, String.join("\n", lines));
        assertTrue(lines[0].endsWith("reused from disk"), lines[0]);
        assertTrue(lines[1].endsWith("positions/s)"), lines[1]);
        assertTrue(lines[2].matches(".*positions/s\\): exits [0-9.]+ s, resolve [0-9.]+ s, writing [0-9.]+ s"), lines[2]);

        String summary = p.phaseSummary();
        Matcher m = Pattern.compile("(\\w+) [0-9.]+ s \\(([0-9]+)%\\)").matcher(summary);
        StringBuilder names = new StringBuilder();
        while (m.find()) {
            names.append(m.group(1)).append(' ');
        }
        assertEquals("exits resolve writing ", names.toString(), summary);
        assertEquals("", new ConsoleProgress(new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), 3).phaseSummary());
    }

    /** A clock the test moves: a layer takes a microsecond a position (30% exits, 60% resolve, 10% writing). */
    @Test
    void theLogHasALineALayerWithTheTimeLeft(@TempDir Path dir) throws Exception {
        AtomicLong now = new AtomicLong(5_000_000_000L);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgress p = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 14, now::get);
        Path log = dir.resolve("generate.log");
        p.logTo(log);
        p.layerDone(0, 1, 0, true);
        for (int k = 1; k <= 14; k++) {
            long size = org.krou.index.PositionIndex.size(k);
            p.phase(k, "exits", size);
            now.addAndGet(size * 300);
            p.phase(k, "resolve", size * k);
            now.addAndGet(size * 600);
            p.phase(k, "writing", size);
            now.addAndGet(size * 100);
            p.layerDone(k, size, size * 1e-6, false);
        }
        p.logLine("Done: all");
        List<String> lines = Files.readAllLines(log);
        assertEquals(17, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).matches("\\S+Z start: layers 0\\.\\.14, 9,657,700 positions"), lines.get(0));
        assertTrue(lines.get(1).matches("\\S+Z layer 0: 1 position reused from disk; 0s elapsed"), lines.get(1));
        // after layer 13 (5.2 s in all) the estimate is layer 14's time: 4,457,400 µs
        assertTrue(lines.get(14).matches("\\S+Z layer 13: 2,496,144 positions in .*; 5s elapsed, about 4s left"), lines.get(14));
        assertTrue(lines.get(15).matches("\\S+Z layer 14: 4,457,400 positions in .*: exits 1\\.3 s, resolve 2\\.7 s, writing 0\\.4 s; 10s elapsed"), lines.get(15));
        assertEquals("Done: all", lines.get(16).substring(lines.get(16).indexOf(' ') + 1));
    }
}
