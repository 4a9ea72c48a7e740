package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Malformed and hostile clients on loopback, bounded in count and time: the server answers 4xx
 * or closes, stays up, and its threads and memory stay bounded.
 */
class ServerAbuseTest {
    private static final ServerLimits LIMITS = ServerLimits.DEFAULT.withIdleMillis(500).withMaxConnections(32);
    private static TestServer.Running srv;

    @BeforeAll
    static void start() throws Exception {
        srv = TestServer.start(LIMITS);
    }

    @AfterAll
    static void stop() throws Exception {
        srv.close();
    }

    /** Sends raw bytes and reads until the server closes or 5 s pass; returns what came back. */
    private static String raw(byte[] request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", srv.server().port()), 2000);
            s.setSoTimeout(5000);
            s.getOutputStream().write(request);
            s.getOutputStream().flush();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) >= 0;) {
                    got.write(buf, 0, n);
                }
            } catch (SocketTimeoutException | java.net.SocketException e) {
                // what arrived is kept
            }
            return got.toString(StandardCharsets.UTF_8);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void stillUp() throws Exception {
        assertEquals(200, TestServer.get(srv.uri("/health")).statusCode());
    }

    @Test
    void malformedRequestsGet4xxAsJsonOrAClose() throws Exception {
        String[] requests = {
            "GARBAGE\r\n\r\n",
            "GET /api/v1/abapa?position=\u00ff\u00fe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "GET /api/v1/abapa?position=%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "GET /api/v1/abapa?position=%C3%28 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "GET /api/v1/%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
            "POST /api/v1/abapa/batch HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\nConnection: close\r\n\r\n",
            "GET /" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1\r\n" + "X: y\r\n".repeat(3000) + "\r\n",
        };
        for (String r : requests) {
            String answer = raw(bytes(r));
            String head = answer.isEmpty() ? "(closed)" : answer.substring(0, answer.indexOf('\r') < 0
                    ? answer.length() : answer.indexOf('\r'));
            assertTrue(answer.isEmpty() || head.matches("HTTP/1\\.1 4\\d\\d .*"),
                    r.substring(0, Math.min(60, r.length())) + " -> " + head);
            if (!answer.isEmpty() && !answer.contains("Content-Length: 0")) {
                assertTrue(answer.contains("{\"error\":"), r.substring(0, Math.min(60, r.length())) + " -> " + answer);
            }
            assertTrue(!answer.contains("\tat ") && !answer.contains("Exception"), answer);
            stillUp();
        }
    }

    @Test
    void aSlowClientIsCutOffAtTheIdleTimeout() throws Exception {
        try (Socket s = new Socket("127.0.0.1", srv.server().port())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            long t0 = System.nanoTime(); // before the bytes go: the server's idle clock may start as they arrive
            out.write(bytes("GET /health HTTP/1.1\r\nHo"));
            out.flush();
            int n = s.getInputStream().read(new byte[4096]);
            while (n > 0) {
                n = s.getInputStream().read(new byte[4096]);
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 500 && ms < 10_000, "closed after " + ms + " ms (idle timeout 500 ms)");
        }
        stillUp();
    }

    /** A batch whose body stops coming is answered 408 at the idle timeout, not held for ever nor a 500. */
    @Test
    void aBatchBodyThatStopsComingIsARequestTimeout() throws Exception {
        try (Socket s = new Socket("127.0.0.1", srv.server().port())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            long t0 = System.nanoTime();
            out.write(bytes("POST /api/v1/abapa/batch HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0 0 0"));
            out.flush();
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(answer.startsWith("HTTP/1.1 408 "), answer);
            assertTrue(answer.contains("{\"error\":\"the request body stopped arriving: nothing came for 500 ms\"}"),
                    answer);
            assertTrue(ms >= 500 && ms < 10_000, "answered after " + ms + " ms (idle timeout 500 ms)");
        }
        stillUp();
    }

    @Test
    void manyConnectionsAreBoundedAndTheServerRecovers() throws Exception {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < 300; i++) {
                Socket s = new Socket();
                // a connection beyond the backlog waits for a retried SYN (1 s, then 3 s...) until the
                // idle timeout frees a slot: a loaded machine may take several rounds
                s.connect(new InetSocketAddress("127.0.0.1", srv.server().port()), 30_000);
                sockets.add(s);
                if (i % 3 == 0) {
                    s.getOutputStream().write(bytes("GET /api/v1/abapa?position=1+2 HTTP/1.1\r\nHost: x\r\n"));
                }
            }
            long threads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("krou-http")).count();
            assertTrue(threads <= LIMITS.maxThreads(), threads + " server threads");
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
        // the connections beyond the limit waited in the backlog; all are gone after the idle timeout
        long deadline = System.currentTimeMillis() + 30_000;
        int status = 0;
        while (status != 200 && System.currentTimeMillis() < deadline) {
            try {
                status = TestServer.get(srv.uri("/health")).statusCode();
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        assertEquals(200, status);
        System.gc();
        long after = rt.totalMemory() - rt.freeMemory();
        assertTrue(after - before < 64L << 20, "heap grew by " + ((after - before) >> 20) + " MiB");
    }

    @Test
    void hugeBodiesAreRefusedOnTheirDeclaredLength() throws Exception {
        byte[] part = bytes("0 0 0 0 0 1 / 1 0 0 0 0 0 S\n".repeat(2_000)); // 56 KB of a declared 2.2 MB
        for (int i = 0; i < 5; i++) { // each waits for the idle timeout: the server drains what is sent first
            try (Socket s = new Socket("127.0.0.1", srv.server().port())) {
                s.setSoTimeout(5000);
                OutputStream out = s.getOutputStream();
                out.write(bytes("POST /api/v1/abapa/batch HTTP/1.1\r\nHost: x\r\nContent-Length: 2240000\r\n\r\n"));
                out.write(part);
                out.flush();
                byte[] head = new byte[12];
                int n = s.getInputStream().readNBytes(head, 0, 12);
                assertEquals("HTTP/1.1 413", new String(head, 0, n, StandardCharsets.ISO_8859_1),
                        "refused on its declared length, once what was sent is drained (docs/HTTP.md)");
            }
        }
        String big = "0 0 0 0 0 1 / 1 0 0 0 0 0 S\n".repeat(80_000); // 2.2 MB sent whole: 413, or a close
        for (int i = 0; i < 5; i++) {
            try {
                assertEquals(413, TestServer.send("POST", srv.uri("/api/v1/abapa/batch"), big).statusCode());
            } catch (IOException e) {
                // the server may close a connection whose body it will not read
            }
        }
        stillUp();
    }
}
