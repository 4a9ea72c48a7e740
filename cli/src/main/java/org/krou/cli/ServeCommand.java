package org.krou.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.krou.server.Catalog;
import org.krou.server.KrouServer;
import org.krou.server.ServerLimits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code krou serve}: the HTTP API and the web explorer over every variant under DIR. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve the tables of every variant under DIR over HTTP, read-only: the JSON API under "
                + "/api/v1/ (see docs/HTTP.md), the web explorer at /, and /health. One access log line per request "
                + "on standard error; SIGTERM or Ctrl-C stops gracefully (requests under way are answered).",
                "Prints the address once it is listening, e.g. 'krou serve: listening on http://127.0.0.1:8080/'."})
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080",
            description = "TCP port (default: ${DEFAULT-VALUE}; 0: any free port, printed at start).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0: every "
                    + "interface).")
    String bind;

    @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
            description = "Table directory, holding <variant>/values-NN.krou (default: ${DEFAULT-VALUE}).")
    Path data;

    @Mixin
    CacheOptions cache;

    @Mixin
    SearchOptions search;

    /** Seconds since the process started (NaN if the system does not say). */
    private static double sinceStart() {
        return ProcessHandle.current().info().startInstant()
                .map(t -> Duration.between(t, Instant.now()).toMillis() / 1000.0).orElse(Double.NaN);
    }

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port " + port + ": expected 0..65535 (0: any free port)");
        }
        long cacheBytes = cache.options().cacheBytes();
        int nodes = search.nodes();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Catalog catalog = Catalog.open(data, cacheBytes, nodes);
        KrouServer server;
        try {
            server = KrouServer.start(catalog, bind, port, ServerLimits.DEFAULT, null);
        } catch (IOException e) {
            catalog.close();
            throw new IOException("cannot listen on " + bind + ":" + port + ": " + e.getMessage()
                    + " (choose another address or port with --bind and --port)", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.stop();
            } catch (Exception e) {
                err.println("error: stopping the server: " + Errors.message(e));
            } finally {
                catalog.close();
                err.println("krou serve: stopped");
                err.flush();
            }
        }, "krou-serve-stop"));
        out.printf(Locale.ROOT, "krou serve: listening on %s (%s, from %s); ready %.2f s after the JVM started; "
                        + "stop with Ctrl-C or SIGTERM%n", server.uri(), catalog.summary(), data,
                sinceStart());
        out.flush();
        server.join();
        return Main.OK;
    }
}
