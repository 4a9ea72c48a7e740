package org.krou.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.krou.rules.Notation;
import org.krou.rules.Variant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every route of the server: {@code /health}, the API under {@code /api/v1/}, the explorer's files;
 * anything else is a 404. Whatever a route throws becomes a JSON error answer, never a stack trace.
 */
final class Routes extends Handler.Abstract {
    private static final Logger LOG = LoggerFactory.getLogger(Routes.class);

    private final Catalog catalog;
    private final Api api;
    private final StaticFiles files;

    Routes(Catalog catalog, ServerLimits limits) {
        super(InvocationType.BLOCKING);
        this.catalog = catalog;
        this.api = new Api(catalog, limits);
        this.files = StaticFiles.load();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        try {
            if (path.startsWith(Api.PREFIX)) {
                api.handle(request, response, callback, path);
            } else if (path.equals("/health")) {
                health(request, response, callback);
            } else if (!files.serve(request, response, callback, path)) {
                throw new Api.Refusal(404, "no such path: " + Notation.excerpt(path) + "; the explorer is at /, "
                        + "the API under " + Api.PREFIX + " (see docs/API.md), the health check at /health");
            }
        } catch (Throwable e) {
            Api.Refusal r = Api.refusal(e);
            if (r == null) {
                LOG.warn("internal error answering {} {}", request.getMethod(), path, e);
                r = new Api.Refusal(500, "internal error: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()));
            }
            if (response.isCommitted()) {
                callback.failed(e);
            } else {
                Replies.error(response, callback, r.status(), r.getMessage());
            }
        }
        return true;
    }

    private void health(Request request, Response response, Callback callback) {
        if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
            throw new Api.Refusal(405, "method " + Notation.excerpt(request.getMethod()) + " not allowed here: use GET");
        }
        ObjectNode o = ProbeJson.object().put("status", "ok");
        ArrayNode vs = o.putArray("variants");
        for (Variant v : catalog.variants()) {
            vs.add(v.id());
        }
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        Replies.json(response, callback, o);
    }
}
