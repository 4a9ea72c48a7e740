package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

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
}
