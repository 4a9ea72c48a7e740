package org.krou.server;

import java.net.URI;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.CustomRequestLog;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The HTTP server of {@code krou serve}: the JSON API under {@code /api/v1/}, {@code /health} and
 * the web explorer at {@code /}, over the tables of a {@link Catalog}, on Jetty.
 *
 * <pre>{@code
 * try (Catalog tables = Catalog.open(Path.of("data"), 256L << 20, PerfectPlay.DEFAULT_SEARCH_NODES);
 *      KrouServer server = KrouServer.start(tables, "127.0.0.1", 8080, ServerLimits.DEFAULT, null)) {
 *     server.join(); // until stopped
 * }
 * }</pre>
 *
 * <p>Every request gets one line in the access log ({@link #ACCESS_LOG_FORMAT}). Stopping is
 * graceful: the connector stops accepting, requests under way are answered (for at most
 * {@link #STOP_MILLIS} ms), then the threads end (the batch helpers' too). The tables stay open: the caller closes the
 * catalog.
 */
public final class KrouServer implements AutoCloseable {
    /** The access log line: client, time, request line, status, bytes sent, milliseconds taken. */
    public static final String ACCESS_LOG_FORMAT = "%{client}a - - %t \"%r\" %s %O %{ms}Tms";
    private static final HttpField NOSNIFF = new PreEncodedHttpField("X-Content-Type-Options", "nosniff");
    /** Jetty's system property: object references in a cache line of 64 bytes. */
    static final String REFERENCES_PER_CACHE_LINE = "org.eclipse.jetty.util.referencesPerCacheLine";
    /** How long a graceful stop waits for the requests under way. */
    public static final long STOP_MILLIS = 5_000;

    private final Server server;
    private final ServerConnector connector;

    private KrouServer(Server server, ServerConnector connector) {
        this.server = server;
        this.connector = connector;
    }

    /**
     * Starts a server.
     *
     * @param bind      the address to listen on, e.g. {@code 127.0.0.1}
     * @param port      the port, or 0 for any free one ({@link #port()} tells which)
     * @param accessLog where access log lines go, or null for standard error ({@link AccessLog})
     * @throws java.io.IOException if the port cannot be bound (already in use, not allowed)
     */
    public static KrouServer start(Catalog catalog, String bind, int port, ServerLimits limits,
                                   RequestLog.Writer accessLog) throws Exception {
        if (System.getProperty(REFERENCES_PER_CACHE_LINE) == null) {
            // Jetty pads some arrays to cache lines and, unless told, asks the platform MBean server
            // whether references are compressed, which starts JMX and delays the first answer
            System.setProperty(REFERENCES_PER_CACHE_LINE, Runtime.getRuntime().maxMemory() < 32L << 30 ? "16" : "8");
        }
        QueuedThreadPool pool = new QueuedThreadPool(limits.maxThreads(), Math.min(8, limits.maxThreads()));
        pool.setName("krou-http");
        Server server = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setRequestHeaderSize(limits.requestHeaderBytes());
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        // browsers take each answer as the type it says (JSON, the explorer's files), never a guess
        http.addCustomizer((request, headers) -> {
            headers.put(NOSNIFF);
            return request;
        });
        // one selector thread a core, each answering the quick requests of its connections itself
        // (every handler of Routes is non-blocking): no hand-off between threads per request
        ServerConnector connector = new ServerConnector(server, -1, Math.max(1, Runtime.getRuntime().availableProcessors()),
                new HttpConnectionFactory(http));
        connector.setHost(bind);
        connector.setPort(port);
        connector.setIdleTimeout(limits.idleMillis());
        server.addConnector(connector);
        NetworkConnectionLimit all = new NetworkConnectionLimit(limits.maxConnections(), connector);
        all.setEndPointIdleTimeout(Math.min(limits.idleMillis(), ServerLimits.BUSY_IDLE_MILLIS));
        server.addBean(all);
        connector.addBean(new AddressConnectionLimit(limits.maxConnectionsPerAddress()));
        // the helpers of large batches: this server's own, started and stopped with it
        QueuedThreadPool helpers = new QueuedThreadPool(BatchProbe.helperThreads(), 0);
        helpers.setName(BatchProbe.HELPER_NAME);
        helpers.setReservedThreads(0);
        helpers.setDaemon(true);
        server.addBean(helpers, true);
        server.setHandler(new GracefulHandler(Routes.handler(catalog, limits, pool, helpers)));
        server.setErrorHandler(new JsonErrorHandler(limits));
        server.setRequestLog(new CustomRequestLog(accessLog == null ? new AccessLog() : accessLog,
                ACCESS_LOG_FORMAT));
        server.setStopTimeout(STOP_MILLIS);
        server.setDynamic(false); // so that Jetty takes the handlers' invocation type (non-blocking) once started
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new KrouServer(server, connector);
    }

    /** Jetty's server, for tests. */
    Server jetty() {
        return server;
    }

    /** The port listened on. */
    public int port() {
        return connector.getLocalPort();
    }

    /** The base address, e.g. {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        String host = connector.getHost() == null ? "127.0.0.1" : connector.getHost();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + "/");
    }

    /** Waits until the server has stopped. */
    public void join() throws InterruptedException {
        server.join();
    }

    /** Stops gracefully (see the class comment), then writes the access log lines still queued; idempotent. */
    public void stop() throws Exception {
        server.stop();
    }

    /**
     * As {@link #stop()}.
     *
     * @throws IllegalStateException if Jetty could not stop cleanly (the cause says why)
     */
    @Override
    public void close() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop the server: " + e.getMessage(), e);
        }
    }
}
