package org.krou.cluster;

import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.krou.generator.Predecessors;
import org.krou.generator.StateCodes;
import org.krou.generator.table.ExitSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * One worker's share of the layer being solved: the state byte ({@link StateCodes}), the best
 * exit and the don't-care bit of each owned position (the exits found with the captured
 * children looked up across the cluster, {@link #exits}; kept whole, so that the propagation
 * never reads a finished layer), and the single-machine propagation of
 * {@code ResolvePhase} run on them by {@code threads} resolve threads ({@link #startResolve}).
 * Updates of positions owned elsewhere go to the {@link Outbox}; update batches received are
 * {@link #received queued} and applied by the resolve threads as if found locally. Each
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
    private static final int SCAN = 4096;
    private static final int EXPAND = 64;
    /** Stacked positions expanded together, so that the cache misses of their predecessors overlap. */
    private static final int BATCH = 16;
    private static final int BACKLOG = 64;

    final int seeds;
    final Blocks blocks;
    final ByteBigArray state;
    /** Don't-care bits, eight local positions a byte. */
    final ByteBigArray dontCare;
    /** The best exit of each owned position, kept for the exits {@link StateCodes} leaves out. */
    private final ByteBigArray exit;
    final Variant variant;
    private final StateCodes codes;
    private final long localSize;
    private volatile int level;
    /**
     * The next position whose claims a scan takes, {@link #SCAN} at a time; far past the end
     * (without reaching overflow, however often idle threads ask) until the first level starts.
     */
    private final AtomicLong scanned = new AtomicLong(Long.MAX_VALUE / 2);
    private final AtomicInteger busy = new AtomicInteger();
    private final AtomicLong applied = new AtomicLong();
    /** Received update batches, with the index of their sender. */
    private final ConcurrentLinkedQueue<Received> received = new ConcurrentLinkedQueue<>();
    private final Object wake = new Object();
    private Outbox out;
    private Thread[] resolvers = new Thread[0];
    private volatile boolean stopping;
    private volatile Throwable failure;

    private record Received(int from, byte[] batch) {
    }

    LayerPart(Variant variant, Blocks blocks, int seeds) {
        this.variant = variant;
        this.blocks = blocks;
        this.seeds = seeds;
        this.codes = new StateCodes(seeds);
        this.localSize = blocks.localSize();
        this.state = new ByteBigArray(localSize);
        this.exit = new ByteBigArray(localSize);
        this.dontCare = new ByteBigArray((localSize + 7) >>> 3);
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
        for (int i = 0; i < threads; i++) {
            Walker w = new Walker(acks);
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

    /** A resolve thread: its own stack and scratch boards. */
    private final class Walker {
        private final AtomicIntegerArray acks;
        private final Predecessors pred = new Predecessors(variant);
        private final int[] board = new int[12];
        /** The predecessors of a batch: rank, (unused) packed board, owner, child won, threshold, state read. */
        private final long[] ranks = new long[BATCH * Predecessors.MAX];
        private final long[] packed = new long[BATCH * Predecessors.MAX];
        private final int[] owners = new int[BATCH * Predecessors.MAX];
        private final boolean[] wonBy = new boolean[BATCH * Predecessors.MAX];
        private final int[] levels = new int[BATCH * Predecessors.MAX];
        private final byte[] seen = new byte[BATCH * Predecessors.MAX];
        private long[] stack = new long[1 << 10];
        private int top;

        Walker(AtomicIntegerArray acks) {
            this.acks = acks;
        }

        void run() {
            boolean counted = false;
            try {
                while (!stopping) {
                    if (!counted) {
                        busy.incrementAndGet(); // before taking work: see quiet()
                        counted = true;
                    }
                    boolean worked = false;
                    Received r;
                    while (!stopping && (r = received.poll()) != null) {
                        apply(new Wire.In(r.batch).skipType());
                        acks.incrementAndGet(r.from);
                        applied.incrementAndGet();
                        worked = true;
                    }
                    if (top > 0) {
                        if (out.backlog() < BACKLOG) {
                            expand(EXPAND);
                            worked = true;
                        }
                    } else {
                        worked |= scan();
                    }
                    if (!worked) {
                        if (top == 0) {
                            busy.decrementAndGet(); // holds nothing now
                            counted = false;
                        }
                        synchronized (wake) {
                            if (!stopping && received.isEmpty() && (top > 0 || scanned.get() >= localSize)) {
                                wake.wait(1);
                            }
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                if (counted) {
                    busy.decrementAndGet();
                }
            }
        }

        /** Claims the seeds of the level among the next positions; false if none are left to claim. */
        private boolean scan() {
            long from = scanned.getAndAdd(SCAN);
            if (from >= localSize) {
                return false;
            }
            // read after the claim: startLevel publishes the level before it resets the scan, so
            // a chunk of a level is always scanned for that level's seeds, never the one before
            int t = level;
            long end = Math.min(localSize, from + SCAN);
            byte win = StateCodes.pos(t);
            byte lose = StateCodes.zero(-t);
            for (long l = from; l < end; l++) {
                byte s = state.get(l);
                while ((s == win || s == lose) && !state.compareAndSet(l, s, (byte) (s == win ? t : -t))) {
                    s = state.get(l);
                }
                if (s == win || s == lose) {
                    setDontCare(l);
                    push(blocks.global(l));
                }
            }
            return true;
        }

        /**
         * Expands up to {@code max} resolved positions of the stack, {@code BATCH} at a time as on
         * one machine: the predecessors of the whole batch are generated first, the states of
         * those owned here then read with plain loads (their cache misses overlap), and only then
         * updated (the compare-and-sets hit the cache) or sent to their owners. Updates commute:
         * the order does not change the result.
         */
        private void expand(int max) {
            int expanded = 0;
            while (expanded < max && top > 0) {
                int m = 0;
                for (int popped = 0; popped < BATCH && expanded < max && top > 0; popped++, expanded++) {
                    long p = stack[--top];
                    byte v = state.get(blocks.local(p));
                    boolean won = v > 0;
                    PositionIndex.unrank(seeds, p, board);
                    int k = pred.generate(board, ranks, packed, m);
                    Arrays.fill(wonBy, m, m + k, won);
                    Arrays.fill(levels, m, m + k, won ? v : -v);
                    m += k;
                }
                for (int j = 0; j < m; j++) {
                    int owner = blocks.owner(ranks[j]);
                    owners[j] = owner;
                    if (owner == blocks.self) {
                        seen[j] = state.get(blocks.local(ranks[j]));
                    }
                }
                for (int j = 0; j < m; j++) {
                    if (owners[j] != blocks.self) {
                        out.add(owners[j], ranks[j], wonBy[j], levels[j]);
                    } else if (StateCodes.unresolved(seen[j])) { // resolved positions never change again
                        update(ranks[j], wonBy[j], levels[j]);
                    }
                }
            }
        }

        /** Applies a batch of updates (after its {@code UPDATES} type byte). */
        private void apply(Wire.In in) {
            in.varint(); // the epoch, checked when it was received
            int t = (int) in.varint();
            long rank = 0;
            while (in.more()) {
                long x = in.varint();
                rank += x >>> 1;
                update(rank, (x & 1) != 0, t);
            }
        }

        /**
         * An owned predecessor {@code q} has a child worth {@code +t} ({@code lower}: one counted
         * move less) or {@code -t} (it wins, {@code +t}, unless resolved). Each change is a
         * compare-and-set, tried again on the state another thread left.
         */
        private void update(long q, boolean lower, int t) {
            long l = blocks.local(q);
            while (true) {
                byte s = state.get(l);
                if (!StateCodes.unresolved(s)) {
                    return; // resolved positions never change again
                }
                if (!lower) {
                    if (state.compareAndSet(l, s, (byte) t)) {
                        if (s == StateCodes.pos(t)) {
                            setDontCare(l); // its best exit is +t too
                        }
                        push(q);
                        return;
                    }
                    continue;
                }
                int c = codes.counter(s);
                if (c < 0) {
                    return; // a positive exit: never negative, its counter is not kept
                }
                if (c == 0) {
                    throw new IllegalStateException("counter underflow at position " + q + " of layer " + seeds
                            + ": predecessor and move counts disagree");
                }
                if (c > 1) {
                    if (state.compareAndSet(l, s, codes.lowered(s))) {
                        return;
                    }
                    continue;
                }
                int e = codes.exit(s);
                if (e == StateCodes.UNKNOWN) {
                    e = exit.get(l);
                }
                if (e <= -t) {
                    if (state.compareAndSet(l, s, (byte) -t)) {
                        if (e == -t) {
                            setDontCare(l);
                        }
                        push(q);
                        return;
                    }
                } else if (state.compareAndSet(l, s, StateCodes.zero(e))) {
                    return;
                }
            }
        }

        private void push(long rank) {
            if (top == stack.length) {
                stack = Arrays.copyOf(stack, stack.length * 2);
            }
            stack[top++] = rank;
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
                for (int i = 0; i < len; i++) {
                    if (!dontCare(first + i)) {
                        dst[off + i] = StateCodes.NO_EXIT;
                    }
                }
            }
        };
    }

    /**
     * Sets the positions left unresolved to 0, marking those whose best exit is 0 as don't-care
     * (after {@link #stopResolve}).
     */
    void finish() {
        for (long l = 0; l < localSize; l++) {
            byte s = state.get(l);
            if (StateCodes.unresolved(s)) {
                if (codes.exit(s) == 0) {
                    setDontCare(l);
                }
                state.set(l, (byte) 0);
            }
        }
    }

    /** True if local position {@code l} is worth its best exit. */
    boolean dontCare(long l) {
        return (dontCare.get(l >>> 3) & 1 << (l & 7)) != 0;
    }

    private void setDontCare(long l) {
        long i = l >>> 3;
        byte b;
        do {
            b = dontCare.get(i);
        } while (!dontCare.compareAndSet(i, b, (byte) (b | 1 << (l & 7))));
    }
}
