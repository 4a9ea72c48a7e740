package org.krou.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.krou.generator.Progress;
import org.krou.generator.TableLayerStore;
import org.krou.generator.WorkFiles;
import org.krou.generator.table.WriterOptions;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * A member that computes: it owns rank blocks of the layer under way ({@link Blocks}), sets
 * their exits, propagates each threshold as the coordinator orders, exchanges update batches
 * with the other workers and at the end counts and codes the table blocks of its positions
 * into a part file the coordinator assembles ({@link PartCoder}). The finished
 * layers it reads are decoded from the tables in the shared data directory the coordinator
 * names (every worker holds all of them; see README). One thread runs the loop (messages,
 * acknowledgements, polls); the exits, the propagation ({@link LayerPart}) and the pair counts
 * use {@code threads}. A member lost abandons the layer under way; the worker then waits for the
 * next job.
 *
 * <pre>{@code
 * ClusterWorker w = ClusterWorker.start(transport, 2);
 * ...
 * w.close();
 * }</pre>
 */
public final class ClusterWorker implements AutoCloseable {
    /** Where the warnings of the working files go: this member's standard error. */
    private static final Progress WARNINGS = Progress.warningsTo(m -> System.err.println("warning: " + m));
    private final Transport transport;
    private final int threads;
    /** The directory of the working files, or null. */
    private final Path local;
    /** The working files of the job, or null. */
    private WorkFiles work;
    private final LinkedBlockingQueue<Message> inbox = new LinkedBlockingQueue<>();
    private final Thread loop;
    private volatile boolean closed;
    private String job;
    private ByteBigArray[] below;
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

    private record Message(String from, byte[] body) {
    }

    private ClusterWorker(Transport transport, int threads, Path local) {
        this.transport = transport;
        this.threads = threads;
        this.local = local;
        this.loop = new Thread(this::run, "krou-worker-" + transport.self());
        loop.setDaemon(true);
    }

    /** Starts a worker on {@code transport}, using {@code threads} threads for the exits and the propagation. */
    public static ClusterWorker start(Transport transport, int threads) {
        return start(transport, threads, null);
    }

    /**
     * Starts a worker as {@link #start(Transport, int)} does that keeps the finished layers it
     * reads in working files under {@code local} ({@code <variant>/values-NN.raw}, one byte a
     * position, memory-mapped; see {@code WorkFiles}): decoded once, kept between jobs and
     * mapped again while their tables are unchanged, and held by the page cache rather than the
     * heap. {@code local} null: decoded into the heap at each job.
     */
    public static ClusterWorker start(Transport transport, int threads, Path local) {
        ClusterWorker w = new ClusterWorker(transport, Math.max(1, threads), local);
        transport.listen(new Transport.Listener() {
            @Override
            public void received(String from, byte[] message) {
                w.inbox.add(new Message(from, message));
            }

            @Override
            public void memberLost(String member) {
                w.inbox.add(new Message(member, null));
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
        if (m.body == null) {
            if (part != null && !m.from.equals(transport.self())) {
                drop(); // a member of the layer may be gone: the coordinator aborts it
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

    /** {@code LAYER epoch variant dataDir seeds blockSize batch window workers ids... self}. */
    private void layer(String from, Wire.In in) throws IOException {
        drop();
        coordinator = from;
        epoch = in.varint();
        Variant variant = Variant.parse(in.string());
        Path data = Path.of(in.string());
        int seeds = (int) in.varint();
        int blockSize = (int) in.varint();
        int batch = (int) in.varint();
        int window = (int) in.varint();
        workers = new String[(int) in.varint()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = in.string();
        }
        int self = indexOf(transport.self());
        String key = variant.id() + "\n" + data.toAbsolutePath();
        if (!key.equals(job) || below == null || below.length <= seeds) {
            ByteBigArray[] kept = key.equals(job) ? below : null;
            below = new ByteBigArray[Math.max(seeds + 1, 1)];
            if (kept != null) {
                System.arraycopy(kept, 0, below, 0, Math.min(kept.length, below.length));
            }
            if (!key.equals(job)) {
                boolean[] keep = new boolean[PositionIndex.MAX_SEEDS + 1];
                java.util.Arrays.fill(keep, true); // each is checked against its table when reused
                work = local == null ? null : WorkFiles.open(local.resolve(variant.id()), keep, WARNINGS);
            }
            job = key;
        }
        TableLayerStore store = new TableLayerStore(data, variant, threads);
        for (int k = 0; k <= seeds - 2; k++) {
            if (below[k] == null) {
                below[k] = load(store, k);
                if (below[k] == null) {
                    throw new IOException("layer " + k + " is not readable in " + data + ": "
                            + Objects.requireNonNullElse(store.lastRefusal(), "missing"));
                }
            }
        }
        Blocks blocks = new Blocks(seeds, blockSize, workers.length, self);
        part = new LayerPart(variant, blocks, seeds, below);
        out = new Outbox(transport, workers, epoch, batch, window);
        part.outbox(out);
        owed = new AtomicIntegerArray(workers.length);
        part.exits(threads);
        part.startResolve(threads, owed);
        transport.send(coordinator, new Wire.Out(16).type(Wire.EXITS_DONE).varint(epoch).toArray());
    }

    /**
     * Finished layer {@code k}: mapped from this worker's working file when it has one written
     * for the same table, else decoded from the table (and, with a local directory, written to
     * a working file and mapped from it); null if the table cannot be read.
     */
    private ByteBigArray load(TableLayerStore store, int k) throws IOException {
        if (work == null || !store.reusable(k)) {
            return store.load(k, below, threads);
        }
        long id = store.tableId(k);
        ByteBigArray v = work.reuse(k, id);
        if (v != null) {
            return v;
        }
        v = store.load(k, below, threads);
        return v == null ? null : work.write(k, v, id);
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

    /** {@code PAIRS epoch table order}: answers {@code PAIR_COUNTS epoch counts}. */
    private void pairs(Wire.In in) {
        byte[] table = in.array();
        byte[] order = in.array();
        transport.send(coordinator, new Wire.Out(1 << 16).type(Wire.PAIR_COUNTS).varint(epoch)
                .varints(coder.pairs(table, order)).toArray());
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
        transport.send(coordinator, new Wire.Out(32).type(Wire.ENCODED).varint(epoch).varint(coder.blocks())
                .varint(bytes).toArray());
        drop();
    }

    private void fail(Throwable e) {
        String c = coordinator;
        long ep = epoch;
        drop();
        if (c != null && !closed) {
            try {
                transport.send(c, new Wire.Out(256).type(Wire.FAILED).varint(ep)
                        .string(transport.self() + ": " + e).toArray());
            } catch (RuntimeException gone) {
                closed = true; // the transport is down: nobody to tell, nothing to do
            }
        }
    }

    private void drop() {
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

    /** Stops the loop (the transport is the caller's to close). */
    @Override
    public void close() {
        closed = true;
        loop.interrupt();
    }
}
