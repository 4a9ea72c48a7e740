package org.krou.cluster;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.krou.generator.Predecessors;
import org.krou.generator.StateCodes;
import org.krou.index.PositionIndex;

/**
 * A resolve thread of a {@link LayerPart}: claims seeds of the level, applies the update batches
 * received, and expands resolved positions from its own stack, updating the positions owned here
 * and sending the others' updates to the part's {@link Outbox}.
 */
final class PartWalker {
    /** Positions whose seeds a scan claims at a time. */
    static final int SCAN = 4096;
    /** Stacked positions expanded between two looks at what was received. */
    private static final int EXPAND = 64;
    /** Stacked positions expanded together, so that the cache misses of their predecessors overlap. */
    private static final int BATCH = 16;
    /** Batches queued for one destination beyond which the thread stops expanding and only applies. */
    private static final int BACKLOG = 64;

    private final LayerPart part;
    private final AtomicIntegerArray acks;
    private final Predecessors pred;
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

    PartWalker(LayerPart part, AtomicIntegerArray acks) {
        this.part = part;
        this.acks = acks;
        this.pred = new Predecessors(part.variant);
    }

    void run() {
        boolean counted = false;
        try {
            while (!part.stopping) {
                if (!counted) {
                    part.busy.incrementAndGet(); // before taking work: see quiet()
                    counted = true;
                }
                boolean worked = false;
                LayerPart.Received r;
                while (!part.stopping && (r = part.received.poll()) != null) {
                    apply(new Wire.In(r.batch()).skipType());
                    acks.incrementAndGet(r.from());
                    part.applied.incrementAndGet();
                    worked = true;
                }
                if (top > 0) {
                    if (part.out.backlog() < BACKLOG) {
                        expand(EXPAND);
                        worked = true;
                    }
                } else {
                    worked |= scan();
                }
                if (!worked) {
                    if (top == 0) {
                        part.busy.decrementAndGet(); // holds nothing now
                        counted = false;
                    }
                    synchronized (part.wake) {
                        if (!part.stopping && part.received.isEmpty() && (top > 0 || part.scanned.get() >= part.localSize)) {
                            part.wake.wait(1);
                        }
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            part.failure = e;
        } finally {
            if (counted) {
                part.busy.decrementAndGet();
            }
        }
    }

    /** Claims the seeds of the level among the next positions; false if none are left to claim. */
    private boolean scan() {
        long from = part.scanned.getAndAdd(SCAN);
        if (from >= part.localSize) {
            return false;
        }
        // read after the claim: startLevel publishes the level before it resets the scan, so
        // a chunk of a level is always scanned for that level's seeds, never the one before
        int t = part.level;
        long end = Math.min(part.localSize, from + SCAN);
        byte win = StateCodes.pos(t);
        byte lose = StateCodes.zero(-t);
        for (long l = from; l < end; l++) {
            byte s = part.state.get(l);
            while ((s == win || s == lose) && !part.atomicState.compareAndSet(l, s, (byte) (s == win ? t : -t))) {
                s = part.state.get(l);
            }
            if (s == win || s == lose) {
                part.setDontCare(l);
                push(part.blocks.global(l));
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
                byte v = part.state.get(part.blocks.local(p));
                boolean won = v > 0;
                PositionIndex.unrank(part.seeds, p, board);
                int k = pred.generate(board, ranks, packed, m);
                Arrays.fill(wonBy, m, m + k, won);
                Arrays.fill(levels, m, m + k, won ? v : -v);
                m += k;
            }
            for (int j = 0; j < m; j++) {
                int owner = part.blocks.owner(ranks[j]);
                owners[j] = owner;
                if (owner == part.blocks.self) {
                    seen[j] = part.state.get(part.blocks.local(ranks[j]));
                }
            }
            for (int j = 0; j < m; j++) {
                if (owners[j] != part.blocks.self) {
                    part.out.add(owners[j], ranks[j], wonBy[j], levels[j]);
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
        long l = part.blocks.local(q);
        int exit = StateCodes.UNKNOWN;
        while (true) {
            byte s = part.state.get(l);
            int x = lower ? part.codes.lowerCounter(s, t, exit, q) : StateCodes.claimWin(s, t);
            if (x == StateCodes.NEED_EXIT) {
                exit = part.exit.get(l);
                continue;
            }
            if (x == StateCodes.UNCHANGED) {
                return;
            }
            if (part.atomicState.compareAndSet(l, s, (byte) x)) {
                if ((x & StateCodes.EXACT) != 0) {
                    part.setDontCare(l);
                }
                if ((x & StateCodes.RESOLVED) != 0) {
                    push(q);
                }
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
