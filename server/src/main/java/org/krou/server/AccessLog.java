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
 */
public final class AccessLog implements RequestLog.Writer, AutoCloseable {
    /** Lines held at most before requests wait. */
    public static final int QUEUE = 1 << 14;

    private static final String END = new String("end of log"); // identity marks the end

    private final BlockingQueue<String> queue = new ArrayBlockingQueue<>(QUEUE);
    private final Writer out;
    private final Thread thread;

    /** A log written to {@code stream} (not closed by {@link #close()}). */
    public AccessLog(OutputStream stream) {
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        this.thread = new Thread(this::drain, "krou-access-log");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void write(String line) {
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
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // standard error is gone: nothing can be said; keep taking so requests never block
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
