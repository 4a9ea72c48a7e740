package org.krou.server;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Supplier;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.thread.Invocable;

/**
 * A request body read as it arrives, without a thread waiting for it: each part is copied when
 * Jetty has it, then Jetty is asked to call again when more comes ({@link Request#demand}). A
 * client that sends half a body and stops holds a connection, never a thread.
 *
 * <p>A body over the bound is refused once it has ended: the rest is read and dropped, so that a
 * client still sending it reads the refusal (a connection closed with its bytes unread is reset,
 * and the answer lost). How much is read and dropped at most is the {@link
 * org.eclipse.jetty.server.handler.SizeLimitHandler}'s to say, in front: it refuses a longer body
 * on its declared length, or fails the read once that much has come.
 */
final class BodyReader implements Runnable {
    private final Request request;
    private final int max;
    private final Supplier<? extends RuntimeException> tooLarge;
    private final Promise<byte[]> done;
    private byte[] body;
    private int size;
    /** Set once the body is known to exceed the bound: it is then read and dropped, and refused. */
    private boolean refused;

    private BodyReader(Request request, int max, Supplier<? extends RuntimeException> tooLarge,
                       Promise<byte[]> done) {
        this.request = request;
        this.max = max;
        this.tooLarge = tooLarge;
        this.done = done;
        long declared = request.getLength(); // -1 when not declared (chunked)
        this.refused = declared > max;
        this.body = new byte[refused ? 0 : (int) Math.min(max, declared >= 0 ? declared : 1 << 16)];
    }

    /**
     * Reads the body of {@code request}, at most {@code max} bytes, then completes {@code done}
     * with it (on whichever thread the last part arrived), or fails it with {@code tooLarge} or
     * the failure of the read (the client went away, was silent too long, or sent more than the
     * size limit reads).
     */
    static void read(Request request, int max, Supplier<? extends RuntimeException> tooLarge, Promise<byte[]> done) {
        new BodyReader(request, max, tooLarge, done).run();
    }

    /** Takes every part at hand, then asks for a call when the next arrives. */
    @Override
    public void run() {
        while (true) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                // copying a part never blocks: Jetty may call back on the thread that read it
                request.demand(Invocable.from(Invocable.InvocationType.NON_BLOCKING, this));
                return;
            }
            if (Content.Chunk.isFailure(chunk)) {
                // a refused body that stops coming is refused as too large all the same
                done.failed(refused ? tooLarge.get() : chunk.getFailure());
                return;
            }
            boolean last = chunk.isLast();
            take(chunk.getByteBuffer());
            chunk.release();
            if (last) {
                if (refused) {
                    done.failed(tooLarge.get());
                } else {
                    done.succeeded(size == body.length ? body : Arrays.copyOf(body, size));
                }
                return;
            }
        }
    }

    private void take(ByteBuffer part) {
        int n = part.remaining();
        if (refused || n > max - size) {
            refused = true;
            return;
        }
        if (n > body.length - size) {
            body = Arrays.copyOf(body, (int) Math.min(max, Math.max((long) size + n, 2L * body.length)));
        }
        part.get(body, size, n);
        size += n;
    }
}
