package org.krou.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * A member that computes: it owns rank blocks of the layer under way ({@link Blocks}), sets
 * their exits, propagates each threshold as the coordinator orders, exchanges update batches
 * with the other workers and at the end counts and codes the table blocks of its positions
 * and sends them to the coordinator ({@link PartWriting}). Of the finished
 * layers it holds only its slices ({@link Slices}: the same rank blocks of every layer), so the
 * workers together hold each layer once: the slice of a layer it computed is its part's values;
 * one finished before (a rerun, other workers) is cut from the table in its own data directory
 * ({@link SliceLoader}), fetched from the coordinator first if it is not there
 * ({@link TableFetch}). It reads and writes files only under the directories it was started
 * with, under names it makes itself: the messages name layers, never paths, and every field
 * is checked ({@link LayerOrder}, {@link Wire.In}); a message that fails a check fails the
 * layer, reported to the coordinator. The captured children the exits need are asked of their
 * owners in batches ({@link Lookups}). One thread runs the loop (messages, acknowledgements, polls,
 * answers to look-ups); a thread of the layer loads the slices and sets the exits; the exits,
 * the propagation ({@link LayerPart}) and the pair counts use {@code threads}. A member lost
 * abandons the layer under way; the worker then waits for the next job.
 *
 * <pre>{@code
 * ClusterWorker w = ClusterWorker.start(transport, 2, Path.of("worker-data"));
 * ...
 * w.close();
 * }</pre>
 */
public final class ClusterWorker implements AutoCloseable {
    private final ReliableTransport transport;
    /** True if this worker put the reliable layer over the transport it was given (it stops its timer). */
    private final boolean ownsReliable;
    private final int threads;
    private final Inbox inbox = new Inbox();
    private final Thread loop;
    private volatile boolean closed;
    /** This worker's slices of the finished layers, and the answers to look-ups. */
    private final FinishedLayers finished;
    /** The slices of the layer under way, or null. */
    private Slices slices;
    /** The look-ups of the layer under way, or null. */
    private Lookups lookups;
    /** Loads the slices the layer under way needs and sets its exits; null when none runs. */
    private Thread preparing;
    /** The finished tables fetched for the layer under way, or null. */
    private TableFetch fetch;
    /** This worker's data directory: the finished tables it fetched, or shares with the coordinator. */
    private final Path data;
    /** Whether the slices are memory-mapped from a local directory. */
    private final boolean mapped;
    /** The most heap its plan of a layer may need ({@code --memory}); 0: the JVM's heap. */
    private final long memory;
    /** Where the plan of each layer goes (the worker's output). */
    private final java.util.function.Consumer<String> plans;
    private int batch;
    private int window;
    /** Bytes of a chunk of a file sent to or received from the coordinator. */
    private int chunk;
    private LayerPart part;
    private Outbox out;
    /** Writes the settled layer; null until it is settled. */
    private PartWriting writing;
    private String coordinator;
    private String[] workers;
    private long epoch = -1;
    private final Handshake handshake;
    /** Batches applied and not yet acknowledged, by worker index (counted by the resolve threads). */
    private AtomicIntegerArray owed = new AtomicIntegerArray(0);

    private ClusterWorker(Transport transport, int threads, Path data, Path local, long memory,
                          java.util.function.Consumer<String> plans) {
        this.transport = ReliableTransport.over(transport);
        this.ownsReliable = this.transport != transport;
        this.threads = threads;
        this.data = java.util.Objects.requireNonNull(data, "a worker needs its own data directory");
        this.mapped = local != null;
        this.memory = memory;
        this.plans = plans;
        this.finished = new FinishedLayers(this.transport, data, local, threads);
        this.handshake = new Handshake(this.transport);
        this.loop = new Thread(this::run, "krou-worker-" + transport.self());
        loop.setDaemon(true);
    }

    /**
     * Starts a worker on {@code transport}, using {@code threads} threads for the exits and the
     * propagation, that keeps the finished tables it needs in {@code data}
     * ({@code <variant>/values-NN.krou}, as the generator names them): those already there with
     * the coordinator's checksum are used as they are (a directory shared with the coordinator
     * transfers nothing), the others are fetched from the coordinator.
     */
    public static ClusterWorker start(Transport transport, int threads, Path data) {
        return start(transport, threads, data, null);
    }

    /**
     * Starts a worker as {@link #start(Transport, int, Path)} does that keeps its slices of the
     * finished layers in working files under {@code local} ({@code <variant>/values-NN.raw}, one
     * byte an owned position, memory-mapped; see {@code WorkFiles}): written once, kept between
     * jobs and mapped again while their tables and the partition are unchanged, and held by the
     * page cache rather than the heap. {@code local} null: held in the heap, and cut from the
     * tables again at each job.
     *
     * <p>Messages go through a {@link ReliableTransport} over {@code transport} (with its
     * default options), unless {@code transport} is one already.
     */
    public static ClusterWorker start(Transport transport, int threads, Path data, Path local) {
        return start(transport, threads, data, local, 0, plan -> { });
    }

    /**
     * Starts a worker as {@link #start(Transport, int, Path, Path)} does that checks its plan of
     * each layer ({@link WorkerMemory}) against {@code memory} bytes, or the JVM's heap if that
     * is smaller or {@code memory} is 0, and tells each plan to {@code plans}: a layer whose plan
     * does not fit fails at once, reported to the coordinator with the figures.
     */
    public static ClusterWorker start(Transport transport, int threads, Path data, Path local, long memory,
                                      java.util.function.Consumer<String> plans) {
        ClusterWorker w = new ClusterWorker(transport, Math.max(1, threads), data, local, memory, plans);
        w.transport.listen(w.inbox);
        w.loop.start();
        return w;
    }

    private void run() {
        while (!closed) {
            try {
                boolean resolving = part != null && out != null;
                if (resolving) {
                    part.checkFailure();
                    if (part.quiet()) {
                        out.flushAll(); // nothing more comes from here for now: the last batches go
                    }
                }
                Inbox.Message m = inbox.poll(resolving ? 1 : 50);
                while (m != null) {
                    handle(m);
                    m = inbox.poll();
                }
                finished.askParked(epoch);
                acknowledge();
            } catch (InterruptedException e) {
                break;
            } catch (RuntimeException | IOException | OutOfMemoryError e) {
                fail(e);
            }
        }
        drop(); // closed: the resolve threads of a layer under way stop too
    }

    private void handle(Inbox.Message m) throws IOException {
        if (m.local() != null) {
            m.local().run();
            return;
        }
        if (m.body() == null) {
            if ((part != null || preparing != null) && !m.from().equals(transport.self())) {
                int w = java.util.Arrays.asList(workers).indexOf(m.from());
                if (m.reason() != null && w >= 0) {
                    // the coordinator may still hear from this worker (and not from the other):
                    // it is told, or it would wait for this worker's answers for ever
                    report("worker " + w + " (" + m.from() + ") " + m.reason());
                } else {
                    drop(); // a member of the layer is gone: the coordinator aborts it
                }
            }
            return;
        }
        Wire.In in = new Wire.In(m.body());
        byte type = in.type();
        switch (type) {
            case Wire.LAYER -> layer(m.from(), in);
            case Wire.PING -> handshake.ping(m.from(), in);
            case Wire.PEER_PING -> handshake.peerPing(m.from(), in);
            case Wire.PEER_PONG -> handshake.pong(m.from(), in);
            case Wire.LEVEL -> {
                if (in.varint() == epoch && part != null) {
                    part.startLevel((int) in.varint());
                }
            }
            case Wire.POLL -> poll(in);
            case Wire.LOOKUP -> finished.lookup(m.from(), m.body(), epoch);
            case Wire.ANSWER -> {
                if (in.varint() == epoch && lookups != null) {
                    lookups.answered(in);
                }
            }
            case Wire.UPDATES -> {
                if (in.varint() == epoch && part != null) {
                    if (writing != null) {
                        throw new IllegalStateException("an update batch after layer " + part.seeds + " was settled");
                    }
                    part.received(indexOf(m.from()), m.body());
                }
            }
            case Wire.ACK -> {
                if (in.varint() == epoch && out != null) {
                    out.acked(indexOf(m.from()), (int) in.varint());
                }
            }
            case Wire.FINISH -> {
                if (in.varint() == epoch && part != null && writing == null) {
                    writing = PartWriting.finish(transport, coordinator, epoch, chunk, part, in, threads);
                    out = null; // nothing more to propagate: the states are values now
                }
            }
            case Wire.PAIRS -> {
                if (in.varint() == epoch && writing != null) {
                    writing.pairs(in);
                }
            }
            case Wire.ENCODE -> {
                if (in.varint() == epoch && writing != null && !writing.encoding()) {
                    encode(in);
                }
            }
            case Wire.CREDIT -> {
                if (in.varint() == epoch && writing != null && writing.encoding() && m.from().equals(coordinator)) {
                    writing.credit(in);
                }
            }
            case Wire.TABLE_CHUNK -> {
                if (in.varint() == epoch && fetch != null && m.from().equals(coordinator)) {
                    fetch.received(in);
                }
            }
            default -> throw new IllegalStateException("unexpected message type " + type);
        }
    }

    /**
     * {@code LAYER} ({@link LayerOrder}): starts the layer. A thread of its own
     * ({@link #prepare}) loads the slices of the finished layers this worker lacks and sets the
     * exits, asking the other workers for the captured children they own, while this loop
     * answers theirs; it then hands the layer back ({@link #exitsSet}).
     */
    private void layer(String from, Wire.In in) throws IOException {
        drop();
        coordinator = from;
        epoch = in.varint(); // first, so that a failure below is reported as this layer's
        LayerOrder o = LayerOrder.read(epoch, in, transport.self());
        batch = o.batch();
        window = o.window();
        chunk = o.chunk();
        workers = o.workers();
        WorkerMemory plan = WorkerMemory.of(o, o.indexOf(transport.self()), mapped, threads);
        long cap = WorkerMemory.cap(memory, Runtime.getRuntime().maxMemory());
        plans.accept(plan.describe(cap));
        if (!plan.fits(cap)) {
            throw new WorkerMemory.TooSmall(plan.shortage(memory, cap)); // fails the layer, reported
        }
        finished.keepParked(epoch);
        slices = finished.open(o, o.indexOf(transport.self()));
        lookups = new Lookups(transport, workers, epoch, slices);
        fetch = new TableFetch(transport, coordinator, epoch, data, chunk);
        long e = epoch;
        Slices sl = slices;
        Lookups lk = lookups;
        TableFetch f = fetch;
        int seeds = o.seeds();
        preparing = new Thread(() -> prepare(e, o, sl, lk, f), "krou-layer-" + seeds);
        preparing.setDaemon(true);
        preparing.start();
    }

    /**
     * On the layer's own thread: adds the slices of layers {@code 0..seeds-1} that {@code sl}
     * lacks (from working files, else decoded from the tables), then sets the exits of layer
     * {@code seeds}; hands the outcome to the loop thread.
     */
    private void prepare(long e, LayerOrder o, Slices sl, Lookups lk, TableFetch f) {
        try {
            finished.complete(o, sl, lk, f, () -> post(() -> { })); // parked look-ups asked again
            LayerPart p = new LayerPart(o.variant(), sl.blocks(o.seeds()), o.seeds());
            p.exits(threads, lk);
            post(() -> exitsSet(e, p));
        } catch (InterruptedException abandoned) {
            // the layer was dropped: nothing to report
        } catch (Throwable x) { // whatever stops this thread fails the layer, or it would wait forever
            post(() -> {
                if (epoch == e) {
                    fail(x);
                }
            });
        }
    }

    /** Runs {@code r} on the loop thread. */
    private void post(Runnable r) {
        inbox.post(transport.self(), r);
    }

    /** On the loop thread: the exits of layer {@code p} are set; the propagation starts. */
    private void exitsSet(long e, LayerPart p) {
        if (e != epoch || lookups == null) {
            return; // dropped meanwhile
        }
        preparing = null;
        part = p;
        out = new Outbox(transport, workers, epoch, batch, window);
        part.outbox(out);
        owed = new AtomicIntegerArray(workers.length);
        part.startResolve(threads, owed);
        transport.send(coordinator, new Wire.Out(32).type(Wire.EXITS_DONE).varint(epoch).varint(lookups.asked())
                .varint(lookups.messages()).varint(lookups.bytes()).toArray());
    }

    /** Acknowledges the batches applied since the last call, one message per sender. */
    private void acknowledge() {
        for (int i = 0; i < owed.length(); i++) {
            int n = owed.getAndSet(i, 0);
            if (n > 0 && part != null) {
                transport.send(workers[i], new Wire.Out(24).type(Wire.ACK).varint(epoch).varint(n).toArray());
            }
        }
    }

    /** {@code POLL epoch level seq}: answers idle (1/0), batches sent and applied. */
    private void poll(Wire.In in) {
        long e = in.varint();
        int level = (int) in.varint();
        long seq = in.varint();
        if (e != epoch || part == null || out == null) {
            return;
        }
        boolean idle = part.level() == level && part.quiet() && out.empty();
        transport.send(coordinator, new Wire.Out(48).type(Wire.POLL_REPLY).varint(epoch).varint(seq)
                .varint(idle ? 1 : 0).varint(out.sent()).varint(part.applied()).varint(out.updates())
                .varint(out.bytes()).toArray());
    }

    /**
     * {@code ENCODE}: the owned table blocks are coded and sent on a thread of their own
     * ({@link PartWriting#encode}); the final chunk goes from this loop ({@link #encoded}), after
     * which the layer is done here.
     */
    private void encode(Wire.In in) {
        long e = epoch;
        LayerPart p = part;
        Slices sl = slices;
        writing.encode(in, last -> post(() -> encoded(e, p, sl, last)), x -> post(() -> {
            if (epoch == e) {
                fail(x);
            }
        }));
    }

    /**
     * On the loop thread: every block of layer {@code p} is coded; keeps this worker's slice of
     * it (for the layers above), then sends the final chunk, so that the next layer's order
     * comes after.
     */
    private void encoded(long e, LayerPart p, Slices sl, byte[] last) {
        if (e != epoch || part != p) {
            return; // dropped meanwhile
        }
        if (sl != null && sl.layers() == p.seeds) {
            sl.add(p.seeds, p.state);
        }
        transport.send(coordinator, last);
        drop();
    }

    private void fail(Throwable e) {
        report(String.valueOf(e));
    }

    /** Abandons the layer under way and tells the coordinator {@code what} went wrong here. */
    private void report(String what) {
        String c = coordinator;
        long ep = epoch;
        drop();
        if (c != null && !closed) {
            try {
                transport.send(c, new Wire.Out(256).type(Wire.FAILED).varint(ep)
                        .string(transport.self() + ": " + what).toArray());
            } catch (RuntimeException gone) {
                closed = true; // the transport is down: nobody to tell, nothing to do
            }
        }
    }

    private void drop() {
        if (lookups != null) {
            lookups.close(); // the layer's thread stops at its next look-up
        }
        if (fetch != null) {
            fetch.close(); // and at its next chunk of a table
        }
        fetch = null;
        if (writing != null) {
            writing.close(); // the coding thread stops at its next block
        }
        writing = null;
        if (preparing != null) {
            try {
                preparing.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            preparing = null;
        }
        lookups = null;
        if (part != null) {
            try {
                part.stopResolve();
            } catch (IllegalStateException ignored) {
                // the layer is abandoned: what failed in it no longer matters
            }
        }
        part = null;
        out = null;
    }

    private int indexOf(String id) {
        for (int i = 0; i < workers.length; i++) {
            if (workers[i].equals(id)) {
                return i;
            }
        }
        throw new IllegalStateException(id + " is not a worker of this layer");
    }

    /**
     * Stops the loop, and the timer of the reliable layer this worker put over its transport
     * (the transport is the caller's to close).
     */
    @Override
    public void close() {
        closed = true;
        loop.interrupt();
        if (ownsReliable) {
            transport.stop();
        }
    }
}
