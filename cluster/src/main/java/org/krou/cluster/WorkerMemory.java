package org.krou.cluster;

import java.util.Locale;
import org.krou.generator.MemoryPlan;

/**
 * What a worker will hold in its heap while it solves a layer, worked out when the layer's order
 * arrives, so that a worker too small for its share fails the layer at once, with figures,
 * rather than running out of memory halfway.
 *
 * <p>For layer {@code n}, worker {@code self} of {@code W} ({@link Blocks}: its rank blocks) holds:
 * <ul>
 * <li>the <em>working layer</em>: a state byte, an exit byte and a don't-care bit per owned
 *     position of layer {@code n} ({@link LayerPart}; the state byte becomes the slice of layer
 *     {@code n} once it is finished);</li>
 * <li>its <em>slices</em> of the finished layers {@code 0..n-1}, a byte per owned position
 *     ({@link Slices}), in the heap, or none when they are memory-mapped from its {@code --local}
 *     directory (the slice of a layer read again is then in the heap only until it is written to its
 *     working file, before the working layer is allocated, and is smaller than it);</li>
 * <li><em>buffers</em>: for each other worker, the update batches in flight both ways
 *     ({@code window} each way) and those queued before a resolve thread stops expanding
 *     ({@value #BACKLOG}), each at most {@code 6 × batch + 16} bytes, and the open batch of every
 *     destination ({@code 8 × batch} bytes each); the chunks of files under way (a finished table
 *     received, {@value #FETCH_CHUNKS} chunks; the coded blocks sent, {@value #BLOCK_CHUNKS});
 *     and {@value #PER_THREAD_MIB} MiB per thread (look-up batches, exit kernel);</li>
 * <li>a fixed <em>overhead</em> of {@value #OVERHEAD_MIB} MiB: the JVM, Hazelcast and the table
 *     coder.</li>
 * </ul>
 * As on one machine ({@link MemoryPlan}), the data may fill at most {@value #HEAP_SHARE_PERCENT}%
 * of the heap: the heap needed is the total divided by 0.85.
 *
 * <pre>{@code
 * WorkerMemory m = WorkerMemory.of(order, 1, false, 2);      // worker 1, slices in the heap, 2 threads
 * long cap = WorkerMemory.cap(memory, Runtime.getRuntime().maxMemory());
 * if (!m.fits(cap)) throw new WorkerMemory.TooSmall(m.shortage(memory, cap));
 * }</pre>
 *
 * @param seeds   the layer
 * @param working bytes of the working layer
 * @param slices  bytes of the slices of the finished layers held in the heap
 * @param buffers bytes of the transfer buffers
 * @param mapped  whether the slices are memory-mapped from {@code --local} instead
 */
public record WorkerMemory(int seeds, long working, long slices, long buffers, boolean mapped) {
    /** The JVM, Hazelcast and the table coder, besides the layers. */
    static final int OVERHEAD_MIB = 128;
    /** Per thread: a look-up batch of 24,576 children (28 bytes each), the exit kernel's buffers. */
    static final int PER_THREAD_MIB = 1;
    /** The share of the heap the data may fill. */
    static final int HEAP_SHARE_PERCENT = 85;
    /** Batches queued for one destination before a resolve thread stops expanding ({@link ResolveThread}). */
    static final int BACKLOG = 64;
    /** Chunks of a finished table received at once ({@link TableFetch#WINDOW}). */
    static final int FETCH_CHUNKS = TableFetch.WINDOW;
    /** Chunks of coded blocks sent ahead, and the one being filled ({@link Coordinator#BLOCK_WINDOW}). */
    static final int BLOCK_CHUNKS = Coordinator.BLOCK_WINDOW + 1;

    /**
     * The plan of worker {@code self} for order {@code o}, with its finished layers memory-mapped
     * ({@code mapped}: it has a {@code --local} directory) or in the heap, on {@code threads} threads.
     */
    static WorkerMemory of(LayerOrder o, int self, boolean mapped, int threads) {
        return of(o.seeds(), o.blockSize(), o.workers().length, self, mapped, threads, o.batch(), o.window(), o.chunk());
    }

    /** The plan of worker {@code self} of {@code workers} for layer {@code seeds}, in rank blocks of {@code blockSize}. */
    public static WorkerMemory of(int seeds, int blockSize, int workers, int self, boolean mapped, int threads,
                                  int batch, int window, int chunk) {
        long local = new Blocks(seeds, blockSize, workers, self).localSize();
        long working = 2 * local + (local + 7) / 8;
        long slices = 0;
        for (int k = 0; k < seeds && !mapped; k++) {
            slices += new Blocks(k, blockSize, workers, self).localSize();
        }
        long batchBytes = 6L * batch + 16;
        long updates = (long) workers * batch * 8 + (workers - 1L) * (2L * window + BACKLOG) * batchBytes;
        long files = (long) (FETCH_CHUNKS + BLOCK_CHUNKS) * chunk;
        long perThread = (long) Math.max(1, threads) * (PER_THREAD_MIB << 20);
        return new WorkerMemory(seeds, working, slices, updates + files + perThread, mapped);
    }

    /** The fixed overhead, bytes. */
    public static long overhead() {
        return (long) OVERHEAD_MIB << 20;
    }

    /** Everything held: data, buffers and overhead. */
    public long total() {
        return working + slices + buffers + overhead();
    }

    /** The heap this plan needs: its total is at most {@value #HEAP_SHARE_PERCENT}% of it. */
    public long heapNeeded() {
        return (long) Math.ceil(total() * 100.0 / HEAP_SHARE_PERCENT);
    }

    /** Whether a heap of {@code cap} bytes holds it. */
    public boolean fits(long cap) {
        return heapNeeded() <= cap;
    }

    /** The cap a worker checks its plans against: {@code memory} (0: none given) or the JVM's heap, the smaller. */
    public static long cap(long memory, long heap) {
        return memory > 0 ? Math.min(memory, heap) : heap;
    }

    /** One line for the worker's output, e.g. {@code "layer 22: working layer 131 MiB, slices ... = heap needed 458 MiB of 500 MiB"}. */
    public String describe(long cap) {
        return String.format(Locale.ROOT, "layer %d: %s, heap needed %s of %s", seeds, parts(), MemoryPlan.bytes(heapNeeded()),
                MemoryPlan.bytes(cap));
    }

    private String parts() {
        return String.format(Locale.ROOT, "working layer %s, slices %s, buffers %s, overhead %s",
                MemoryPlan.bytes(working), mapped ? "memory-mapped from --local" : MemoryPlan.bytes(slices) + " in the heap",
                MemoryPlan.bytes(buffers), MemoryPlan.bytes(overhead()));
    }

    /**
     * Why the worker cannot take this layer under a cap of {@code cap} bytes,
     * {@code memory} being its {@code --memory} (0: none, the cap is the JVM's heap).
     */
    public String shortage(long memory, long cap) {
        String limit = memory > 0 && memory <= cap ? "its --memory is " + MemoryPlan.bytes(cap)
                : "its heap is " + MemoryPlan.bytes(cap) + " (the JVM's limit, -Xmx in KROU_JAVA_OPTS)";
        return String.format(Locale.ROOT, "it needs about %s of heap for layer %d (%s; data at most %d%% of the heap) "
                        + "but %s: give it more%s", MemoryPlan.bytes(heapNeeded()), seeds, parts(), HEAP_SHARE_PERCENT,
                limit, mapped ? " or add workers" : ", add workers, or use --local");
    }

    /** A layer refused for want of memory; its text is the reason alone (the worker names itself when it reports it). */
    public static final class TooSmall extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public TooSmall(String message) {
            super(message);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }
}
