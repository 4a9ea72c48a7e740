package org.krou.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.time.Duration;
import java.util.Set;
import org.eclipse.jetty.http.pathmap.ServletPathSpec;
import org.eclipse.jetty.http.pathmap.UriTemplatePathSpec;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.server.handler.CrossOriginHandler;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.Fields;
import org.krou.probe.FinalResult;
import org.krou.probe.MoveValue;
import org.krou.probe.Tablebase;
import org.krou.rules.Notation;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;
import org.krou.table.TableException;

/**
 * The JSON API, version 1 (see {@code docs/HTTP.md}): the probe of a position, its principal line,
 * a batch of positions, the coverage. Answers mean what the {@code krou} command's mean, built by
 * the same code ({@link ProbeJson}, {@link BatchProbe}, {@link Captured}).
 */
final class Api {
    /** The prefix of every route of this version. */
    static final String PREFIX = "/api/v1/";
    /** The methods, request headers and response headers a page of another origin may use. */
    private static final Set<String> CORS_METHODS = Set.of("GET", "HEAD", "POST", "OPTIONS");
    private static final Set<String> CORS_HEADERS = Set.of("Content-Type", "If-None-Match");
    private static final Set<String> CORS_EXPOSED = Set.of("ETag");
    /** How long a browser may keep a preflight's answer. */
    private static final Duration CORS_MAX_AGE = Duration.ofDays(1);

    private final Catalog catalog;
    private final ServerLimits limits;
    private final Semaphore lines;
    private final Executor pool;
    private final BatchRoute batches;

    /**
     * The API over {@code catalog}; {@code pool} follows the principal lines and probes the batches,
     * once their body has arrived, with the parts of a large one on {@code helpers} too.
     */
    Api(Catalog catalog, ServerLimits limits, Executor pool, Executor helpers) {
        this.catalog = catalog;
        this.limits = limits;
        this.lines = new Semaphore(limits.concurrentLines());
        this.pool = pool;
        this.batches = new BatchRoute(limits, pool, helpers);
    }

    /** A request the API refuses: the status and the message of its {@code {"error": ...}}. */
    static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int status;

        Refusal(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }

        int status() {
            return status;
        }
    }

    /**
     * The API's routes under {@link #PREFIX}, by Jetty's path mapping, behind Jetty's CORS handler:
     * any origin may call the API (its answers are public and read-only, and no credentials are
     * allowed); a browser's preflight is answered by that handler, with the methods and headers
     * allowed.
     */
    Handler handler() {
        PathMappingsHandler routes = new PathMappingsHandler.NoContext(); // paths stay whole in the routes
        routes.setDynamic(false); // fixed once started, so its invocation type is its routes' (non-blocking)
        routes.addMapping(new ServletPathSpec(PREFIX + "info"), new Route("GET") {
            @Override
            void answer(Request request, Response response, Callback callback) {
                if (!Replies.cached(request, response, callback, catalog.etag(), limits.cacheControl())) {
                    Replies.json(response, callback, catalog.info());
                }
            }
        });
        UriTemplatePathSpec probe = new UriTemplatePathSpec(PREFIX + "{variant}");
        routes.addMapping(probe, new Route("GET") {
            @Override
            void answer(Request request, Response response, Callback callback) {
                Catalog.Served served = variant(probe, request);
                Fields query = query(request);
                String captured = single(query, "captured");
                Position p = Captured.apply(position(query), captured, "captured=");
                if (!Replies.cached(request, response, callback, catalog.etag(), limits.cacheControl())) {
                    Replies.json(response, callback, probe(served, p, captured != null));
                }
            }
        });
        UriTemplatePathSpec pv = new UriTemplatePathSpec(PREFIX + "{variant}/pv");
        routes.addMapping(pv, new Route("GET") {
            @Override
            void answer(Request request, Response response, Callback callback) {
                Catalog.Served served = variant(pv, request);
                // a search, and a wait for its turn: never on the selector thread that read the request
                pool.execute(() -> {
                    try {
                        Fields query = query(request);
                        Position p = Captured.apply(position(query), single(query, "captured"), "captured=");
                        if (!Replies.cached(request, response, callback, catalog.etag(), limits.cacheControl())) {
                            Replies.json(response, callback, pv(served, p));
                        }
                    } catch (Throwable e) {
                        Replies.failure(request, response, callback, e);
                    }
                });
            }
        });
        UriTemplatePathSpec batch = new UriTemplatePathSpec(PREFIX + "{variant}/batch");
        // Jetty's size limit cuts off a body longer than the server reads and drops: at once when
        // its declared length says so (413, in the API's words from JsonErrorHandler), else once it
        // has read that much; below it, a body over the batch bound is read, dropped and refused
        SizeLimitHandler limit = new SizeLimitHandler(ServerLimits.DRAIN_BYTES, -1);
        limit.setHandler(new Route("POST") {
            @Override
            void answer(Request request, Response response, Callback callback) {
                batches.answer(request, response, callback, variant(batch, request));
            }
        });
        routes.addMapping(batch, limit);
        routes.addMapping(new ServletPathSpec(PREFIX + "*"), Route.notFound("the API has " + PREFIX + "info, "
                + PREFIX + "<variant>, " + PREFIX + "<variant>/pv and " + PREFIX + "<variant>/batch"));
        CrossOriginHandler cors = new CrossOriginHandler();
        cors.setAllowedOriginPatterns(Set.of("*"));
        cors.setAllowCredentials(false);
        cors.setAllowedMethods(CORS_METHODS);
        cors.setAllowedHeaders(CORS_HEADERS);
        cors.setExposedHeaders(CORS_EXPOSED);
        cors.setPreflightMaxAge(CORS_MAX_AGE);
        cors.setHandler(routes);
        return cors;
    }

    /** The probe answer: the {@code probe --json} object with each move's distance and position after it. */
    private static ProbeJson.Probe probe(Catalog.Served served, Position p, boolean withResult) {
        try {
            return probeAnswer(served, p, withResult);
        } catch (TableException e) {
            throw TableErrors.refusal(e, served.variant());
        }
    }

    private static ProbeJson.Probe probeAnswer(Catalog.Served served, Position p, boolean withResult) {
        Tablebase tb = served.tablebase();
        int[] values = new int[Rules.ROW];
        int[] distances = new int[Rules.ROW];
        int[] captured = new int[Rules.ROW];
        int v = tb.value(p); // throws, saying which seeds are covered, for a position outside the tables
        int mask = tb.rootMoves(p.moverRelative(), values, distances, captured); // each child probed once
        List<MoveValue> moves = MoveValue.listOf(p.toMove(), mask, values, captured);
        List<ProbeJson.MoveExtra> extras = new ArrayList<>(moves.size());
        for (MoveValue m : moves) {
            extras.add(new ProbeJson.MoveExtra(distances[p.pitOf(m.move())],
                    p.play(m.move(), served.variant()).after()));
        }
        List<Character> best = MoveValue.best(moves);
        FinalResult result = withResult ? tb.finalResult(p) : null;
        return ProbeJson.probe(p, v, moves, best, result, extras);
    }

    /** The {@code pv --json} object; at most {@link ServerLimits#concurrentLines()} lines are followed at once. */
    private ProbeJson.Pv pv(Catalog.Served served, Position p) {
        try {
            return line(served, p);
        } catch (TableException e) {
            throw TableErrors.refusal(e, served.variant());
        }
    }

    private ProbeJson.Pv line(Catalog.Served served, Position p) {
        served.tablebase().value(p); // outside the coverage: refused before waiting
        boolean got;
        try {
            got = lines.tryAcquire(limits.lineWaitMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            got = false;
        }
        if (!got) {
            throw new Refusal(503, "busy: " + limits.concurrentLines() + " lines of play are being followed; "
                    + "try again in a moment");
        }
        try {
            return ProbeJson.pv(served.play().principalLine(p));
        } finally {
            lines.release();
        }
    }

    /** The tables of the variant the path names. */
    private Catalog.Served variant(UriTemplatePathSpec spec, Request request) {
        String id = spec.getPathParams(Request.getPathInContext(request)).get("variant");
        Variant v;
        try {
            v = Variant.parse(id);
        } catch (IllegalArgumentException e) {
            v = null;
        }
        Catalog.Served s = v == null ? null : catalog.get(v);
        if (s == null) {
            throw new Refusal(404, (v == null ? "unknown variant '" + Notation.excerpt(id) + "'"
                    : "no " + v.id() + " tables on this server") + ": served here: " + served());
        }
        return s;
    }

    private String served() {
        StringBuilder sb = new StringBuilder();
        for (Variant v : catalog.variants()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(v.id()).append(" (0..").append(catalog.maxSeeds(v))
                    .append(" seeds)");
        }
        return sb.toString();
    }

    private static Fields query(Request request) {
        try {
            return Request.extractQueryParameters(request, StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            throw new Refusal(400, "bad query string: " + e.getMessage()
                    + "; expected ?position=<notation> with the notation percent-encoded in UTF-8");
        }
    }

    /**
     * The value of a parameter that takes one, or null if it is absent.
     *
     * @throws Refusal (400) if it is given more than once: the server does not pick one of them
     */
    private static String single(Fields query, String name) {
        Fields.Field f = query.get(name);
        if (f == null) {
            return null;
        }
        int n = f.getValues().size();
        if (n > 1) {
            throw new Refusal(400, "query parameter " + name + " given " + n + " times: give it once");
        }
        return f.getValue();
    }

    private static Position position(Fields query) {
        String text = single(query, "position");
        if (text == null) {
            throw new Refusal(400, "missing query parameter position: " + Notation.FORM
                    + ", e.g. ?position=4+4+4+4+4+4+/+4+4+4+4+4+4+S");
        }
        return parse(text);
    }

    /**
     * {@link Position#parse}: the common well-formed text is read by {@link Notation#readBoard}
     * (as {@code probe --batch} reads it, without regular expressions); anything else goes to
     * {@link Position#parse}, which reads it the same way or says what is wrong.
     */
    static Position parse(String text) {
        int[] board = new int[Rules.PITS];
        if (!Notation.readBoard(text, board)) {
            return Position.parse(text);
        }
        // readBoard took the text: after the last count comes nothing, or separators and the side to move
        int end = text.length() - 1;
        while (end > 0 && (text.charAt(end) <= ' ' || text.charAt(end) == ',')) {
            end--;
        }
        char last = text.charAt(end);
        return Position.fromMoverRelative(board, last == 'N' || last == 'n' ? Side.NORTH : Side.SOUTH);
    }

    /** Maps what a route threw to the status and message of its error answer; null for an unexpected failure. */
    static Refusal refusal(Throwable e) {
        if (e instanceof Refusal r) {
            return r;
        }
        if (e instanceof IllegalArgumentException) {
            return new Refusal(400, e.getMessage()); // the notation and captured= messages say the expected form
        }
        if (e instanceof TableException t) {
            return TableErrors.refusal(t, null);
        }
        if (e instanceof RejectedExecutionException) {
            return new Refusal(503, "the server is stopping");
        }
        return null;
    }
}
