package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.jetty.util.thread.Invocable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What Jetty's handlers do for the server, as docs/HTTP.md says: CORS on the API, the explorer's
 * files (types, entity tags, nothing outside their directory), and a handler chain that Jetty
 * runs on the thread that read the request.
 */
class ServerHandlersTest {
    private static final String ORIGIN = "https://example.org";
    private static final String PROBE = "/api/v1/abapa?position=" + TestServer.q("0 0 0 0 0 1 / 1 0 0 0 0 0 S");
    private static TestServer.Running srv;

    @BeforeAll
    static void start() throws Exception {
        srv = TestServer.start(ServerLimits.DEFAULT);
    }

    @AfterAll
    static void stop() {
        srv.close();
    }

    private static HttpResponse<String> send(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(srv.uri(path)).method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) {
            b.headers(headers);
        }
        return TestServer.CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String header(HttpResponse<?> r, String name) {
        return r.headers().firstValue(name).orElse("");
    }

    /** A comma-separated header's values, trimmed, in order of name. */
    private static Set<String> values(HttpResponse<?> r, String name) {
        Set<String> out = new TreeSet<>();
        for (String v : header(r, name).split(",")) {
            if (!v.isBlank()) {
                out.add(v.trim());
            }
        }
        return out;
    }

    private static List<String> corsHeaders(HttpResponse<?> r) {
        return r.headers().map().keySet().stream().filter(k -> k.toLowerCase().startsWith("access-control-")).toList();
    }

    @Test
    void aSimpleRequestFromAnOriginMayReadTheAnswerAndItsEntityTag() throws Exception {
        HttpResponse<String> r = send("GET", PROBE, "Origin", ORIGIN);
        assertEquals(200, r.statusCode());
        assertEquals(ORIGIN, header(r, "Access-Control-Allow-Origin"));
        assertEquals(Set.of("ETag"), values(r, "Access-Control-Expose-Headers"));
        assertEquals("Origin", header(r, "Vary"));
        assertEquals("nosniff", header(r, "X-Content-Type-Options"));
        assertEquals("", header(r, "Access-Control-Allow-Credentials"), "no credentials: the answers are public");
        HttpResponse<String> error = send("GET", "/api/v1/abapa?position=x", "Origin", ORIGIN);
        assertEquals(400, error.statusCode());
        assertEquals(ORIGIN, header(error, "Access-Control-Allow-Origin"), "an error is readable too");
    }

    @Test
    void aPreflightIsAnsweredWithTheMethodsAndHeadersAllowed() throws Exception {
        HttpResponse<String> r = send("OPTIONS", "/api/v1/abapa/batch", "Origin", ORIGIN,
                "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type");
        assertTrue(r.statusCode() == 200 || r.statusCode() == 204, r.toString());
        assertEquals(ORIGIN, header(r, "Access-Control-Allow-Origin"));
        assertEquals(Set.of("GET", "HEAD", "POST", "OPTIONS"), values(r, "Access-Control-Allow-Methods"));
        assertEquals(Set.of("Content-Type", "If-None-Match"), values(r, "Access-Control-Allow-Headers"));
        assertEquals("86400", header(r, "Access-Control-Max-Age"));
        assertEquals("", r.body());
    }

    @Test
    void withoutAnOriginNoCorsHeaderIsSent() throws Exception {
        for (String path : List.of(PROBE, "/api/v1/info", "/api/v1/nothing/at/all", "/health", "/")) {
            HttpResponse<String> r = send("GET", path);
            assertEquals(List.of(), corsHeaders(r), path);
        }
        HttpResponse<String> options = send("OPTIONS", "/api/v1/abapa/batch");
        assertEquals(204, options.statusCode());
        assertEquals("POST, OPTIONS", header(options, "Allow"));
        assertEquals(List.of(), corsHeaders(options));
        HttpResponse<String> health = send("GET", "/health", "Origin", ORIGIN);
        assertEquals(List.of(), corsHeaders(health), "CORS is the API's only");
    }

    private static byte[] resource(String name) throws Exception {
        try (InputStream in = ServerHandlersTest.class.getResourceAsStream("/org/krou/server/web/" + name)) {
            return in.readAllBytes();
        }
    }

    @Test
    void theExplorersFilesHaveTheirTypesAndRevalidate() throws Exception {
        String[][] files = {
            {"/", "index.html", "text/html;charset=utf-8"},
            {"/index.html", "index.html", "text/html;charset=utf-8"},
            {"/app.js", "app.js", "text/javascript;charset=utf-8"},
            {"/style.css", "style.css", "text/css;charset=utf-8"},
            {"/favicon.svg", "favicon.svg", "image/svg+xml"},
        };
        for (String[] f : files) {
            HttpResponse<byte[]> r = TestServer.CLIENT.send(HttpRequest.newBuilder(srv.uri(f[0])).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, r.statusCode(), f[0]);
            assertEquals(f[2], header(r, "Content-Type").replace(" ", "").toLowerCase(), f[0]);
            assertArrayEquals(resource(f[1]), r.body(), f[0]);
            assertEquals("no-cache", header(r, "Cache-Control"), f[0]);
            assertEquals("nosniff", header(r, "X-Content-Type-Options"), f[0]);
            String etag = header(r, "ETag");
            assertFalse(etag.isEmpty(), f[0]);
            HttpResponse<String> again = send("GET", f[0], "If-None-Match", etag);
            assertEquals(304, again.statusCode(), f[0]);
            assertEquals("", again.body(), f[0]);
        }
    }

    /** Sends a raw request line, so that no client normalises the path; returns the status line. */
    private static String status(String target) throws Exception {
        try (Socket s = new Socket("127.0.0.1", srv.server().port())) {
            s.setSoTimeout(5000);
            s.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            s.getInputStream().transferTo(got);
            byte[] answer = got.toByteArray();
            String text = new String(answer, StandardCharsets.ISO_8859_1);
            assertFalse(text.contains("\u00ca\u00fe\u00ba\u00be"), target + " sent a class file");
            return text.substring(0, Math.max(0, text.indexOf('\r')));
        }
    }

    /** The files come from the explorer's directory of the jar and nowhere else. */
    @Test
    void nothingOutsideTheExplorersDirectoryIsServed() throws Exception {
        // the directory is org/krou/server/web/ among the classes: its parent holds Api.class
        assertTrue(ServerHandlersTest.class.getResource("/org/krou/server/web/../Api.class") != null
                || ServerHandlersTest.class.getResource("/org/krou/server/Api.class") != null);
        for (String target : List.of("/../Api.class", "/%2e%2e/Api.class", "/%2E%2E/Api.class", "/..%2fApi.class",
                "/.%2e/Api.class", "/web/../../Api.class", "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                "/org/krou/server/Api.class", "/Api.class", "/app.js/../../Api.class", "/..\\Api.class")) {
            String line = status(target);
            assertTrue(line.matches("HTTP/1\\.1 40[04] .*") || line.isEmpty(), target + " -> " + line);
        }
        assertEquals("HTTP/1.1 200 OK", status("/app.js"));
    }

    /** Jetty answers each request on the selector thread that read it only if every handler is non-blocking. */
    @Test
    void theHandlerChainIsNonBlocking() {
        assertEquals(Invocable.InvocationType.NON_BLOCKING, srv.server().jetty().getHandler().getInvocationType());
        assertEquals(Invocable.InvocationType.NON_BLOCKING, srv.server().jetty().getInvocationType());
    }
}
