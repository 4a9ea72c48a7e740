package org.krou.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.krou.rules.Notation;
import org.krou.rules.Variant;

/**
 * Every route of the server: {@code /health}, the API under {@code /api/v1/}, the explorer's files;
 * anything else is a 404. Whatever a route throws becomes a JSON error answer, never a stack trace.
 *
 * <p>The handler is non-blocking: Jetty runs it on the thread that read the request (one selector
 * thread a core), with no hand-off to another thread, since a probe, the coverage, the health check
 * and the explorer's files take microseconds and never wait. A principal line (a search, and a wait
 * for its turn) is handed to the server's thread pool instead, so that it never holds up the other
 * connections of its selector; a batch reads its body as it comes, holding no thread, and is then
 * probed on the pool ({@link BatchRoute}).
 */
final class Routes extends Handler.Abstract {
    private final Catalog catalog;
    private final Api api;
    private final StaticFiles files;
    private final Executor pool;

    /**
     * Routes over {@code catalog}; {@code pool} runs the principal lines, and the batches once read
     * (the parts of a large batch on {@code helpers} too).
     */
    Routes(Catalog catalog, ServerLimits limits, Executor pool, Executor helpers) {
        super(InvocationType.NON_BLOCKING);
        this.pool = pool;
        this.catalog = catalog;
        this.api = new Api(catalog, limits, pool, helpers);
        this.files = StaticFiles.load();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        if (Api.mayBlock(path)) {
            try {
                pool.execute(() -> route(request, response, callback, path));
            } catch (RejectedExecutionException e) {
                Replies.failure(request, response, callback, new Api.Refusal(503, "the server is stopping"));
            }
        } else {
            route(request, response, callback, path);
        }
        return true;
    }

    private void route(Request request, Response response, Callback callback, String path) {
        try {
            if (path.startsWith(Api.PREFIX)) {
                api.handle(request, response, callback, path);
            } else if (path.equals("/health")) {
                health(request, response, callback);
            } else if (!files.serve(request, response, callback, path)) {
                throw new Api.Refusal(404, "no such path: " + Notation.excerpt(path) + "; the explorer is at /, "
                        + "the API under " + Api.PREFIX + " (see docs/HTTP.md), the health check at /health");
            }
        } catch (Throwable e) {
            Replies.failure(request, response, callback, e);
        }
    }

    /** The answer of {@code /health}. */
    private record Health(String status, List<String> variants) {
    }

    private void health(Request request, Response response, Callback callback) {
        if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
            throw new Api.Refusal(405, "method " + Notation.excerpt(request.getMethod()) + " not allowed here: use GET");
        }
        List<String> variants = new ArrayList<>();
        for (Variant v : catalog.variants()) {
            variants.add(v.id());
        }
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        Replies.json(response, callback, new Health("ok", variants));
    }
}
