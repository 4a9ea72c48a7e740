package org.krou.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import org.krou.generator.TableLayerStore;
import org.krou.generator.table.Fill;
import org.krou.generator.table.TableCoding;
import org.krou.generator.table.TableWriter;
import org.krou.generator.table.WriterOptions;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.Encoding;

/**
 * Drives the workers through one layer: exits, then each threshold from {@code n} down to 1
 * until {@link Termination} says it is over; then {@link #write} has the workers code their
 * blocks and send them here, where they go into the table as they arrive. Each step is a round
 * (a barrier): a command to every worker, then every answer. The messages name the variant and
 * the layers, never a path: each member keeps its files in the directories it was given at
 * start, and a worker that lacks a finished table asks this member for it ({@link TableServer}).
 * A worker lost or failed aborts the layer with {@link ClusterAbortedException}
 * ({@link CoordinatorInbox}).
 *
 * <pre>{@code
 * Coordinator c = new Coordinator(transport, Coordinator.Options.DEFAULT);
 * Coordinator.Layer layer = c.solve(Variant.ABAPA, dataDir, 12, workerIds);
 * c.write(layer, store);
 * }</pre>
 */
public final class Coordinator {
    private final Transport transport;
    private final Options options;
    /** What the workers send, and the waits on it. */
    private final CoordinatorInbox inbox;
    /** Chunks of coded blocks a worker may send ahead of the one being written. */
    static final int BLOCK_WINDOW = 4;
    /** Bytes of a chunk of a file sent between a worker and this member (a finished table, coded blocks). */
    private int chunk = 1 << 20;
    /**
     * The last epoch used: each layer and handshake takes the next. Coordinators of different
     * jobs start anywhere ({@code nanoTime}), so workers compare epochs for equality only.
     */
    private long epoch = System.nanoTime() & 0xFFFFFFFFL;

    /**
     * Sizes of the protocol.
     *
     * @param blockSize positions per rank block (a multiple of 8)
     * @param batch     the most updates in one batch
     * @param window    the most batches in flight from one worker to another
     */
    public record Options(int blockSize, int batch, int window) {
        /**
         * Blocks of 96 Ki positions (64 table blocks of the writer's default 1,536), batches of
         * 4096 updates, 8 in flight.
         */
        public static final Options DEFAULT = new Options(3 << 15, 4096, 8);

        /** Checks the sizes. */
        public Options {
            if (blockSize < 8 || blockSize % 8 != 0 || batch < 1 || window < 1) {
                throw new IllegalArgumentException("block size " + blockSize + " (a multiple of 8), batch "
                        + batch + ", window " + window);
            }
        }
    }

    /**
     * A solved layer, held by its workers until it is written ({@link #write}), and what it cost.
     *
     * @param batches update batches sent between workers
     * @param updates updates in them
     * @param bytes   bytes of those batches
     * @param polls   poll waves
     * @param lookups positions of finished layers one worker asked of another (captured
     *                children of the exits, in {@code lookupMessages} messages of
     *                {@code lookupBytes} bytes with their answers)
     */
    public record Layer(int seeds, long epoch, List<String> workers, long batches, long updates, long bytes,
                        long polls, long lookups, long lookupMessages, long lookupBytes) {
    }

    /** Sends files in chunks of {@code bytes} (for tests of files of many chunks). */
    void chunkBytes(int bytes) {
        chunk = bytes;
    }

    /** Starts the epochs of this coordinator after {@code e} (for tests of epochs that go down between jobs). */
    void epochsAfter(long e) {
        epoch = e;
    }

    /**
     * A coordinator on {@code transport} (it listens to it from now on), through a
     * {@link ReliableTransport} over it (default options) unless it is one already: every
     * message is delivered, and a worker silent for the transport's bound is reported lost, so
     * that no wait of a round is endless.
     */
    public Coordinator(Transport transport, Options options) {
        this.transport = ReliableTransport.over(transport);
        this.options = options;
        this.inbox = new CoordinatorInbox(this.transport);
    }

    /**
     * Waits until every worker reaches every other and answers: a member that just joined may
     * not be reachable at once (Hazelcast learns its listeners shortly after it joins), and a
     * message sent too early would be lost.
     *
     * @throws ClusterAbortedException if they do not within {@code timeoutMillis}, or one is lost
     */
    public void handshake(List<String> workers, long timeoutMillis) throws ClusterAbortedException,
            InterruptedException {
        long nonce = ++epoch;
        Wire.Out o = new Wire.Out(256).type(Wire.PING).varint(nonce).varint(workers.size());
        for (String id : workers) {
            o.string(id);
        }
        byte[] ping = o.toArray();
        Set<String> waiting = new HashSet<>(workers);
        long end = System.currentTimeMillis() + timeoutMillis;
        while (!waiting.isEmpty()) {
            if (System.currentTimeMillis() > end) {
                throw new ClusterAbortedException("workers " + waiting + " did not answer within "
                        + timeoutMillis + " ms");
            }
            for (String id : waiting) {
                transport.send(id, ping);
            }
            long until = System.currentTimeMillis() + 100;
            Inbox.Message m;
            while ((m = inbox.poll(Math.max(1, until - System.currentTimeMillis()))) != null) {
                if (m.body() == null && workers.contains(m.from())) {
                    throw new ClusterAbortedException(CoordinatorInbox.name(m.from(), workers)
                            + " was lost before the run started" + (m.reason() == null ? "" : ": it " + m.reason()));
                }
                if (m.body() != null && m.body()[0] == Wire.PONG && new Wire.In(m.body()).skipType().varint() == nonce) {
                    waiting.remove(m.from());
                }
            }
        }
    }

    /**
     * Solves layer {@code seeds} on {@code workers}, which read layers {@code 0..seeds-1} from
     * the tables under {@code dataDir} here: each worker uses its own copy of a table when it
     * holds the same one, and asks this member for the others.
     *
     * @throws ClusterAbortedException if a worker is lost or fails
     * @throws org.krou.table.TableException if a table below the layer is missing or damaged
     */
    public Layer solve(Variant variant, Path dataDir, int seeds, List<String> workers)
            throws ClusterAbortedException, InterruptedException {
        long e = ++epoch;
        TableServer server = new TableServer(dataDir, variant, seeds, chunk);
        inbox.serve(server);
        int w = workers.size();
        inbox.checkNoneLost(workers, seeds);
        byte[] order = LayerOrder.write(new Wire.Out(256), e, variant, seeds, options.blockSize, options.batch,
                options.window, chunk, workers, server.crcs(), server.lengths());
        for (String id : workers) {
            transport.send(id, order);
        }
        long lookups = 0;
        long lookupMessages = 0;
        long lookupBytes = 0;
        for (int i = 0; i < w; i++) {
            Wire.In done = inbox.expect(Wire.EXITS_DONE, e, seeds, workers);
            lookups += done.varint();
            lookupMessages += done.varint();
            lookupBytes += done.varint();
        }
        Termination done = new Termination();
        long seq = 0;
        long[] totals = new long[3];
        long polls = 0;
        for (int t = seeds; t >= 1; t--) {
            byte[] level = new Wire.Out(16).type(Wire.LEVEL).varint(e).varint(t).toArray();
            for (String id : workers) {
                transport.send(id, level);
            }
            done.reset();
            long pause = 20_000;
            while (true) {
                seq++;
                polls++;
                byte[] poll = new Wire.Out(24).type(Wire.POLL).varint(e).varint(t).varint(seq).toArray();
                for (String id : workers) {
                    transport.send(id, poll);
                }
                boolean idle = true;
                long sent = 0;
                long applied = 0;
                java.util.Arrays.fill(totals, 0);
                for (int i = 0; i < w; ) {
                    Wire.In in = inbox.expect(Wire.POLL_REPLY, e, seeds, workers);
                    if (in.varint() != seq) {
                        continue; // an answer to an earlier wave
                    }
                    i++;
                    idle &= in.varint() == 1;
                    sent += in.varint();
                    applied += in.varint();
                    totals[0] = sent;
                    totals[1] += in.varint();
                    totals[2] += in.varint();
                }
                if (done.wave(idle, sent, applied)) {
                    break;
                }
                if (!idle) {
                    LockSupport.parkNanos(pause);
                    pause = Math.min(2_000_000, pause * 2);
                }
            }
        }
        return new Layer(seeds, e, List.copyOf(workers), totals[0], totals[1], totals[2], polls, lookups, lookupMessages, lookupBytes);
    }

    /**
     * Writes a solved layer with {@code store}: the workers settle it and count and code their
     * own blocks ({@code PartCoder}) as the store's plan asks, and send the coded blocks here in
     * chunks ({@link BlockSender}), which go into the table in order as they arrive
     * ({@link BlockReceiver}); this member only adds counts and writes blocks, never holding the
     * layer.
     *
     * @throws ClusterAbortedException if a worker is lost or fails
     * @throws IllegalArgumentException if the rank blocks are not whole numbers of table blocks
     */
    public void write(Layer layer, TableLayerStore store) throws IOException, InterruptedException {
        WriterOptions o = store.options();
        checkBlocks(o);
        long e = layer.epoch();
        int seeds = layer.seeds();
        List<String> workers = layer.workers();
        int blocks = TableWriter.blockCount(PositionIndex.size(seeds), o.blockSize());
        try {
            store.saveCoded(seeds, new TableCoding.Counts() {
                @Override
                public long[] symbols() throws IOException {
                    return round(writeOptions(new Wire.Out(64).type(Wire.FINISH).varint(e), o).toArray(),
                            Wire.SYMBOL_COUNTS, layer);
                }

                @Override
                public long[] pairs(byte[] table, byte[] order, int stride) throws IOException {
                    return round(new Wire.Out(1 << 16).type(Wire.PAIRS).varint(e).array(table).array(order)
                            .varint(stride).toArray(),
                            Wire.PAIR_COUNTS, layer);
                }
            }, plan -> {
                long[] model = plan.modelCounts() == null ? new long[0] : plan.modelCounts();
                byte[] encode = new Wire.Out(1 << 16).type(Wire.ENCODE).varint(e).array(plan.table())
                        .array(plan.order()).varints(model).varint(BLOCK_WINDOW).toArray();
                for (String id : workers) {
                    transport.send(id, encode);
                }
                return new BlockReceiver(workers, options.blockSize / o.blockSize(), blocks, BLOCK_WINDOW,
                        () -> blocksFrom(e, seeds, workers),
                        (id, upTo) -> transport.send(id, new Wire.Out(24).type(Wire.CREDIT).varint(e).varint(upTo)
                                .toArray()));
            });
        } catch (IOException x) {
            if (x.getCause() instanceof ClusterAbortedException lostOrFailed) {
                throw lostOrFailed; // met while writing the blocks: the layer is abandoned, not the file damaged
            }
            throw x;
        }
    }

    /** The next chunk of coded blocks of layer {@code seeds} ({@code BLOCKS}, past its type and epoch). */
    private BlockReceiver.Received blocksFrom(long e, int seeds, List<String> workers) throws IOException {
        while (true) {
            Inbox.Message m;
            try {
                m = inbox.next(e, seeds, workers, Wire.BLOCKS);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while writing a layer", ex);
            }
            Wire.In in = new Wire.In(m.body());
            if (CoordinatorInbox.is(in, Wire.BLOCKS, e)) {
                return new BlockReceiver.Received(m.from(), in);
            }
        }
    }

    /**
     * Checks that each rank block is a whole number of table blocks, so that every table block
     * has one owner who codes it.
     *
     * @throws IllegalArgumentException if not
     */
    public void checkBlocks(WriterOptions o) {
        if (options.blockSize % o.blockSize() != 0) {
            throw new IllegalArgumentException("rank blocks of " + options.blockSize + " positions are not whole "
                    + "numbers of table blocks of " + o.blockSize() + ": each table block needs one owner to code it");
        }
    }

    /** The counts {@code request} asks every worker of the layer, added up. */
    private long[] round(byte[] request, byte reply, Layer layer) throws IOException {
        for (String id : layer.workers()) {
            transport.send(id, request);
        }
        long[] sum = null;
        for (int i = 0; i < layer.workers().size(); i++) {
            long[] c = interrupted(() -> inbox.expect(reply, layer.epoch(), layer.seeds(), layer.workers())).varints();
            if (sum == null) {
                sum = c;
            } else if (c.length != sum.length) {
                throw new IOException(c.length + " counts from a worker of layer " + layer.seeds() + ", " + sum.length
                        + " from another");
            } else {
                for (int j = 0; j < sum.length; j++) {
                    sum[j] += c[j];
                }
            }
        }
        return sum;
    }

    /** Appends what {@code FINISH} carries after its epoch: the options the table is written with. */
    static Wire.Out writeOptions(Wire.Out out, WriterOptions o) {
        return out.varint(o.encoding().ordinal()).varint(o.param()).varint(o.blockSize()).varint(o.fill().ordinal())
                .varint(o.maxContexts());
    }

    /**
     * Reads what {@link #writeOptions} wrote.
     *
     * @throws IllegalArgumentException if an option is out of its range
     */
    static WriterOptions readOptions(Wire.In in) {
        Encoding encoding = Encoding.values()[(int) in.varint("encoding", 0, Encoding.values().length - 1)];
        int param = (int) in.varint("encoding parameter", 0, Integer.MAX_VALUE);
        int blockSize = (int) in.varint("table block size", 1, Integer.MAX_VALUE);
        Fill fill = Fill.values()[(int) in.varint("fill", 0, Fill.values().length - 1)];
        int maxContexts = (int) in.varint("contexts", 1, Integer.MAX_VALUE);
        in.end();
        return new WriterOptions(encoding, param, blockSize, fill, maxContexts, 1);
    }

    private interface Wait {
        Wire.In get() throws ClusterAbortedException, InterruptedException;
    }

    /** {@code w}, an interruption becoming an {@link IOException} (the table writer's callbacks throw only those). */
    private static Wire.In interrupted(Wait w) throws IOException {
        try {
            return w.get();
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing a layer", ex);
        }
    }
}
