package org.krou.cluster;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The update batches a worker sends to the other workers: one open batch per destination, at
 * most {@code window} batches in flight (sent and not yet acknowledged) per destination, the
 * others queued here. A batch is {@code UPDATES, epoch, level} then one varint per update, in
 * increasing order of rank: the difference from the previous rank of the batch (the first: from
 * 0), shifted left once, plus 1 for an update "a child worth {@code +t}" (lower the counter) or 0
 * for "a child worth {@code -t}" (a win). Sorting makes the differences small and the receiver's
 * accesses ordered. Thread-safe: the resolve threads add, the worker's loop acknowledges and
 * flushes.
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
    private final Wire.Out coded;
    /** The open batch of each destination: {@code rank << 1 | lower}. */
    private final long[][] open;
    private final int[] count;
    private final int[] level;
    private final int[] inFlight;
    private final List<ArrayDeque<byte[]>> queued;
    private long sent;
    private long updates;
    private long bytes;

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
        int w = to.length;
        coded = new Wire.Out(batch * 6 + 16);
        open = new long[w][batch];
        count = new int[w];
        level = new int[w];
        inFlight = new int[w];
        queued = new ArrayList<>(w);
        for (int i = 0; i < w; i++) {
            queued.add(new ArrayDeque<>());
        }
    }

    /** Adds an update of {@code rank}, owned by worker {@code dest}, from threshold {@code t}. */
    synchronized void add(int dest, long rank, boolean lower, int t) {
        if (count[dest] > 0 && level[dest] != t) {
            flush(dest);
        }
        level[dest] = t;
        open[dest][count[dest]] = rank << 1 | (lower ? 1 : 0);
        if (++count[dest] == batch) {
            flush(dest);
        }
    }

    /** Closes the open batch to {@code dest}: sends it, or queues it if the window is full. */
    synchronized void flush(int dest) {
        if (count[dest] == 0) {
            return;
        }
        int n = count[dest];
        long[] u = open[dest];
        Arrays.sort(u, 0, n);
        coded.reset();
        coded.type(Wire.UPDATES).varint(epoch).varint(level[dest]);
        long prev = 0;
        for (int i = 0; i < n; i++) {
            long rank = u[i] >>> 1;
            coded.varint((rank - prev) << 1 | (u[i] & 1));
            prev = rank;
        }
        updates += n;
        count[dest] = 0;
        byte[] b = coded.toArray();
        if (inFlight[dest] < window) {
            send(dest, b);
        } else {
            queued.get(dest).add(b);
        }
    }

    /** Closes every open batch. */
    synchronized void flushAll() {
        for (int d = 0; d < to.length; d++) {
            flush(d);
        }
    }

    /** {@code n} batches to {@code dest} were applied: sends queued ones in their place. */
    synchronized void acked(int dest, int n) {
        inFlight[dest] -= n;
        while (inFlight[dest] < window && !queued.get(dest).isEmpty()) {
            send(dest, queued.get(dest).poll());
        }
    }

    /** The most batches queued for one destination. */
    synchronized int backlog() {
        int m = 0;
        for (ArrayDeque<byte[]> q : queued) {
            m = Math.max(m, q.size());
        }
        return m;
    }

    /** True if no batch is open or queued (some may be in flight). */
    synchronized boolean empty() {
        for (int d = 0; d < to.length; d++) {
            if (count[d] > 0 || !queued.get(d).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** Batches sent. */
    synchronized long sent() {
        return sent;
    }

    /** Updates put in closed batches. */
    synchronized long updates() {
        return updates;
    }

    /** Bytes of the batches sent. */
    synchronized long bytes() {
        return bytes;
    }

    private void send(int dest, byte[] b) {
        inFlight[dest]++;
        sent++;
        bytes += b.length;
        transport.send(to[dest], b);
    }
}
