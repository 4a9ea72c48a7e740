package org.krou.server;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Promise;

/**
 * {@code POST /api/v1/<variant>/batch}: {@code probe --batch} over the body, one line out per
 * line in, order kept. The body is read as it arrives, holding no thread ({@link BodyReader});
 * once whole it is probed on the server's pool (milliseconds for 10,000 lines), never on the
 * thread that read it, so that the other connections of that selector are not held up.
 */
final class BatchRoute {
    private final ServerLimits limits;
    private final Executor pool;
    private final Executor helpers;

    /** Batches read, then probed on {@code pool} with large ones in parts on {@code helpers} too. */
    BatchRoute(ServerLimits limits, Executor pool, Executor helpers) {
        this.limits = limits;
        this.pool = pool;
        this.helpers = helpers;
    }

    /** Reads the body, then answers on the pool; whatever goes wrong is answered as a JSON error. */
    void answer(Request request, Response response, Callback callback, Catalog.Served served) {
        BodyReader.read(request, limits.maxBatchBytes(), () -> new Api.Refusal(413, tooLarge(limits)),
                Promise.from(body -> {
                    try {
                        pool.execute(() -> {
                            try {
                                probe(response, callback, served, body);
                            } catch (Throwable e) {
                                Replies.failure(request, response, callback, e);
                            }
                        });
                    } catch (RejectedExecutionException e) {
                        Replies.failure(request, response, callback, e); // the server is stopping: 503
                    }
                }, failure -> {
                    if (failure instanceof TimeoutException) {
                        Replies.failure(request, response, callback, new Api.Refusal(408, "the request body stopped "
                                + "arriving: nothing came for " + limits.idleMillis() + " ms"));
                    } else if (failure instanceof Api.Refusal
                            || (failure instanceof HttpException h && h.getCode() == 413)) {
                        // over the bound, or over what the size limit reads and drops
                        Replies.failure(request, response, callback, new Api.Refusal(413, tooLarge(limits)));
                    } else {
                        callback.failed(failure); // the client went away mid-body: no one to answer
                    }
                }));
    }

    private void probe(Response response, Callback callback, Catalog.Served served, byte[] body) {
        int count = 0;
        for (int i = 0; i < body.length; i++) {
            if (body[i] == '\n' || i == body.length - 1) {
                count++;
            }
        }
        if (count > limits.maxBatchLines()) {
            throw new Api.Refusal(413, "batch of " + count + " lines: at most " + limits.maxBatchLines()
                    + " positions a request, one per line");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(count * 4 + 16);
        PrintWriter writer = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), false);
        new BatchProbe(served.tablebase(), false, false, helpers, TableErrors.batchMessages(served.variant()))
                .run(new ByteArrayInputStream(body), writer, new PrintWriter(new StringWriter()));
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        Replies.bytes(response, callback, 200, Replies.TEXT, out.toByteArray());
    }

    /** What a 413 for a body over the bound says. */
    static String tooLarge(ServerLimits limits) {
        return "request body too large: at most " + limits.maxBatchBytes() + " bytes and "
                + limits.maxBatchLines() + " positions a batch, one per line";
    }
}
