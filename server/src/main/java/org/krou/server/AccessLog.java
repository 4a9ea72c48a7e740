package org.krou.server;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.server.AsyncRequestLogWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The access log on standard error: Jetty's asynchronous request log writer, so that requests
 * never wait for the terminal or the disk. Lines queue (at most {@link #QUEUE}; beyond that a line
 * is dropped rather than make a request wait, and the count of lines dropped is said once, when
 * the log stops: Jetty's writer would log a warning for each, on the request's thread, to the
 * same standard error that could not keep up) and a thread of their own writes them.
 *
 * <p>That thread looks for lines every {@link #GATHER_MILLIS} ms instead of waiting to be woken,
 * so that no request has to wake it (a wake-up per request cost as much as a tenth of the
 * server's time); under load it finds many lines at each look. Stopping first lets it write what
 * has queued (for at most {@link #DRAIN_MILLIS} ms): the server stops its log once the last
 * request has been answered.
 */
final class AccessLog extends AsyncRequestLogWriter {
    /** Lines held at most before further ones are dropped. */
    static final int QUEUE = 1 << 14;
    /** How often the writing thread looks for lines. */
    static final long GATHER_MILLIS = 10;
    /** How long stopping waits for the queued lines to be written. */
    static final long DRAIN_MILLIS = 5_000;

    private static final Logger LOG = LoggerFactory.getLogger(AccessLog.class);

    private final Lines lines;
    private final LongAdder dropped = new LongAdder();

    /** A log on standard error, started and stopped with the server. */
    AccessLog() {
        this(new Lines());
    }

    private AccessLog(Lines lines) {
        super(null, lines); // no file name: standard error
        this.lines = lines;
    }

    @Override
    public void write(String line) {
        if (!lines.offer(line)) {
            dropped.increment();
        }
    }

    @Override
    protected void doStop() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_MILLIS);
        while (!lines.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        super.doStop();
        long n = dropped.sumThenReset();
        if (n > 0) {
            LOG.warn("{} access log lines were dropped: standard error could not take them as fast as requests came", n);
        }
    }

    /** The bounded queue of lines, whose timed poll looks every {@link #GATHER_MILLIS} ms. */
    private static final class Lines extends ArrayBlockingQueue<String> {
        private static final long serialVersionUID = 1L;

        Lines() {
            super(QUEUE);
        }

        @Override
        public String poll(long timeout, TimeUnit unit) throws InterruptedException {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            String line = poll();
            while (line == null && System.nanoTime() < deadline) {
                Thread.sleep(GATHER_MILLIS);
                line = poll();
            }
            return line;
        }
    }
}
