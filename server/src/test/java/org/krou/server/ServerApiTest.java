package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The JSON API against a real server on a random loopback port: limits, errors, headers, info
 * (its answers: {@link ServerAnswersTest}).
 */
class ServerApiTest {
    private static TestServer.Running srv;

    @BeforeAll
    static void start() throws Exception {
        srv = TestServer.start(ServerLimits.DEFAULT);
    }

    @AfterAll
    static void stop() throws Exception {
        srv.close();
    }

    private static JsonNode json(HttpResponse<String> r) throws Exception {
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r.toString());
        return ProbeJson.mapper().readTree(r.body());
    }

    @Test
    void tooLargeBatchesAre413() throws Exception {
        String line = "0 0 0 0 0 1 / 1 0 0 0 0 0 S\n";
        HttpResponse<String> lines = TestServer.send("POST", srv.uri("/api/v1/abapa/batch"), line.repeat(10_001));
        assertEquals(413, lines.statusCode());
        assertTrue(json(lines).get("error").asText().contains("at most 10000 positions"), lines.body());
        HttpResponse<String> bytes = TestServer.send("POST", srv.uri("/api/v1/abapa/batch"),
                "0".repeat((1 << 20) + 1));
        assertEquals(413, bytes.statusCode());
        assertNotNull(json(bytes).get("error"));
    }

    /**
     * A body over the limit, sent whole by a client that does not wait for the server's answer
     * first (no {@code Expect: 100-continue}), still gets its 413: the server reads and drops the
     * body before answering. Closing with the body unread reset the connection, and the answer
     * was lost, in about one request in twelve.
     */
    @Test
    void aTooLargeBodyIsAnsweredNotReset() throws Exception {
        String body = "0".repeat((1 << 20) + 1);
        for (int i = 0; i < 50; i++) {
            HttpResponse<String> r = TestServer.send("POST", srv.uri("/api/v1/abapa/batch"), body);
            assertEquals(413, r.statusCode(), "request " + (i + 1));
        }
    }

    /**
     * A body declared longer than the server ever reads (16 MiB, docs/HTTP.md) is refused at once,
     * in the API's words, without waiting for it.
     */
    @Test
    void aBodyDeclaredLongerThanAnyReadIsRefusedAtOnce() throws Exception {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", srv.server().port())) {
            s.setSoTimeout(5000);
            s.getOutputStream().write(("POST /api/v1/abapa/batch HTTP/1.1\r\nHost: x\r\nContent-Length: "
                    + ((16 << 20) + 1) + "\r\n\r\n0 0 0 0 0 1 / 1 0 0 0 0 0 S\n").getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(answer.startsWith("HTTP/1.1 413 "), answer);
            assertTrue(answer.contains("{\"error\":\"request body too large: at most 1048576 bytes and 10000 positions"
                    + " a batch, one per line\"}"), answer);
        }
    }

    @Test
    void errorsAreJsonWithTheRightStatusAndNeverAStackTrace() throws Exception {
        Object[][] cases = {
            {"/api/v1/abapa?position=" + TestServer.q("0 0 0 0 0 1 / 1 0 0 0 0"), 400, "North has 5 pits"},
            {"/api/v1/abapa?position=" + TestServer.q("0 0 0 0 0 1 / 1 0 0 0 0"), 400, "expected 'a b c d e f"},
            {"/api/v1/abapa", 400, "missing query parameter position"},
            {"/api/v1/abapa?position=%FF%FE", 400, "UTF-8"},
            {"/api/v1/chess?position=1", 404, "unknown variant 'chess': served here: abapa (0..10 seeds), awari"},
            {"/api/v1/abapa/nothing", 404, "no such path"},
            {"/nothing", 404, "no such path"},
            {"/api/v1/abapa?position=" + TestServer.q("4 4 4 4 4 4 / 4 4 4 4 4 4 S"), 422,
                "the position has 48 seeds on the board; the abapa tables here cover 0..10 seeds"},
            {"/api/v1/awari/pv?position=" + TestServer.q("9 0 0 0 0 0 / 0 0 0 0 0 0 S"), 422, "cover 0..8 seeds"},
            {"/api/v1/abapa?position=" + "1".repeat(9000), 414, "URI too long"},
        };
        for (Object[] c : cases) {
            HttpResponse<String> r = TestServer.get(srv.uri((String) c[0]));
            assertEquals(c[1], r.statusCode(), c[0] + ": " + r.body());
            String error = json(r).get("error").asText();
            assertTrue(error.contains((String) c[2]), c[0] + ": " + error);
            assertFalse(r.body().contains("\tat ") || r.body().contains("Exception"), r.body());
            assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(""), c[0].toString());
            assertTrue(r.headers().firstValue("ETag").isEmpty(), "an error has no entity tag: " + c[0]);
        }
        HttpResponse<String> big = TestServer.get(srv.uri("/health"), "X-Big", "y".repeat(10_000));
        assertEquals(431, big.statusCode());
        assertTrue(json(big).get("error").asText().contains("at most 8192 bytes"), big.body());
        HttpResponse<String> put = TestServer.send("PUT", srv.uri("/api/v1/abapa?position=1"), "x");
        assertEquals(405, put.statusCode());
        assertEquals("GET, HEAD, OPTIONS", put.headers().firstValue("Allow").orElse(""));
        HttpResponse<String> getBatch = TestServer.get(srv.uri("/api/v1/abapa/batch"));
        assertEquals(405, getBatch.statusCode());
    }

    /** A parameter that takes one value, given twice, is refused: the server would have to pick one. */
    @Test
    void aRepeatedParameterIsRefused() throws Exception {
        String a = "position=" + TestServer.q("0 0 0 0 0 1 / 1 0 0 0 0 0 S");
        String b = "position=" + TestServer.q("0 0 1 3 0 2 / 2 1 0 0 1 0 S");
        String[][] cases = {
            {"/api/v1/abapa?" + a + "&" + b, "position", "2"},
            {"/api/v1/abapa?" + a + "&" + a, "position", "2"},
            {"/api/v1/abapa/pv?" + a + "&" + b + "&" + a, "position", "3"},
            {"/api/v1/abapa?" + a + "&captured=0,0&captured=1,1", "captured", "2"},
        };
        for (String[] c : cases) {
            HttpResponse<String> r = TestServer.get(srv.uri(c[0]));
            assertEquals(400, r.statusCode(), c[0] + ": " + r.body());
            String error = json(r).get("error").asText();
            assertEquals("query parameter " + c[1] + " given " + c[2] + " times: give it once", error, c[0]);
        }
    }

    @Test
    void answersCarryCacheHeadersAndRevalidate() throws Exception {
        String path = "/api/v1/abapa?position=" + TestServer.q("0 0 0 0 0 1 / 1 0 0 0 0 0 S");
        HttpResponse<String> r = TestServer.get(srv.uri(path));
        String etag = r.headers().firstValue("ETag").orElseThrow();
        assertEquals(srv.catalog().etag(), etag);
        assertTrue(etag.matches("\"[0-9a-f]{24}\""), etag);
        assertEquals("public, max-age=86400", r.headers().firstValue("Cache-Control").orElse(""));
        HttpResponse<String> again = TestServer.get(srv.uri(path), "If-None-Match", etag);
        assertEquals(304, again.statusCode());
        assertEquals("", again.body());
        HttpResponse<String> other = TestServer.get(srv.uri(path), "If-None-Match", "\"0\"");
        assertEquals(200, other.statusCode());
    }

    @Test
    void infoAndHealth() throws Exception {
        JsonNode info = json(TestServer.get(srv.uri("/api/v1/info")));
        assertEquals("v1", info.get("api").asText());
        JsonNode abapa = info.get("variants").get(0);
        assertEquals("abapa", abapa.get("variant").asText());
        assertEquals(TestServer.ABAPA_MAX, abapa.get("seeds").get("max").asInt());
        assertEquals(TestServer.ABAPA_MAX, abapa.get("distances").asInt());
        assertEquals(TestServer.ABAPA_MAX + 1, abapa.get("layers").size());
        long positions = 0;
        for (int n = 0; n <= TestServer.ABAPA_MAX; n++) {
            positions += org.krou.index.PositionIndex.size(n);
        }
        assertEquals(positions, abapa.get("positions").asLong());
        JsonNode awari = info.get("variants").get(1);
        assertEquals(TestServer.AWARI_MAX, awari.get("seeds").get("max").asInt());
        assertTrue(awari.get("distances").isNull());
        HttpResponse<String> h = TestServer.get(srv.uri("/health"));
        assertEquals(200, h.statusCode());
        assertEquals("{\"status\":\"ok\",\"variants\":[\"abapa\",\"awari\"]}", h.body());
    }

    @Test
    void everyRequestHasAnAccessLogLine() throws Exception {
        TestServer.get(srv.uri("/health?log-test"));
        TestServer.get(srv.uri("/nothing?log-test"));
        // A line is logged after its response is sent, so wait for these two lines themselves:
        // lines of earlier tests' requests may still be arriving and would fill a count of all lines.
        long deadline = System.currentTimeMillis() + 30_000; // the loop ends as soon as both are there
        List<String> mine = logTestLines();
        while (mine.size() < 2 && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
            mine = logTestLines();
        }
        assertEquals(2, mine.size(), String.join("\n", new ArrayList<>(srv.log())));
        // each line is written when its exchange completes, so the two may come in either order
        String health = mine.stream().filter(l -> l.contains("/health")).findFirst().orElseThrow();
        String nothing = mine.stream().filter(l -> l.contains("/nothing")).findFirst().orElseThrow();
        assertTrue(health.matches("127\\.0\\.0\\.1 - - \\[.*\\] \"GET /health\\?log-test HTTP/1\\.1\" 200 \\d+ \\d+ms"),
                health);
        assertTrue(nothing.contains("\" 404 "), nothing);
    }

    private static List<String> logTestLines() {
        // a copy first: the synchronized list's toArray holds its lock, its stream would not
        return new ArrayList<>(srv.log()).stream().filter(l -> l.contains("log-test")).toList();
    }
}
