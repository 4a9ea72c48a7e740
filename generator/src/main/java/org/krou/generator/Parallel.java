package org.krou.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a body over {@code [0, size)} in chunks handed out to a fixed number of threads; the
 * first failure stops the others and is rethrown in the caller.
 *
 * <pre>{@code
 * Parallel.forChunks(2, size, 1 << 16, (worker, from, to) -> work(from, to));
 * }</pre>
 */
public final class Parallel {
    /** The work of one chunk {@code [from, to)} on worker {@code worker} (0-based). */
    @FunctionalInterface
    public interface Body {
        void run(int worker, long from, long to);
    }

    private Parallel() {
    }

    /** Runs {@code body} over {@code [0, size)} in chunks of {@code chunk} on {@code threads} threads. */
    public static void forChunks(int threads, long size, long chunk, Body body) {
        threads = Math.max(1, threads);
        AtomicLong next = new AtomicLong();
        List<Thread> list = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int w = 0; w < threads; w++) {
            final int worker = w;
            Thread t = new Thread(() -> {
                try {
                    long from;
                    while ((from = next.getAndAdd(chunk)) < size) {
                        body.run(worker, from, Math.min(size, from + chunk));
                    }
                } catch (Throwable e) {
                    synchronized (failure) {
                        if (failure[0] == null) {
                            failure[0] = e;
                        }
                    }
                    next.set(Long.MAX_VALUE / 2);
                }
            }, "krou-worker-" + w);
            t.setDaemon(true);
            list.add(t);
            t.start();
        }
        for (Thread t : list) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        if (failure[0] instanceof RuntimeException re) {
            throw re;
        }
        if (failure[0] instanceof Error err) {
            throw err;
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }
}
