package org.krou.cluster;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the {@link Coordinator} hears: the messages and losses its transport reports, queued in
 * arrival order, and the waits of its rounds on them. A wait returns the next answer of the
 * layer under way; on the way it serves the workers' requests of finished tables
 * ({@link TableServer}), skips what belongs to a layer already abandoned, and turns a worker
 * lost or failed into a {@link ClusterAbortedException} that names it. Every member ever
 * reported lost is remembered, so that a later layer refuses to start on it.
 */
final class CoordinatorInbox {
    private final Transport transport;
    private final Inbox queue = new Inbox();
    private final Set<String> lost = new HashSet<>();
    /** The finished tables below the layer under way, served to the workers that lack them. */
    private TableServer tables;

    /** Listens to {@code transport} from now on (and serves tables through it). */
    CoordinatorInbox(Transport transport) {
        this.transport = transport;
        transport.listen(queue);
    }

    /** Serves the workers' requests of finished tables from {@code server} from now on. */
    void serve(TableServer server) {
        tables = server;
    }

    /**
     * Refuses to start layer {@code seeds} on a worker reported lost before.
     *
     * @throws ClusterAbortedException naming the first such worker
     */
    void checkNoneLost(List<String> workers, int seeds) throws ClusterAbortedException {
        synchronized (lost) {
            for (String id : workers) {
                if (lost.contains(id)) {
                    throw new ClusterAbortedException("worker " + id + " was lost before layer " + seeds);
                }
            }
        }
    }

    /** The next message or loss, as it came, waiting up to {@code millis}; null if none came. */
    Inbox.Message poll(long millis) throws InterruptedException {
        return queue.poll(millis);
    }

    /** The next message of type {@code type} for epoch {@code e}, past its epoch. */
    Wire.In expect(byte type, long e, int seeds, List<String> workers)
            throws ClusterAbortedException, InterruptedException {
        while (true) {
            Inbox.Message m = next(e, seeds, workers, type);
            Wire.In in = new Wire.In(m.body());
            if (is(in, type, e)) {
                return in;
            }
        }
    }

    /** True if {@code in} is a message of type {@code type} and epoch {@code e}, then read past its epoch. */
    static boolean is(Wire.In in, byte type, long e) {
        try {
            return in.type() == type && in.varint() == e;
        } catch (Wire.Malformed m) {
            return false; // cut short: not an answer of this layer
        }
    }

    /** "worker 2 (id)". */
    static String name(String id, List<String> workers) {
        return "worker " + workers.indexOf(id) + " (" + id + ")";
    }

    /**
     * The next message from a worker, throwing if one was lost or failed; serves the requests of
     * tables meanwhile. Every wait ends: a worker that stops answering the transport
     * (acknowledgements, heartbeats) is reported lost within the bound of the
     * {@link ReliableTransport}, one that computes keeps answering it.
     *
     * @param awaited the type of message waited for, named in the error if a worker is lost
     */
    Inbox.Message next(long e, int seeds, List<String> workers, byte awaited)
            throws ClusterAbortedException, InterruptedException {
        while (true) {
            Inbox.Message m = queue.poll(1000);
            if (m == null) {
                continue;
            }
            if (m.body() == null) {
                synchronized (lost) {
                    lost.add(m.from());
                }
                if (workers.contains(m.from())) {
                    throw new ClusterAbortedException(name(m.from(), workers) + " was lost during layer " + seeds
                            + " while the coordinator waited for " + ReliableTransport.typeName(awaited)
                            + (m.reason() == null ? "" : ": it " + m.reason())
                            + "; the layer is abandoned; the layers before it are written");
                }
                continue;
            }
            if (m.body().length > 0 && m.body()[0] == Wire.FETCH && tables != null) {
                try {
                    tables.serve(transport, m.from(), m.body(), e, workers);
                } catch (IOException io) {
                    throw new ClusterAbortedException("cannot send a finished table to " + m.from() + ": " + io.getMessage());
                }
                continue;
            }
            if (m.body().length > 0 && m.body()[0] == Wire.FAILED) {
                Wire.In in = new Wire.In(m.body());
                in.type();
                if (in.varint() != e) {
                    continue; // a failure of a layer already abandoned
                }
                String why = in.string(); // "id: reason"
                throw new ClusterAbortedException("layer " + seeds + " failed on " + name(m.from(), workers)
                        + (why.startsWith(m.from() + ": ") ? why.substring(m.from().length()) : ": " + why));
            }
            return m;
        }
    }
}
