package org.krou.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * The errors Jetty itself answers (a malformed request line, a URI or headers too long, a bad
 * encoding, a body over the bound), in the API's form {@code {"error": "..."}}; never a stack trace.
 */
final class JsonErrorHandler extends ErrorHandler {
    private final int headerBytes;
    private final String tooLarge;

    JsonErrorHandler(ServerLimits limits) {
        this.headerBytes = limits.requestHeaderBytes();
        this.tooLarge = BatchRoute.tooLarge(limits);
        setShowStacks(false);
        setShowMessageInTitle(false);
    }

    /** What a status means for the client, with the limit where there is one. */
    String message(int status, String reason) {
        return switch (status) {
            case 414 -> "URI too long: the request line and headers may take at most " + headerBytes + " bytes";
            case 431 -> "request headers too large: at most " + headerBytes + " bytes";
            case 413 -> tooLarge; // a body over the bound (the batch's, the only route that takes one)
            default -> {
                String name = HttpStatus.getMessage(status);
                yield status >= 500 ? name : "bad request (" + name + (reason == null || reason.isBlank()
                        || reason.equals(name) ? "" : ": " + reason) + ")";
            }
        };
    }

    private byte[] body(int status, String reason) {
        return ProbeJson.bytes(ProbeJson.error(message(status, reason)));
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        Replies.bytes(response, callback, code, Replies.JSON, body(code, message));
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(new HttpField(HttpHeader.CONTENT_TYPE, Replies.JSON));
        fields.put(new HttpField(HttpHeader.CACHE_CONTROL, "no-store"));
        return ByteBuffer.wrap(body(status, reason));
    }
}
