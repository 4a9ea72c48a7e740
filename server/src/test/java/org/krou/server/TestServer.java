package org.krou.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.krou.generator.Generator;
import org.krou.generator.Progress;
import org.krou.generator.TableLayerStore;
import org.krou.probe.PerfectPlay;
import org.krou.rules.Variant;

/**
 * Tables for the server tests, built once per test JVM by the generator (abapa 0..10 seeds with
 * distance tables, awari 0..8 without), and servers over them on a random loopback port.
 */
final class TestServer {
    /** The largest abapa layer built. */
    static final int ABAPA_MAX = 10;
    /** The largest awari layer built. */
    static final int AWARI_MAX = 8;

    private static Path tables;

    private TestServer() {
    }

    /** The table directory (built on first use, deleted when the JVM ends). */
    static synchronized Path tables() {
        if (tables == null) {
            try {
                Path dir = Files.createTempDirectory("krou-server-test");
                new Generator(Variant.ABAPA, 2, new TableLayerStore(dir, Variant.ABAPA, 2), Progress.NONE, true)
                        .run(ABAPA_MAX);
                new Generator(Variant.AWARI, 2, new TableLayerStore(dir, Variant.AWARI, 2), Progress.NONE, false)
                        .run(AWARI_MAX);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
                tables = dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return tables;
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }

    /** A running server over {@link #tables()} with its access log kept. */
    record Running(Catalog catalog, KrouServer server, List<String> log) implements AutoCloseable {
        URI uri(String path) {
            return server.uri().resolve(path);
        }

        @Override
        public void close() {
            server.close();
            catalog.close();
        }
    }

    static Running start(ServerLimits limits) throws Exception {
        Catalog catalog = Catalog.open(tables(), 16L << 20, PerfectPlay.DEFAULT_SEARCH_NODES);
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        return new Running(catalog, KrouServer.start(catalog, "127.0.0.1", 0, limits, log::add), log);
    }

    static final HttpClient CLIENT = HttpClient.newHttpClient();

    static HttpResponse<String> get(URI uri, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> send(String method, URI uri, String body) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(uri).method(method, body == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A query value percent-encoded. */
    static String q(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }
}
