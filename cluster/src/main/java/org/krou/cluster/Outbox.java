package org.krou.cluster;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * The update batches a worker sends to the other workers: one open batch per destination, at
 * most {@code window} batches in flight (sent and not yet acknowledged) per destination, the
 * others queued here. A batch is {@code UPDATES, epoch, level} then one varint per update, in
 * increasing order of rank: the difference from the previous rank of the batch (the first: from
 * 0), shifted left once, plus 1 for an update "a child worth {@code +t}" (lower the counter) or 0
 * for "a child worth {@code -t}" (a win). Sorting makes the differences small and the receiver's
 * accesses ordered.
 *
 * <p>Thread-safe without a lock shared by the destinations: the resolve threads add, the
 * worker's loop acknowledges and flushes, and each destination has a lock of its own, held only
 * to append an update, to take a full batch out, and to count a batch sent or queued. The batch
 * taken out is sorted and coded outside the lock by the thread that filled it, into a coder of
 * its own, so that threads adding updates for one destination do not wait for another's coding.
 *
 * <pre>{@code
 * Outbox out = new Outbox(transport, workerIds, epoch, 256, 4);
 * out.add(owner, rank, true, level);
 * out.flushAll();
 * }</pre>
 */
final class Outbox {
    private final Transport transport;
    private final String[] to;
    private final long epoch;
    private final int batch;
    private final int window;
    private final Destination[] dests;
    private final ThreadLocal<Wire.Out> coders;
    private final LongAdder sent = new LongAdder();
    private final LongAdder updates = new LongAdder();
    private final LongAdder bytes = new LongAdder();

    /** The state of one destination, guarded by its own monitor. */
    private static final class Destination {
        /** The open batch: {@code rank << 1 | lower}. */
        long[] open;
        int count;
        int level;
        int inFlight;
        /** Batches taken out of {@link #open} and not yet sent or queued (being sorted and coded). */
        int shipping;
        final ArrayDeque<byte[]> queued = new ArrayDeque<>();
        /** Arrays of batches already coded, for the next open batches. */
        final ArrayDeque<long[]> spare = new ArrayDeque<>();
        /** The size of {@link #queued}, read without the lock by {@link #backlog()}. */
        volatile int backlog;

        Destination(int batch) {
            open = new long[batch];
        }
    }

    /**
     * @param to     the transport ids of the workers, by worker index
     * @param batch  the most updates in one batch
     * @param window the most batches in flight to one worker
     */
    Outbox(Transport transport, String[] to, long epoch, int batch, int window) {
        this.transport = transport;
        this.to = to;
        this.epoch = epoch;
        this.batch = batch;
        this.window = window;
        dests = new Destination[to.length];
        for (int i = 0; i < to.length; i++) {
            dests[i] = new Destination(batch);
        }
        coders = ThreadLocal.withInitial(() -> new Wire.Out(batch * 6 + 16));
    }

    /** Adds an update of {@code rank}, owned by worker {@code dest}, from threshold {@code t}. */
    void add(int dest, long rank, boolean lower, int t) {
        Destination d = dests[dest];
        while (true) {
            long[] full;
            int n;
            int level;
            boolean added = false;
            synchronized (d) {
                if (d.count == 0 || d.level == t) {
                    d.level = t;
                    d.open[d.count++] = rank << 1 | (lower ? 1 : 0);
                    if (d.count < batch) {
                        return;
                    }
                    added = true;
                }
                // full, or open for another threshold: closed, and shipped outside the lock
                level = d.level;
                n = d.count;
                full = takeOpen(d);
            }
            ship(dest, d, full, n, level);
            if (added) {
                return;
            }
        }
    }

    /** Closes the open batch to {@code dest}: sends it, or queues it if the window is full. */
    void flush(int dest) {
        Destination d = dests[dest];
        long[] full;
        int n;
        int level;
        synchronized (d) {
            if (d.count == 0) {
                return;
            }
            level = d.level;
            n = d.count;
            full = takeOpen(d);
        }
        ship(dest, d, full, n, level);
    }

    /** Closes every open batch. */
    void flushAll() {
        for (int d = 0; d < to.length; d++) {
            flush(d);
        }
    }

    /** {@code n} batches to {@code dest} were applied: sends queued ones in their place. */
    void acked(int dest, int n) {
        Destination d = dests[dest];
        while (true) {
            byte[] b;
            synchronized (d) {
                d.inFlight -= n;
                n = 0;
                if (d.inFlight >= window || d.queued.isEmpty()) {
                    return;
                }
                b = d.queued.poll();
                d.backlog = d.queued.size();
                count(d, b);
            }
            transport.send(to[dest], b);
        }
    }

    /** The most batches queued for one destination. */
    int backlog() {
        int m = 0;
        for (Destination d : dests) {
            m = Math.max(m, d.backlog);
        }
        return m;
    }

    /** True if no batch is open, being coded or queued (some may be in flight). */
    boolean empty() {
        for (Destination d : dests) {
            synchronized (d) {
                if (d.count > 0 || d.shipping > 0 || !d.queued.isEmpty()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Batches sent. */
    long sent() {
        return sent.sum();
    }

    /** Updates put in closed batches. */
    long updates() {
        return updates.sum();
    }

    /** Bytes of the batches sent. */
    long bytes() {
        return bytes.sum();
    }

    /** Takes the open batch out of {@code d} (holding its lock), leaving an empty one. */
    private static long[] takeOpen(Destination d) {
        long[] full = d.open;
        long[] next = d.spare.poll();
        d.open = next != null ? next : new long[full.length];
        d.count = 0;
        d.shipping++;
        return full;
    }

    /** Sorts and codes a batch taken out of {@code d}, then sends it or queues it behind the window. */
    private void ship(int dest, Destination d, long[] u, int n, int level) {
        Arrays.sort(u, 0, n);
        Wire.Out coded = coders.get();
        coded.reset();
        coded.type(Wire.UPDATES).varint(epoch).varint(level);
        long prev = 0;
        for (int i = 0; i < n; i++) {
            long rank = u[i] >>> 1;
            coded.varint((rank - prev) << 1 | (u[i] & 1));
            prev = rank;
        }
        byte[] b = coded.toArray();
        updates.add(n);
        boolean now;
        synchronized (d) {
            d.shipping--;
            d.spare.add(u);
            now = d.inFlight < window;
            if (now) {
                count(d, b);
            } else {
                d.queued.add(b);
                d.backlog = d.queued.size();
            }
        }
        if (now) {
            transport.send(to[dest], b);
        }
    }

    /** Counts batch {@code b} as in flight and sent (holding {@code d}'s lock), before it is sent. */
    private void count(Destination d, byte[] b) {
        d.inFlight++;
        sent.increment();
        bytes.add(b.length);
    }
}
