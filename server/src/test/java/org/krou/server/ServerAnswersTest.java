package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.krou.index.PositionIndex;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Side;
import org.krou.rules.Variant;
import org.krou.testkit.TinySolver;

/**
 * What the JSON API answers, read back as JSON and compared with what is known without the
 * server's code: the worked examples of docs/RULES.md (values, distances and the principal line
 * checked by hand there), and the values of the reference solver ({@link TinySolver}, which shares
 * no code with the generator, the table reader or the server) for random positions. Moves, their
 * captures and the positions they lead to are played by the rules ({@link Position#play}).
 */
class ServerAnswersTest {
    private static TestServer.Running srv;
    /** Every abapa layer the server's tables cover, solved again by the reference solver. */
    private static TinySolver reference;

    @BeforeAll
    static void start() throws Exception {
        srv = TestServer.start(ServerLimits.DEFAULT);
        reference = new TinySolver(Variant.ABAPA, TestServer.ABAPA_MAX);
    }

    @AfterAll
    static void stop() {
        srv.close();
    }

    /** The reference solver's value of {@code p} for the side to move. */
    private static int value(Position p) {
        return reference.values[p.seeds()].get(PositionIndex.rank(p.moverRelative()));
    }

    private static JsonNode get(String path) throws Exception {
        HttpResponse<String> r = TestServer.get(srv.uri(path));
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r.toString());
        return ProbeJson.mapper().readTree(r.body());
    }

    private static JsonNode probe(String position) throws Exception {
        return get("/api/v1/abapa?position=" + TestServer.q(position));
    }

    /** A random board of at most {@code max} seeds and a random side. */
    private static Position random(Random rnd, int max) {
        int[] pits = new int[12];
        int n = rnd.nextInt(max + 1);
        for (int i = 0; i < n; i++) {
            pits[rnd.nextInt(12)]++;
        }
        return Position.fromMoverRelative(pits, rnd.nextBoolean() ? Side.SOUTH : Side.NORTH);
    }

    /** One move of a probe answer: {@code distance} -1 where the answer must have none. */
    private static void assertMove(JsonNode j, String move, int captured, int value, int distance, String after) {
        String where = move + " in " + j;
        assertEquals(move, j.get("move").asText(), where);
        assertEquals(captured, j.get("captured").asInt(), where);
        assertEquals(value, j.get("value").asInt(), where);
        assertEquals(distance, j.has("distance") ? j.get("distance").asInt() : -1, where);
        assertEquals(after, j.get("position").asText(), where);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }

    /** docs/RULES.md, "The value of a move" and "Distance to conversion". */
    @Test
    void probeAnswersTheWorkedExamplesOfTheRules() throws Exception {
        JsonNode o = probe("1 0 0 1 0 1 / 1 0 0 0 0 1 S");
        assertEquals("1 0 0 1 0 1 / 1 0 0 0 0 1 S", o.get("position").asText());
        assertEquals("S", o.get("toMove").asText());
        assertEquals(5, o.get("seeds").asInt());
        assertEquals(5, o.get("value").asInt());
        assertEquals(3, o.get("moves").size(), o.toString());
        // a waits and wins all 5 (conversion on the 17th ply); d lets North's F take 2 at once
        // (distance 2); f takes A's 2 seeds at once (distance 1), after which North is worth +1
        assertMove(o.get("moves").get(0), "a", 0, 5, 17, "0 1 0 1 0 1 / 1 0 0 0 0 1 N");
        assertMove(o.get("moves").get(1), "d", 0, -1, 2, "1 0 0 0 1 1 / 1 0 0 0 0 1 N");
        assertMove(o.get("moves").get(2), "f", 2, 1, 1, "1 0 0 1 0 0 / 0 0 0 0 0 1 N");
        assertEquals(List.of("a"), texts(o.get("best")));
        assertFalse(o.has("result"), "no result without captured=");

        // worked example 15: b wins all 3 in 12 plies; a lets the seeds chase each other (0, no distance)
        JsonNode small = probe("1 1 0 0 0 0 / 1 0 0 0 0 0 S");
        assertEquals(3, small.get("value").asInt());
        assertMove(small.get("moves").get(0), "a", 0, 0, -1, "0 2 0 0 0 0 / 1 0 0 0 0 0 N");
        assertMove(small.get("moves").get(1), "b", 0, 3, 12, "1 0 1 0 0 0 / 1 0 0 0 0 0 N");
        assertEquals(List.of("b"), texts(small.get("best")));

        // worked example 8: the grand slam is cancelled and North, unable to feed, takes its 2
        JsonNode slam = probe("0 0 0 0 0 1 / 1 0 0 0 0 0 S");
        assertEquals(-2, slam.get("value").asInt());
        assertMove(slam.get("moves").get(0), "f", 0, -2, 1, "0 0 0 0 0 0 / 2 0 0 0 0 0 N");

        // no South pit reaches North's empty row: the game is over, South takes its seed
        JsonNode over = probe("0 0 0 0 1 0 / 0 0 0 0 0 0 S");
        assertEquals(1, over.get("value").asInt());
        assertEquals(0, over.get("moves").size());
        assertEquals(0, over.get("best").size());
    }

    /** Every value, move value and best move of random positions, against the reference solver. */
    @Test
    void probeAnswersAsTheReferenceSolver() throws Exception {
        Random rnd = new Random(11);
        for (int k = 0; k < 60; k++) {
            Position p = random(rnd, TestServer.ABAPA_MAX);
            JsonNode o = probe(p.toString());
            int value = value(p);
            assertEquals(p.toString(), o.get("position").asText());
            assertEquals(p.seeds(), o.get("seeds").asInt(), p.toString());
            assertEquals(value, o.get("value").asInt(), p.toString());
            List<Character> legal = p.legalMoves(Variant.ABAPA);
            assertEquals(legal.size(), o.get("moves").size(), o.toString());
            List<String> best = new ArrayList<>();
            for (int i = 0; i < legal.size(); i++) {
                MoveResult m = p.play(legal.get(i), Variant.ABAPA);
                // what the move captures minus what the position it leads to is worth to the opponent
                int v = m.captured() - value(m.after());
                // a capture is a conversion (distance 1); else a move to a position worth 0 has no
                // distance, a move that ends the game is a conversion, and any other takes 2 plies or more
                int distance = m.captured() > 0 ? 1 : v == 0 ? -1 : m.gameOver() ? 1 : -2;
                JsonNode j = o.get("moves").get(i);
                if (distance == -2) {
                    assertTrue(j.has("distance") && j.get("distance").asInt() >= 2, p + ": " + j);
                    distance = j.get("distance").asInt();
                }
                String after = m.after().withoutCaptures().toString();
                assertMove(j, String.valueOf(m.move()), m.captured(), v, distance, after);
                if (v == value) {
                    best.add(String.valueOf(m.move()));
                }
            }
            assertEquals(best, texts(o.get("best")), o.toString());
        }
    }

    @Test
    void capturedGivesTheFinalResult() throws Exception {
        // 10 seeds on the board, worth 0 to South (the reference solver): South ends with
        // 20 + (10 + 0) / 2 = 25, North with 18 + (10 - 0) / 2 = 23 (docs/RULES.md, "What a value means")
        String position = "0 0 1 3 0 2 / 2 1 0 0 1 0 S";
        assertEquals(0, value(Position.parse(position)));
        JsonNode res = get("/api/v1/abapa?position=" + TestServer.q(position) + "&captured=20,18").get("result");
        assertEquals(25.0, res.get("south").asDouble());
        assertEquals(23.0, res.get("north").asDouble());
        assertEquals("south-wins", res.get("outcome").asText());
        HttpResponse<String> bad = TestServer.get(srv.uri("/api/v1/abapa?position=" + TestServer.q(position)
                + "&captured=30,18"));
        assertEquals(400, bad.statusCode());
        assertTrue(ProbeJson.mapper().readTree(bad.body()).get("error").asText()
                .contains("at most 38 can have been captured"), bad.body());
    }

    /** docs/RULES.md, "Distance to conversion": the line of its example, 28 plies in all. */
    @Test
    void pvIsTheLineOfTheWorkedExample() throws Exception {
        JsonNode o = get("/api/v1/abapa/pv?position=" + TestServer.q("1 0 0 1 0 1 / 1 0 0 0 0 1 S"));
        assertEquals("1 0 0 1 0 1 / 1 0 0 0 0 1 S", o.get("position").asText());
        assertEquals(5, o.get("value").asInt());
        JsonNode line = o.get("line");
        assertEquals(28, line.size(), o.toString());
        List<String> moves = new ArrayList<>();
        line.forEach(ply -> moves.add(ply.get("move").asText()));
        // the documented 17 plies to South's capture of 2, then 11 more until South cannot feed
        assertEquals(List.of("a", "A", "b", "B", "d", "C", "c", "D", "d", "F", "a", "E", "b", "F", "e", "A", "f"),
                moves.subList(0, 17));
        for (int i = 0; i < line.size(); i++) {
            assertEquals(i == 16 ? 2 : 0, line.get(i).get("captured").asInt(), "ply " + (i + 1) + ": " + o);
        }
        assertEquals("cannot-feed", o.get("end").asText());
        assertTrue(o.get("converts").asBoolean());
        assertEquals(5.0, o.get("result").get("south").asDouble());
        assertEquals(0.0, o.get("result").get("north").asDouble());
        assertEquals("south-wins", o.get("result").get("outcome").asText());
        assertKeepsTheValue("1 0 0 1 0 1 / 1 0 0 0 0 1 S", o);
    }

    /** A principal line of a 10-seed position: every ply keeps the reference solver's value. */
    @Test
    void pvKeepsTheValueEveryPly() throws Exception {
        String start = "0 0 1 3 0 2 / 2 1 0 0 1 0 S";
        JsonNode o = get("/api/v1/abapa/pv?position=" + TestServer.q(start));
        assertEquals(0, o.get("value").asInt());
        assertEquals("cannot-feed", o.get("end").asText());
        assertKeepsTheValue(start, o);
    }

    /**
     * The plies of {@code pv} are legal, capture what the rules say, and keep the value: the
     * mover's value is what it captures minus what the next position is worth to the opponent.
     * The line ends where the game does.
     */
    private static void assertKeepsTheValue(String start, JsonNode pv) {
        Position p = Position.parse(start);
        assertEquals(value(p), pv.get("value").asInt(), start);
        for (JsonNode ply : pv.get("line")) {
            MoveResult m = p.play(ply.get("move").asText().charAt(0), Variant.ABAPA);
            assertEquals(m.captured(), ply.get("captured").asInt(), p + " " + ply);
            assertEquals(value(p), m.captured() - value(m.after()), p + ": " + ply + " does not keep the value");
            p = m.after().withoutCaptures();
        }
        assertTrue(p.isGameOver(Variant.ABAPA), "the line ends at " + p + ", not a finished game");
    }

    @Test
    void batchAnswersLineForLine() throws Exception {
        String format = " (expected 'a b c d e f / A B C D E F [S|N]', e.g. '4 4 4 4 4 4 / 4 4 4 4 4 4 S')";
        // each line and its answer, other than the random boards
        String[][] fixed = {
            // worked example 8, with a byte order mark before it
            {"\uFEFF0 0 0 0 0 1 / 1 0 0 0 0 0 S", "-2"},
            {"0 0 0 0 0 1 / 1 0 0 0 0 0 N\r", null},
            {"  0,0,1,0,0,0 / 0,0,0,1,0,1 n  ", null},
            {"", "error: bad position '': empty position" + format},
            {"x", "error: bad position 'x': no '/' between South's and North's pits" + format},
            {"0 0 0 0 0 1 / 1 0 0 0 0",
                "error: bad position '0 0 0 0 0 1 / 1 0 0 0 0': North has 5 pits: expected 6 after '/'" + format},
            {"4 4 4 4 4 4 / 4 4 4 4 4 4",
                "error: the position has 48 seeds on the board; the abapa tables here cover 0..10 seeds"},
            {"0 0 0 0 0 49 / 0 0 0 0 0 0 S",
                "error: bad position '0 0 0 0 0 49 / 0 0 0 0 0 0 S': pit f holds 49: at most 48 seeds in a game"
                    + format},
            {"+1 0 0 0 0 0 / 1 0 0 0 0 0 S",
                "error: bad position '+1 0 0 0 0 0 / 1 0 0 0 0 0 S': pit a holds '+1': write counts without a sign"
                    + format},
        };
        List<String> lines = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (String[] f : fixed) {
            lines.add(f[0]);
            expected.add(f[1] != null ? f[1] : Integer.toString(value(Position.parse(f[0].strip()))));
        }
        Random rnd = new Random(5);
        while (lines.size() < 10_000) {
            Position p = random(rnd, TestServer.ABAPA_MAX);
            lines.add(p.toString());
            expected.add(Integer.toString(value(p)));
        }
        String body = String.join("\n", lines) + "\n";
        HttpResponse<String> r = TestServer.send("POST", srv.uri("/api/v1/abapa/batch"), body);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("text/plain; charset=utf-8", r.headers().firstValue("Content-Type").orElse(""));
        List<String> out = r.body().lines().toList();
        assertEquals(lines.size(), out.size());
        for (int i = 0; i < lines.size(); i++) {
            assertEquals(expected.get(i), out.get(i), "line " + (i + 1) + ": " + lines.get(i));
        }
    }
}
