package org.krou.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.pathmap.ServletPathSpec;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.util.Callback;
import org.krou.rules.Notation;
import org.krou.rules.Variant;

/**
 * Every route of the server, by Jetty's path mapping: {@code /health}, the API under
 * {@code /api/v1/} ({@link Api}), the explorer's files ({@link StaticFiles}); anything else is a
 * JSON 404. Every handler of the tree is non-blocking ({@link Route}), so that Jetty answers each
 * request on the thread that read it.
 */
final class Routes {
    private Routes() {
    }

    /** The {@code /health} answer. */
    private record Health(String status, List<String> variants) {
    }

    /**
     * The server's handler over {@code catalog}; {@code pool} follows the principal lines and probes
     * the batches once read (the parts of a large batch on {@code helpers} too).
     */
    static Handler handler(Catalog catalog, ServerLimits limits, Executor pool, Executor helpers) {
        PathMappingsHandler routes = new PathMappingsHandler.NoContext(); // paths stay whole in the routes
        routes.setDynamic(false); // fixed once started, so its invocation type is its routes' (non-blocking)
        routes.addMapping(new ServletPathSpec("/health"), new Route("GET") {
            @Override
            void answer(Request request, Response response, Callback callback) {
                List<String> variants = new ArrayList<>();
                for (Variant v : catalog.variants()) {
                    variants.add(v.id());
                }
                response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
                Replies.json(response, callback, new Health("ok", variants));
            }
        });
        routes.addMapping(new ServletPathSpec(Api.PREFIX + "*"), new Api(catalog, limits, pool, helpers).handler());
        // a path that names none of the explorer's files: 404 for GET, 405 for another method
        routes.addMapping(new ServletPathSpec("/"), StaticFiles.handler(new Route("GET") {
            @Override
            void answer(Request request, Response response, Callback callback) {
                throw new Api.Refusal(404, "no such path: " + Notation.excerpt(Request.getPathInContext(request))
                        + "; the explorer is at /, the API under " + Api.PREFIX + " (see docs/HTTP.md), "
                        + "the health check at /health");
            }
        }));
        return routes;
    }
}
