package org.krou.cluster;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.krou.generator.Propagator;

/**
 * A resolve thread of a {@link LayerPart}: applies the update batches received, expands the
 * positions its {@link Propagator} holds while the {@link Outbox} keeps up, and otherwise claims
 * the seeds of the level, {@value #SCAN} positions at a time. The propagation itself (seeds,
 * predecessors, transitions, the updates of positions owned elsewhere sent to the outbox) is the
 * single machine's loop.
 */
final class ResolveThread {
    /** Positions whose seeds a scan claims at a time. */
    static final int SCAN = 4096;
    /** Stacked positions expanded between two looks at what was received. */
    private static final int EXPAND = 64;
    /** Batches queued for one destination beyond which the thread stops expanding and only applies. */
    private static final int BACKLOG = 64;

    private final LayerPart part;
    private final AtomicIntegerArray acks;
    private final Propagator propagator;

    /** A thread of {@code part}, counting each batch it applies in {@code acks[sender]}; {@code propagator} its own. */
    ResolveThread(LayerPart part, AtomicIntegerArray acks, Propagator propagator) {
        this.part = part;
        this.acks = acks;
        this.propagator = propagator;
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
                if (propagator.holdsWork()) {
                    if (part.out.backlog() < BACKLOG) {
                        propagator.expand(EXPAND);
                        worked = true;
                    }
                } else {
                    worked |= scan();
                }
                if (!worked) {
                    boolean holding = propagator.holdsWork();
                    if (!holding) {
                        part.busy.decrementAndGet(); // holds nothing now
                        counted = false;
                    }
                    synchronized (part.wake) {
                        if (!part.stopping && part.received.isEmpty() && (holding || part.scanned.get() >= part.localSize)) {
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
        propagator.claimSeeds(t, from, Math.min(part.localSize, from + SCAN));
        return true;
    }

    /** Applies a batch of updates (after its {@code UPDATES} type byte). */
    private void apply(Wire.In in) {
        in.varint(); // the epoch, checked when it was received
        int t = (int) in.varint();
        long rank = 0;
        while (in.more()) {
            long x = in.varint();
            rank += x >>> 1;
            propagator.apply(rank, (x & 1) != 0, t);
        }
    }
}
