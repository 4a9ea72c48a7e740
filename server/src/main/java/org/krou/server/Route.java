package org.krou.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.krou.rules.Notation;

/**
 * One route of the server, answering one method ({@code GET}, with {@code HEAD}, or {@code POST}):
 * another method is a 405 naming the allowed ones, a plain {@code OPTIONS} a 204 naming them (a
 * browser's preflight is answered before, by the API's CORS handler); whatever the answer throws
 * becomes a JSON error answer, never a stack trace.
 *
 * <p>Non-blocking: Jetty runs it on the thread that read the request (one selector thread a
 * core), with no hand-off to another thread, since a probe, the coverage and the health check
 * take microseconds and never wait. A route that may wait hands its work to a pool itself
 * (the principal line of {@link Api}, {@link BatchRoute}) and catches what that throws with
 * {@link Replies#failure}.
 */
abstract class Route extends Handler.Abstract {
    private final String method;
    private final String allow;

    /** A route of {@code method}: {@code GET} (then {@code HEAD} too) or {@code POST}. */
    Route(String method) {
        super(InvocationType.NON_BLOCKING);
        this.method = method;
        this.allow = method.equals("GET") ? "GET, HEAD, OPTIONS" : method + ", OPTIONS";
    }

    /** Answers a request of the route's method. */
    abstract void answer(Request request, Response response, Callback callback) throws Exception;

    @Override
    public final boolean handle(Request request, Response response, Callback callback) {
        try {
            String m = request.getMethod();
            if (m.equals("OPTIONS")) {
                response.getHeaders().put(HttpHeader.ALLOW, allow);
                response.setStatus(204);
                response.write(true, null, callback);
            } else if (m.equals(method) || (method.equals("GET") && m.equals("HEAD"))) {
                answer(request, response, callback);
            } else {
                response.getHeaders().put(HttpHeader.ALLOW, allow);
                throw new Api.Refusal(405, "method " + Notation.excerpt(m) + " not allowed here: use " + method);
            }
        } catch (Throwable e) {
            Replies.failure(request, response, callback, e);
        }
        return true;
    }

    /** A handler that answers every request, whatever its method, 404 with {@code message} after the path. */
    static Handler notFound(String message) {
        return new Handler.Abstract(InvocationType.NON_BLOCKING) {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                Replies.failure(request, response, callback, new Api.Refusal(404, "no such path: "
                        + Notation.excerpt(Request.getPathInContext(request)) + "; " + message));
                return true;
            }
        };
    }
}
