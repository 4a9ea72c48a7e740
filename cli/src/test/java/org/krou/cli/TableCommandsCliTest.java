package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.probe.FinalResult;
import org.krou.probe.MoveValue;
import org.krou.probe.Tablebase;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Side;
import org.krou.rules.Variant;

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

    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<String> names(JsonNode o) {
        List<String> l = new ArrayList<>();
        o.fieldNames().forEachRemaining(l::add);
        return l;
    }

    /** probe --json is one object whose every field equals what the library says. */
    @Test
    void probeJsonIsOneObject() throws Exception {
        try (Tablebase tb = Tablebase.open(dir, Variant.ABAPA)) {
            for (String pos : new String[] {"1 1 0 0 0 0 / 1 0 0 0 0 0 N", "0 0 3 1 2 1 / 1 1 0 0 0 0 S",
                "0 0 0 0 0 0 / 1 2 0 0 0 0 S"}) {
                for (String captured : new String[] {null, "20,19"}) {
                    CliRun r = captured == null ? CliRun.of("probe", "--json", "--data", dir.toString(), pos)
                            : CliRun.of("probe", "--json", "--captured", captured, "--data", dir.toString(), pos);
                    assertEquals(0, r.exit(), r.err());
                    assertEquals(1, r.out().lines().count(), r.out());
                    JsonNode o = JSON.readTree(r.out());
                    Position p = Position.parse(pos);
                    if (captured != null) {
                        p = new Position(p.pits(), p.toMove(), 20, 19);
                    }
                    List<String> fields = new ArrayList<>(List.of("position", "toMove", "seeds", "value", "moves",
                            "best"));
                    if (captured != null) {
                        fields.add("result");
                    }
                    assertEquals(fields, names(o), r.out());
                    assertEquals(pos, o.get("position").textValue());
                    assertEquals(String.valueOf(p.toMove().letter()), o.get("toMove").textValue());
                    assertEquals(p.seeds(), o.get("seeds").intValue());
                    assertEquals(tb.value(p), o.get("value").intValue(), r.out());
                    List<MoveValue> moves = new ArrayList<>();
                    for (JsonNode m : o.get("moves")) {
                        assertEquals(List.of("move", "captured", "value"), names(m));
                        assertEquals(1, m.get("move").textValue().length());
                        moves.add(new MoveValue(m.get("move").textValue().charAt(0), m.get("captured").intValue(),
                                m.get("value").intValue()));
                    }
                    assertEquals(tb.moveValues(p), moves, r.out());
                    List<Character> best = new ArrayList<>();
                    o.get("best").forEach(b -> best.add(b.textValue().charAt(0)));
                    assertEquals(tb.bestMoves(p), best, r.out());
                    if (captured != null) {
                        assertResult(tb.finalResult(p), o.get("result"));
                    }
                }
            }
        }
    }

    private static void assertResult(FinalResult expected, JsonNode result) {
        assertEquals(List.of("south", "north", "outcome"), names(result));
        assertEquals(expected.south(), result.get("south").doubleValue(), 0.0, result.toString());
        assertEquals(expected.north(), result.get("north").doubleValue(), 0.0, result.toString());
        assertEquals(expected.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                result.get("outcome").textValue());
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

    /** pv --json replays move by move to its end and result, and the result realises the value. */
    @Test
    void pvJsonReplaysToTheValue() throws Exception {
        try (Tablebase tb = Tablebase.open(dir, Variant.ABAPA)) {
            for (String pos : new String[] {"0 0 3 1 2 1 / 1 1 0 0 0 0 S", "0 0 0 1 0 1 / 1 0 0 0 0 1 N",
                "1 0 2 0 0 1 / 0 2 0 1 1 0 S"}) {
                CliRun r = CliRun.of("pv", "--json", "--data", dir.toString(), pos);
                assertEquals(0, r.exit(), r.err());
                JsonNode o = JSON.readTree(r.out());
                List<String> known = List.of("position", "value", "line", "end", "result");
                assertEquals(known, names(o).stream().filter(known::contains).toList(), "fields in order: " + r.out());
                Position at = Position.parse(o.get("position").textValue());
                assertEquals(Position.parse(pos), at);
                int value = o.get("value").intValue();
                assertEquals(tb.value(at), value, r.out());
                Position start = at;
                MoveResult last = null;
                for (JsonNode ply : o.get("line")) {
                    assertEquals(List.of("move", "captured"), names(ply));
                    last = at.play(ply.get("move").textValue().charAt(0), Variant.ABAPA);
                    assertEquals(last.captured(), ply.get("captured").intValue(), ply.toString());
                    at = last.after();
                }
                String end = o.get("end").textValue();
                FinalResult expected = switch (end) {
                    case "no-seeds", "cannot-feed" -> {
                        assertTrue(last != null && last.gameOver(), r.out());
                        Position done = last.end();
                        yield FinalResult.of(done, 0);
                    }
                    case "repetition" -> FinalResult.of(at, 0);
                    default -> throw new AssertionError("end " + end);
                };
                assertResult(expected, o.get("result"));
                // the line realises the value (distance tables cover these positions)
                double forMover = start.toMove() == Side.SOUTH ? expected.south() - expected.north()
                        : expected.north() - expected.south();
                assertEquals(value, forMover, 0.0, r.out());
            }
        }
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
