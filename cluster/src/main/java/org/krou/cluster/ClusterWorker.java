package org.krou.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.krou.generator.table.WriterOptions;
import org.krou.rules.Variant;

/**
 * A member that computes: it owns rank blocks of the layer under way ({@link Blocks}), sets
 * their exits, propagates each threshold as the coordinator orders, exchanges update batches
 * with the other workers and at the end counts and codes the table blocks of its positions
 * into a part file the coordinator assembles ({@link PartCoder}). Of the finished layers it
 * holds only its slices ({@link Slices}: the same rank blocks of every layer), so the workers
 * together hold each layer once: the slice of a layer it computed is its part's values; one
 * finished before (a rerun, other workers) is cut from the table in the shared data directory
 * ({@link SliceLoader}). The captured children the exits need are asked of their owners in
 * batches ({@link Lookups}). One thread runs the loop (messages, acknowledgements, polls,
 * answers to look-ups); a thread of the layer loads the slices and sets the exits; the exits,
 * the propagation ({@link LayerPart}) and the pair counts use {@code threads}. A member lost
 * abandons the layer under way; the worker then waits for the next job.
 *
 * <pre>{@code
 * ClusterWorker w = ClusterWorker.start(transport, 2);
 * ...
 * w.close();
 * }</pre>
 */
public final class ClusterWorker implements AutoCloseable {
    private final ReliableTransport transport;
    /** True if this worker put the reliable layer over the transport it was given (it stops its timer). */
    private final boolean ownsReliable;
    private final int threads;
    private final LinkedBlockingQueue<Message> inbox = new LinkedBlockingQueue<>();
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
    private int batch;
    private int window;
    private LayerPart part;
    private Outbox out;
    /** Writes the settled layer; null until it is settled. */
    private PartCoder coder;
    private String coordinator;
    private String[] workers;
    private long epoch = -1;
    /** The handshake under way: its nonce and the workers that have not answered yet. */
    private long nonce = -1;
    private final java.util.Set<String> unanswered = new java.util.HashSet<>();
    /** Batches applied and not yet acknowledged, by worker index (counted by the resolve threads). */
    private AtomicIntegerArray owed = new AtomicIntegerArray(0);

    /**
     * A message received ({@code body}), a member lost (neither; {@code reason} if the
     * transport said why), or work for the loop thread ({@code local}).
     */
    private record Message(String from, byte[] body, Runnable local, String reason) {
    }

    private ClusterWorker(Transport transport, int threads, Path local) {
        this.transport = ReliableTransport.over(transport);
        this.ownsReliable = this.transport != transport;
        this.threads = threads;
        this.finished = new FinishedLayers(this.transport, local, threads);
        this.loop = new Thread(this::run, "krou-worker-" + transport.self());
        loop.setDaemon(true);
    }

    /** Starts a worker on {@code transport}, using {@code threads} threads for the exits and the propagation. */
    public static ClusterWorker start(Transport transport, int threads) {
        return start(transport, threads, null);
    }

    /**
     * Starts a worker as {@link #start(Transport, int)} does that keeps its slices of the
     * finished layers in working files under {@code local} ({@code <variant>/values-NN.raw}, one
     * byte an owned position, memory-mapped; see {@code WorkFiles}): written once, kept between
     * jobs and mapped again while their tables and the partition are unchanged, and held by the
     * page cache rather than the heap. {@code local} null: held in the heap, and cut from the
     * tables again at each job.
     *
     * <p>Messages go through a {@link ReliableTransport} over {@code transport} (with its
     * default options), unless {@code transport} is one already.
     */
    public static ClusterWorker start(Transport transport, int threads, Path local) {
        ClusterWorker w = new ClusterWorker(transport, Math.max(1, threads), local);
        w.transport.listen(new Transport.Listener() {
            @Override
            public void received(String from, byte[] message) {
                w.inbox.add(new Message(from, message, null, null));
            }

            @Override
            public void memberLost(String member) {
                w.inbox.add(new Message(member, null, null, null));
            }

            @Override
            public void memberLost(String member, String reason) {
                w.inbox.add(new Message(member, null, null, reason));
            }
        });
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
                Message m = inbox.poll(resolving ? 1 : 50, TimeUnit.MILLISECONDS);
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

    private void handle(Message m) throws IOException {
        if (m.local != null) {
            m.local.run();
            return;
        }
        if (m.body == null) {
            if ((part != null || preparing != null) && !m.from.equals(transport.self())) {
                int w = java.util.Arrays.asList(workers).indexOf(m.from);
                if (m.reason != null && w >= 0) {
                    // the coordinator may still hear from this worker (and not from the other):
                    // it is told, or it would wait for this worker's answers for ever
                    report("worker " + w + " (" + m.from + ") " + m.reason);
                } else {
                    drop(); // a member of the layer is gone: the coordinator aborts it
                }
            }
            return;
        }
        Wire.In in = new Wire.In(m.body);
        byte type = in.type();
        switch (type) {
            case Wire.LAYER -> layer(m.from, in);
            case Wire.PING -> ping(m.from, in);
            case Wire.PEER_PING -> transport.send(m.from, new Wire.Out(16).type(Wire.PEER_PONG).varint(in.varint())
                    .toArray());
            case Wire.PEER_PONG -> {
                if (in.varint() == nonce) {
                    unanswered.remove(m.from);
                }
            }
            case Wire.LEVEL -> {
                if (in.varint() == epoch && part != null) {
                    part.startLevel((int) in.varint());
                }
            }
            case Wire.POLL -> poll(in);
            case Wire.LOOKUP -> finished.lookup(m.from, m.body, epoch);
            case Wire.ANSWER -> {
                if (in.varint() == epoch && lookups != null) {
                    lookups.answered(in);
                }
            }
            case Wire.UPDATES -> {
                if (in.varint() == epoch && part != null) {
                    if (coder != null) {
                        throw new IllegalStateException("an update batch after layer " + part.seeds + " was settled");
                    }
                    part.received(indexOf(m.from), m.body);
                }
            }
            case Wire.ACK -> {
                if (in.varint() == epoch && out != null) {
                    out.acked(indexOf(m.from), (int) in.varint());
                }
            }
            case Wire.FINISH -> {
                if (in.varint() == epoch && part != null && coder == null) {
                    finish(in);
                }
            }
            case Wire.PAIRS -> {
                if (in.varint() == epoch && coder != null) {
                    pairs(in);
                }
            }
            case Wire.ENCODE -> {
                if (in.varint() == epoch && coder != null) {
                    encode(in);
                }
            }
            default -> throw new IllegalStateException("unexpected message type " + type);
        }
    }

    /**
     * {@code LAYER epoch variant dataDir seeds blockSize batch window workers ids...}: starts the
     * layer. A thread of its own ({@link #prepare}) loads the slices of the finished layers this
     * worker lacks and sets the exits, asking the other workers for the captured children they
     * own, while this loop answers theirs; it then hands the layer back ({@link #exitsSet}).
     */
    private void layer(String from, Wire.In in) throws IOException {
        drop();
        coordinator = from;
        epoch = in.varint();
        Variant variant = Variant.parse(in.string());
        Path data = Path.of(in.string());
        int seeds = (int) in.varint();
        int blockSize = (int) in.varint();
        batch = (int) in.varint();
        window = (int) in.varint();
        workers = new String[(int) in.varint()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = in.string();
        }
        int self = indexOf(transport.self());
        finished.keepParked(epoch);
        slices = finished.open(variant, data, workers.length, self, blockSize);
        lookups = new Lookups(transport, workers, epoch, slices);
        long e = epoch;
        Slices sl = slices;
        Lookups lk = lookups;
        preparing = new Thread(() -> prepare(e, variant, data, seeds, sl, lk), "krou-layer-" + seeds);
        preparing.setDaemon(true);
        preparing.start();
    }

    /**
     * On the layer's own thread: adds the slices of layers {@code 0..seeds-1} that {@code sl}
     * lacks (from working files, else decoded from the tables), then sets the exits of layer
     * {@code seeds}; hands the outcome to the loop thread.
     */
    private void prepare(long e, Variant variant, Path data, int seeds, Slices sl, Lookups lk) {
        try {
            finished.complete(variant, data, seeds, sl, lk, () -> post(() -> { })); // parked look-ups asked again
            LayerPart p = new LayerPart(variant, sl.blocks(seeds), seeds);
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
        inbox.add(new Message(transport.self(), null, r, null));
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

    /**
     * {@code PING nonce workers ids...}: pings the workers that have not answered yet (the
     * transport may not reach a member that just joined); answers {@code PONG} once all did.
     * The coordinator repeats it until every worker answers.
     */
    private void ping(String from, Wire.In in) {
        long n = in.varint();
        if (n != nonce) {
            nonce = n;
            unanswered.clear();
            int w = (int) in.varint();
            for (int i = 0; i < w; i++) {
                unanswered.add(in.string());
            }
            unanswered.remove(transport.self());
        }
        if (unanswered.isEmpty()) {
            transport.send(from, new Wire.Out(16).type(Wire.PONG).varint(n).toArray());
            return;
        }
        byte[] ping = new Wire.Out(16).type(Wire.PEER_PING).varint(n).toArray();
        for (String id : unanswered) {
            transport.send(id, ping);
        }
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
     * {@code FINISH epoch options}: settles the layer and answers the value counts of the owned
     * positions, {@code SYMBOL_COUNTS epoch counts}; the layer is then written as the
     * coordinator asks ({@link #pairs}, {@link #encode}).
     */
    private void finish(Wire.In in) {
        WriterOptions o = Coordinator.readOptions(in);
        part.stopResolve();
        part.finish();
        out = null; // nothing more to propagate: the states are values now
        coder = new PartCoder(part, o, threads);
        transport.send(coordinator, new Wire.Out(1024).type(Wire.SYMBOL_COUNTS).varint(epoch)
                .varints(coder.symbols()).toArray());
    }

    /** {@code PAIRS epoch table order stride}: answers {@code PAIR_COUNTS epoch counts}. */
    private void pairs(Wire.In in) {
        byte[] table = in.array();
        byte[] order = in.array();
        int stride = (int) in.varint();
        transport.send(coordinator, new Wire.Out(1 << 16).type(Wire.PAIR_COUNTS).varint(epoch)
                .varints(coder.pairs(table, order, stride)).toArray());
    }

    /**
     * {@code ENCODE epoch table order modelCounts file}: codes the owned table blocks into the
     * part file and answers {@code ENCODED epoch blocks bytes}; the layer is then done here.
     */
    private void encode(Wire.In in) throws IOException {
        byte[] table = in.array();
        byte[] order = in.array();
        long[] model = in.varints();
        Path file = Path.of(in.string());
        long bytes = coder.encode(table, order, model.length == 0 ? null : model, file);
        if (slices != null && slices.layers() == part.seeds) {
            slices.add(part.seeds, part.state); // this worker's slice of the layer, for the layers above
        }
        transport.send(coordinator, new Wire.Out(32).type(Wire.ENCODED).varint(epoch).varint(coder.blocks())
                .varint(bytes).toArray());
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
        coder = null;
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
