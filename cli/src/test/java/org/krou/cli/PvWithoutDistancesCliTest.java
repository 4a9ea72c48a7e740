package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.index.PositionIndex;
import org.krou.probe.FinalResult;
import org.krou.probe.Tablebase;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;

/**
 * {@code pv} over tables generated without {@code --dtc} never prints a result that contradicts
 * the value: the line is replayed move by move and its end scored by the rules, and the score
 * must be the one {@code probe} gives. With no search budget the line may cycle; then it must say
 * that it is no proof ({@code converts: false}) and still print the value's result.
 */
class PvWithoutDistancesCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() {
        CliRun g = CliRun.of("generate", "-n", "12", "--data", dir.toString());
        assertEquals(0, g.exit(), g.err());
    }

    /** The example: value +2 (South 7 of 12); the old pv cycled and printed South 8, North 4. */
    @Test
    void theCyclingExampleNowConverts() throws Exception {
        CliRun text = CliRun.of("pv", "--data", dir.toString(), "0 0 3 1 2 1 / 1 1 0 0 2 1 S");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("Final score: South 7, North 5: South wins"), text.out());
        assertFalse(text.out().contains("no proof"), text.out());

        JsonNode o = replayChecked("0 0 3 1 2 1 / 1 1 0 0 2 1 S", "20,16");
        assertTrue(o.get("converts").booleanValue(), o.toString());
        assertEquals(27.0, o.get("result").get("south").doubleValue(), o.toString());
        assertEquals(21.0, o.get("result").get("north").doubleValue(), o.toString());
    }

    @Test
    void randomTwelveSeedLinesRealiseTheValue() throws Exception {
        Random random = new Random(60);
        int[] b = new int[Rules.PITS];
        int nonzero = 0;
        try (Tablebase tb = Tablebase.open(dir, Variant.ABAPA)) {
            while (nonzero < 60) {
                PositionIndex.unrank(12, (long) (random.nextDouble() * PositionIndex.size(12)), b);
                Position p = Position.fromMoverRelative(b, random.nextBoolean() ? Side.SOUTH : Side.NORTH);
                if (tb.value(p) == 0 || p.isGameOver(Variant.ABAPA)) {
                    continue;
                }
                nonzero++;
                JsonNode o = replayChecked(p.toString(), "18,18");
                assertTrue(o.get("converts").booleanValue(), o.toString());
            }
        }
    }

    /** Without any search the line may cycle: it says so, and the result is still the value's. */
    @Test
    void withoutSearchTheLineSaysItIsNoProof() throws Exception {
        CliRun text = CliRun.of("pv", "--search-nodes", "0", "--data", dir.toString(), "0 0 3 1 2 1 / 1 1 0 0 2 1 S");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("This line is no proof"), text.out());
        assertTrue(text.out().contains("krou generate --dtc"), text.out());
        assertTrue(text.out().contains("Final score by the value: South 7, North 5: South wins"), text.out());
        assertFalse(text.out().contains("South 8, North 4"), text.out());

        CliRun json = CliRun.of("pv", "--json", "--search-nodes", "0", "--captured", "20,16", "--data",
                dir.toString(), "0 0 3 1 2 1 / 1 1 0 0 2 1 S");
        assertEquals(0, json.exit(), json.err());
        JsonNode o = JSON.readTree(json.out());
        assertFalse(o.get("converts").booleanValue(), json.out());
        assertEquals("repetition", o.get("end").textValue());
        assertEquals(27.0, o.get("result").get("south").doubleValue(), json.out());
        assertEquals(21.0, o.get("result").get("north").doubleValue(), json.out());

        CliRun bad = CliRun.of("pv", "--search-nodes", "-1", "--data", dir.toString(), "0 0 3 1 2 1 / 1 1 0 0 2 1 S");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().startsWith("error: --search-nodes -1"), bad.err());
    }

    /**
     * Runs {@code pv --json}, replays the line by the rules, scores its end (taken or shared
     * seeds), and checks that this score is the one {@code probe --captured} gives.
     */
    private static JsonNode replayChecked(String position, String captured) throws Exception {
        CliRun r = CliRun.of("pv", "--json", "--captured", captured, "--data", dir.toString(), position);
        assertEquals(0, r.exit(), r.err());
        JsonNode o = JSON.readTree(r.out());
        String[] c = captured.split(",");
        Position at = new Position(Position.parse(position).pits(), Position.parse(position).toMove(),
                Integer.parseInt(c[0]), Integer.parseInt(c[1]));
        MoveResult last = null;
        for (JsonNode ply : o.get("line")) {
            last = at.play(ply.get("move").textValue().charAt(0), Variant.ABAPA);
            at = last.after();
        }
        FinalResult played = switch (o.get("end").textValue()) {
            case "no-seeds", "cannot-feed" -> FinalResult.of(last.end(), 0);
            case "repetition" -> FinalResult.of(at, 0);
            default -> throw new AssertionError(r.out());
        };
        CliRun probe = CliRun.of("probe", "--json", "--captured", captured, "--data", dir.toString(), position);
        assertEquals(0, probe.exit(), probe.err());
        JsonNode expected = JSON.readTree(probe.out()).get("result");
        assertEquals(expected, o.get("result"), "pv and probe disagree on " + position);
        assertEquals(expected.get("south").doubleValue(), played.south(), 0.0, "the line played out: " + r.out());
        assertEquals(expected.get("north").doubleValue(), played.north(), 0.0, "the line played out: " + r.out());
        return o;
    }
}
