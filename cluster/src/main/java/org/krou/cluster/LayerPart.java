package org.krou.cluster;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.krou.generator.AtomicBytes;
import org.krou.generator.DontCareBits;
import org.krou.generator.Partition;
import org.krou.generator.Propagator;
import org.krou.generator.StateCodes;
import org.krou.generator.table.ExitSource;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * One worker's share of the layer being solved: the state byte ({@link StateCodes}), the best
 * exit and the don't-care bit of each owned position (the exits found with the captured
 * children looked up across the cluster, {@link #exits}; kept whole, so that the propagation
 * never reads a finished layer), and the single machine's propagation loop ({@link Propagator})
 * run on them by {@code threads} resolve threads ({@link #startResolve}, {@link ResolveThread}).
 * Updates of positions owned elsewhere go to the {@link Outbox}; update batches received are
 * {@link #received queued} and applied by the resolve threads through the same transitions. Each
 * expansion takes the threshold from the value of the position it expands ({@code ±t}), so
 * updates of a level may arrive before this worker starts the level. States change only by
 * compare-and-set, so threads need no lock; the values do not depend on their order.
 * Allocation-free per position.
 *
 * <p>Idleness, for the termination check: nothing received waits, every seed of the level is
 * claimed, and no resolve thread holds work. A resolve thread counts itself busy before it takes
 * work and idle only once its stack is empty, and {@link #quiet} reads the queue and the claims
 * before the busy count, so work in a thread's hands is never missed.
 *
 * <pre>{@code
 * LayerPart part = new LayerPart(variant, blocks, n);
 * part.exits(threads, lookups);
 * part.outbox(out); part.startResolve(threads, acks);
 * part.startLevel(t); ... part.quiet() ...
 * part.stopResolve(); part.finish();
 * }</pre>
 */
final class LayerPart {
    final int seeds;
    final Blocks blocks;
    /** {@code state}, updated by compare-and-set where threads race for a position. */
    final AtomicBytes atomicState;
    final ByteBigArray state;
    /** Don't-care bits of the owned positions. */
    private final DontCareBits dontCare;
    /** The best exit of each owned position, kept for the exits {@link StateCodes} leaves out. */
    final ByteBigArray exit;
    final Variant variant;
    final StateCodes codes;
    final long localSize;
    volatile int level;
    /**
     * The next position whose claims a scan takes, {@link ResolveThread#SCAN} at a time; far past the end
     * (without reaching overflow, however often idle threads ask) until the first level starts.
     */
    final AtomicLong scanned = new AtomicLong(Long.MAX_VALUE / 2);
    final AtomicInteger busy = new AtomicInteger();
    final AtomicLong applied = new AtomicLong();
    /** Received update batches, with the index of their sender. */
    final ConcurrentLinkedQueue<Received> received = new ConcurrentLinkedQueue<>();
    final Object wake = new Object();
    Outbox out;
    private Thread[] resolvers = new Thread[0];
    volatile boolean stopping;
    volatile Throwable failure;

    record Received(int from, byte[] batch) {
    }

    LayerPart(Variant variant, Blocks blocks, int seeds) {
        this.variant = variant;
        this.blocks = blocks;
        this.seeds = seeds;
        this.codes = new StateCodes(seeds);
        this.localSize = blocks.localSize();
        this.atomicState = new AtomicBytes(localSize);
        this.state = atomicState.bytes();
        this.exit = new ByteBigArray(localSize);
        this.dontCare = new DontCareBits(localSize);
    }

    /** Where updates of positions owned elsewhere go. */
    void outbox(Outbox o) {
        this.out = o;
    }

    /**
     * Phase 1 over the owned blocks: each position's best exit and same-layer move count
     * ({@link PartExits}), the captured children read through {@code lookups}.
     *
     * @throws InterruptedException if the layer is abandoned meanwhile
     */
    void exits(int threads, Lookups lookups) throws InterruptedException {
        PartExits.run(this, threads, lookups);
    }

    /** Sets the exit of local position {@code l}: its state code and its best exit. */
    void setExit(long l, int same, int best) {
        state.set(l, codes.initial(same, best));
        exit.set(l, (byte) best);
    }

    /**
     * Starts {@code threads} resolve threads; each batch they apply is counted in
     * {@code acks[sender]} (to acknowledge) and in {@link #applied}.
     */
    void startResolve(int threads, AtomicIntegerArray acks) {
        stopping = false;
        resolvers = new Thread[threads];
        Partition partition = partition();
        for (int i = 0; i < threads; i++) {
            ResolveThread w = new ResolveThread(this, acks,
                    Propagator.partitioned(variant, codes, atomicState, dontCare, exit, blocks.self, partition));
            resolvers[i] = new Thread(w::run, "krou-resolve-" + i);
            resolvers[i].setDaemon(true);
            resolvers[i].start();
        }
    }

    /** Stops the resolve threads and waits for them; rethrows what one of them failed with. */
    void stopResolve() {
        stopping = true;
        synchronized (wake) {
            wake.notifyAll();
        }
        for (Thread t : resolvers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while stopping the resolve threads", e);
            }
        }
        resolvers = new Thread[0];
        checkFailure();
    }

    /** Throws what a resolve thread failed with, if one did. */
    void checkFailure() {
        Throwable f = failure;
        if (f != null) {
            throw new IllegalStateException("a resolve thread of layer " + seeds + " failed: " + f, f);
        }
    }

    /** Starts threshold {@code t}: its seeds are claimed by the resolve threads. */
    void startLevel(int t) {
        level = t;
        scanned.set(0);
        wakeUp();
    }

    /** The threshold under way. */
    int level() {
        return level;
    }

    /** Queues an update batch from worker {@code from} (after its {@code UPDATES, epoch} header). */
    void received(int from, byte[] batch) {
        received.add(new Received(from, batch));
        wakeUp();
    }

    /** Batches applied so far. */
    long applied() {
        return applied.get();
    }

    /** True once nothing received waits, the seeds of the level are all claimed, and no thread holds work. */
    boolean quiet() {
        return received.isEmpty() && scanned.get() >= localSize && busy.get() == 0;
    }

    private void wakeUp() {
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    /**
     * The exits of the owned positions as the table writer needs them, once settled: the value
     * where it equals the best exit (don't care), else none.
     */
    ExitSource exits() {
        return new ExitSource() {
            @Override
            public long length() {
                return localSize;
            }

            @Override
            public void copyTo(long first, byte[] dst, int off, int len) {
                state.copyTo(first, dst, off, len);
                dontCare.fillClear(first, dst, off, len, StateCodes.NO_EXIT);
            }
        };
    }

    /**
     * Sets the positions left unresolved to 0, marking those whose best exit is 0 as don't-care
     * (after {@link #stopResolve}).
     */
    void finish() {
        codes.settleUnresolved(state, 0, localSize, dontCare::set);
    }

    /** The owners of the layer's positions ({@link #blocks}), and the {@link #out outbox} to the others. */
    private Partition partition() {
        Outbox o = out;
        return new Partition() {
            @Override
            public int owner(long rank) {
                return blocks.owner(rank);
            }

            @Override
            public long local(long rank) {
                return blocks.local(rank);
            }

            @Override
            public long rank(long local) {
                return blocks.global(local);
            }

            @Override
            public void send(int owner, long rank, boolean lower, int t) {
                o.add(owner, rank, lower, t);
            }
        };
    }
}
