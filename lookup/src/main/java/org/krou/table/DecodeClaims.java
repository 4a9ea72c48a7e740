package org.krou.table;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The decodes in progress of a {@link BlockCache}'s blocks, so that threads that miss the same
 * block at the same moment decode it once: the first claims the block ({@link #begin}), the
 * others wait until it has put the block into the cache and then read it there. Only if another
 * block's decode holds the same one of the {@value #FLIGHTS} claim slots at that moment, or the
 * block does not stay in the cache, does a second thread decode it too. A waiting thread records how far into each part of the block it
 * wants ({@link #wanted}), so that the decoding thread decodes that far. Safe for any number of
 * threads; allocates nothing.
 */
final class DecodeClaims {
    /** Claim slots for decodes in progress. */
    static final int FLIGHTS = 256;
    /** {@link #begin} result: another thread decoded the block meanwhile; look again. */
    static final int WAITED = -1;
    /** {@link #begin} result: decode without a claim (the claim slot is busy with another block). */
    static final int UNCLAIMED = -2;
    /** No block: cache keys are never negative. */
    private static final long EMPTY = -1;

    private final AtomicLongArray flights = new AtomicLongArray(FLIGHTS);
    /**
     * Per claim slot and part, the furthest position a thread waiting for the claimed decode
     * wants (-1: none), so that the decoding thread decodes that far too.
     */
    private final AtomicIntegerArray wanted = new AtomicIntegerArray(FLIGHTS * BlockCache.PARTS);
    private final AtomicLong decodes = new AtomicLong();
    private final AtomicLong waits = new AtomicLong();

    DecodeClaims() {
        for (int i = 0; i < FLIGHTS; i++) {
            flights.set(i, EMPTY);
        }
        for (int i = 0; i < FLIGHTS * BlockCache.PARTS; i++) {
            wanted.set(i, -1);
        }
    }

    /** Blocks decoded because they were not cached (statistics). */
    long decodes() {
        return decodes.get();
    }

    /** Times a thread waited for another thread's decode of the same block instead of decoding it (statistics). */
    long waits() {
        return waits.get();
    }

    /**
     * Claims the decode of block {@code key}. Returns a ticket {@code >= 0} when the caller is to
     * decode it, put it, and then call {@link #end} (in a finally); {@link #WAITED} when another
     * thread was decoding it and has finished, so that the caller should look in the cache
     * again; {@link #UNCLAIMED} when the caller should decode without a claim.
     */
    int begin(long key) {
        return begin(key, 0, -1);
    }

    /**
     * As {@link #begin(long)}, for a caller that wants position {@code pos} of part {@code part}
     * of the block: a caller that waits first records it, so that the decoding thread decodes
     * that far ({@link #wanted(int, int)}).
     */
    int begin(long key, int part, int pos) {
        int i = (int) (BlockCache.mix(key) >>> 56) & (FLIGHTS - 1);
        while (true) {
            long cur = flights.get(i);
            if (cur == EMPTY) {
                if (flights.compareAndSet(i, EMPTY, key)) {
                    return i;
                }
                continue;
            }
            if (cur != key) {
                return UNCLAIMED;
            }
            if (pos >= 0) {
                wanted.accumulateAndGet(i * BlockCache.PARTS + part, pos, Math::max);
            }
            waits.incrementAndGet();
            for (int spins = 0; flights.get(i) == key; spins++) {
                if (spins < 1024) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
            return WAITED;
        }
    }

    /**
     * The furthest position of part {@code part} that a thread waiting for the decode of claim
     * {@code ticket} wants, or -1. (A thread that began waiting just as an earlier claim of the
     * same slot ended may have left its position behind: the decoding thread must bound it.)
     */
    int wanted(int ticket, int part) {
        return wanted.get(ticket * BlockCache.PARTS + part);
    }

    /** Releases a claim of {@link #begin}; counts the decode. */
    void end(int ticket) {
        decodes.incrementAndGet();
        if (ticket >= 0) {
            for (int q = 0; q < BlockCache.PARTS; q++) {
                wanted.set(ticket * BlockCache.PARTS + q, -1);
            }
            flights.set(ticket, EMPTY);
        }
    }
}
