package org.krou.testing;

import java.lang.management.ManagementFactory;

/**
 * The one measurement of the tests' allocation-free claims, with
 * {@code ThreadMXBean#getCurrentThreadAllocatedBytes}: the work is warmed up (JIT compilation,
 * per-thread scratch, caches), then measured up to {@value #TRIES} times, the measurement's own
 * cost subtracted, and the least count returned. The JVM may, once, allocate a few hundred bytes on
 * the thread during a run (a CI run saw 320 bytes in 4096 probes of code that allocates nothing at
 * any tier, the interpreter included); an allocation in the work itself shows in every run.
 *
 * <pre>{@code
 * assertEquals(0, Allocations.leastBytes(30, () -> tb.probe(board)));
 * }</pre>
 */
public final class Allocations {
    /** Measured runs at most. */
    public static final int TRIES = 5;

    private Allocations() {
    }

    /** Bytes allocated by this thread so far. */
    public static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /**
     * The least bytes one run of {@code work} allocates on this thread, over up to {@link #TRIES}
     * runs (stopping at the first that allocates nothing), after {@code warmups} runs.
     */
    public static long leastBytes(int warmups, Runnable work) {
        for (int i = 0; i < warmups; i++) {
            work.run();
        }
        long least = Long.MAX_VALUE;
        for (int t = 0; t < TRIES && least > 0; t++) {
            long base = allocated();
            long overhead = allocated() - base;
            base = allocated();
            work.run();
            least = Math.min(least, allocated() - base - overhead);
        }
        return least;
    }
}
