package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A server's threads are its own: they start with it and are gone once it has stopped. */
class ServerLifecycleTest {
    private static final String POSITION = "0 0 1 3 0 2 / 2 1 0 0 1 0 S";

    private static List<String> batchThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("krou-batch")).toList();
    }

    /**
     * A batch large enough to be probed in parts on the batch helpers answers every line as a
     * single probe does; once the server stops, no helper thread is left.
     */
    @Test
    void theBatchHelpersEndWithTheServer() throws Exception {
        String value;
        try (TestServer.Running srv = TestServer.start(ServerLimits.DEFAULT)) {
            value = ProbeJson.mapper().readTree(TestServer.get(srv.uri("/api/v1/abapa?position="
                    + TestServer.q(POSITION))).body()).get("value").asText();
            int lines = 4 * 1024; // above the size below which a batch is probed on one thread
            HttpResponse<String> r = TestServer.send("POST", srv.uri("/api/v1/abapa/batch"),
                    (POSITION + "\n").repeat(lines));
            assertEquals(200, r.statusCode(), r.body());
            assertEquals((value + "\n").repeat(lines), r.body());
        }
        long until = System.nanoTime() + 5_000_000_000L;
        while (!batchThreads().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertEquals(List.of(), batchThreads(), "batch helper threads alive after the server stopped");
    }
}
