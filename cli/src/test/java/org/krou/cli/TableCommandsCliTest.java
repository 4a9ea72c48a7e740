package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** probe, pv, play, verify and info on tables generated with distances up to 9 seeds. */
class TableCommandsCliTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() {
        CliRun g = CliRun.of("generate", "-n", "9", "--dtc", "--data", dir.toString());
        assertEquals(0, g.exit(), g.err());
    }

    @Test
    void probeShowsBoardValueMovesAndBest() {
        CliRun r = CliRun.of("probe", "--data", dir.toString(), "0 0 0 0 0 1 / 1 0 0 0 0 0 S");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("[ 1]"), r.out());
        assertTrue(r.out().contains("Value -2: South loses 2"), r.out());
        assertTrue(r.out().contains("f  captures  0  value  -2  best"), r.out());
        assertTrue(r.out().contains("Best: f"), r.out());
        CliRun f = CliRun.of("probe", "--data", dir.toString(), "--captured", "24,21", "1 1 0 0 0 0 / 1 0 0 0 0 0 S");
        assertTrue(f.out().contains("Value +3") && f.out().contains("Final result: South 27, North 21: South wins"),
                f.out());
    }

    @Test
    void probeJsonIsOneObject() {
        CliRun r = CliRun.of("probe", "--json", "--data", dir.toString(), "1 1 0 0 0 0 / 1 0 0 0 0 0 N");
        assertEquals(0, r.exit(), r.err());
        String out = r.out().trim();
        assertTrue(out.startsWith("{\"position\": \"1 1 0 0 0 0 / 1 0 0 0 0 0 N\"") && out.endsWith("}"), out);
        assertTrue(out.contains("\"value\": -3"), out);
        assertEquals(1, out.lines().count());
    }

    @Test
    void badPositionsAndCoverageAreClearErrors() {
        CliRun bad = CliRun.of("probe", "--data", dir.toString(), "1 1 0 0 0 / 1 0 0 0 0 0 S");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("South has 5 pits") && bad.err().contains("expected"), bad.err());
        CliRun big = CliRun.of("probe", "--data", dir.toString(), "4 4 4 4 4 4 / 4 4 4 4 4 4 S");
        assertEquals(3, big.exit());
        assertTrue(big.err().contains("48") && big.err().contains("9"), big.err());
        assertFalse(big.err().contains("\tat "), big.err());
        CliRun none = CliRun.of("probe", "--data", dir.resolve("nothing").toString(), "1 0 0 0 0 0 / 1 0 0 0 0 0 S");
        assertEquals(3, none.exit());
    }

    @Test
    void pvJsonReplaysToTheValue() {
        CliRun r = CliRun.of("pv", "--json", "--data", dir.toString(), "0 0 3 1 2 1 / 1 1 0 0 0 0 S");
        assertEquals(0, r.exit(), r.err());
        String out = r.out();
        assertTrue(out.contains("\"line\": [{\"move\": \""), out);
        Matcher end = Pattern.compile("\"end\": \"(no-seeds|cannot-feed|repetition)\"").matcher(out);
        assertTrue(end.find(), out);
        CliRun text = CliRun.of("pv", "--data", dir.toString(), "0 0 0 1 0 1 / 1 0 0 0 0 1 S");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("Final score:"), text.out());
    }

    @Test
    void playRefusesIllegalMovesGivesHintsUndoesAndFinishes() {
        String input = "A\nz\nhint\nd\nundo\nquit\n";
        InputStream old = System.in;
        try {
            System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
            CliRun r = CliRun.of("play", "--data", dir.toString(), "--from", "0 0 0 1 0 1 / 1 0 0 0 0 1 S");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains("Illegal: that pit belongs to North"), r.out());
            assertTrue(r.out().contains("Illegal: moves are pit letters"), r.out());
            assertTrue(r.out().contains("  f  captures"), r.out()); // the hint
            assertTrue(r.out().contains("North plays"), r.out());
            // d was taken back with the reply: quitting leaves the start position, worth +4
            assertTrue(r.out().contains("Game left. Value for the side to move: 4"), r.out());
        } finally {
            System.setIn(old);
        }
    }

    @Test
    void verifyAndInfo() throws Exception {
        Path copy = dir.resolve("copy");
        CliRun g = CliRun.of("generate", "-n", "7", "--data", copy.toString());
        assertEquals(0, g.exit(), g.err());
        CliRun ok = CliRun.of("verify", "--data", copy.toString());
        assertEquals(0, ok.exit(), ok.out() + ok.err());
        assertTrue(ok.out().contains("abapa: OK"), ok.out());
        CliRun info = CliRun.of("info", "--data", copy.toString());
        assertEquals(0, info.exit(), info.err());
        assertTrue(info.out().contains("bits/pos") && info.out().contains("coverage: 0..7 seeds"), info.out());
        Path f = copy.resolve("abapa/values-06.krou");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(raf.length() / 2);
            int b = raf.read();
            raf.seek(raf.length() / 2);
            raf.write(b ^ 0x20);
        }
        CliRun bad = CliRun.of("verify", "--data", copy.toString());
        assertEquals(1, bad.exit(), bad.out());
        assertTrue(bad.out().contains("values-06.krou: FAILED") && bad.out().contains("abapa: FAILED"), bad.out());
        Files.delete(f);
    }
}
