package org.krou.server;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.eclipse.jetty.server.RequestLog;

/**
 * Access log lines written by a thread of their own, so that requests never wait for the
 * terminal or the disk: lines queue (at most {@link #QUEUE} of them; beyond that a request waits
 * for room, which bounds memory) and the thread writes whatever has queued in one go, then flushes.
 *
 * <p>After each write the thread pauses {@link #GATHER_MILLIS} ms before it looks again, so that
 * under load the lines of many requests go out in one write and no request has to wake the
 * thread (a wake-up per request cost as much as a tenth of the server's time); when the server is
 * idle the thread waits for the next line, which it then writes at once.
 */
public final class AccessLog implements RequestLog.Writer, AutoCloseable {
    /** Lines held at most before requests wait. */
    public static final int QUEUE = 1 << 14;
    /** The pause after each write, during which lines gather. */
    static final long GATHER_MILLIS = 10;

    private static final String END = new String("end of log"); // identity marks the end

    private final BlockingQueue<String> queue = new ArrayBlockingQueue<>(QUEUE);
    private final Writer out;
    private final Thread thread;
    /** Set once the stream cannot be written: lines are dropped from then on. */
    private volatile boolean broken;

    /** A log written to {@code stream} (not closed by {@link #close()}). */
    public AccessLog(OutputStream stream) {
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        this.thread = new Thread(this::drain, "krou-access-log");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void write(String line) {
        if (broken) {
            return;
        }
        try {
            queue.put(line);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void drain() {
        List<String> lines = new ArrayList<>();
        try {
            while (true) {
                lines.add(queue.take());
                queue.drainTo(lines);
                for (String line : lines) {
                    if (line == END) {
                        out.flush();
                        return;
                    }
                    out.write(line);
                    out.write('\n');
                }
                lines.clear();
                out.flush();
                Thread.sleep(GATHER_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // standard error is gone: nothing can be said; drop lines from now on so requests never block
            broken = true;
            queue.clear();
        }
    }

    /** Writes every line queued so far, then ends the thread. */
    @Override
    public void close() throws InterruptedException {
        queue.put(END);
        thread.join(5_000);
    }
}
