package org.krou.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writing whole responses: JSON, text and bytes with their length and cache headers. */
final class Replies {
    /** The media type of JSON answers. */
    static final String JSON = "application/json";
    /** The media type of batch answers. */
    static final String TEXT = "text/plain; charset=utf-8";

    private static final Logger LOG = LoggerFactory.getLogger(Replies.class);

    private Replies() {
    }

    /**
     * Answers what a route threw as a JSON error: a refusal with its status, a 500 for anything
     * unexpected (logged; its message, which may name files of the server, stays in the log). What
     * a table failure says comes from {@link TableErrors}, so that no answer names a path.
     */
    static void failure(Request request, Response response, Callback callback, Throwable e) {
        Api.Refusal r = Api.refusal(e);
        if (r == null) {
            LOG.warn("internal error answering {} {}", request.getMethod(), Request.getPathInContext(request), e);
            r = new Api.Refusal(500, "internal error: " + e.getClass().getSimpleName()
                    + " (the server's log has the details)");
        }
        if (response.isCommitted()) {
            callback.failed(e);
        } else {
            error(response, callback, r.status(), r.getMessage());
        }
    }

    /** An API error: {@code {"error": message}}, not cached. */
    static void error(Response response, Callback callback, int status, String message) {
        response.getHeaders().remove(HttpHeader.ETAG); // set before the answer failed: it names no answer
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        bytes(response, callback, status, JSON, ProbeJson.bytes(ProbeJson.error(message)));
    }

    /** A JSON answer with status 200: {@code body} (a record of {@link ProbeJson}, or a tree) written by Jackson. */
    static void json(Response response, Callback callback, Object body) {
        bytes(response, callback, 200, JSON, ProbeJson.bytes(body));
    }

    /** A body of {@code type} with its length. */
    static void bytes(Response response, Callback callback, int status, String type, byte[] body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /**
     * Marks an answer that never changes for a given table set: {@code ETag} and
     * {@code Cache-Control}; answers 304 and returns true when the client already holds it.
     */
    static boolean cached(Request request, Response response, Callback callback, String etag, String cacheControl) {
        response.getHeaders().put(HttpHeader.ETAG, etag);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, cacheControl);
        String held = request.getHeaders().get(HttpHeader.IF_NONE_MATCH);
        if (held != null && matches(held, etag)) {
            response.setStatus(304);
            response.write(true, null, callback);
            return true;
        }
        return false;
    }

    /** Whether an {@code If-None-Match} list names {@code etag} (weak comparison, as RFC 9110 says). */
    private static boolean matches(String held, String etag) {
        for (String t : held.split(",")) {
            String s = t.trim();
            if (s.equals("*") || s.equals(etag) || (s.startsWith("W/") && s.substring(2).equals(etag))) {
                return true;
            }
        }
        return false;
    }
}
