package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.krou.index.PositionIndex;

/** The memory plan against its formula, with and without reused layers. */
class MemoryPlanTest {
    private static long size(int n) {
        return PositionIndex.size(n);
    }

    /** The working layer: a state byte and a don't-care bit per position. */
    private static long working(int n) {
        return (9 * size(n) + 7) / 8;
    }

    @Test
    void aWholeJobPeaksAtItsLargestLayer() {
        for (int max = 0; max <= 40; max++) {
            MemoryPlan plan = MemoryPlan.of(max, false, new boolean[max + 1], new boolean[max + 1], false);
            assertEquals(max, plan.peakLayer());
            // layers 0..max-2: layer max-1 is released before the last layer is solved
            long below = max < 2 ? 0 : PositionIndex.cumulativeSize(max - 2);
            assertEquals(MemoryPlan.OVERHEAD + below + working(max), plan.peakBytes(), "N = " + max);
            MemoryPlan dtc = MemoryPlan.of(max, true, new boolean[max + 1], new boolean[max + 1], false);
            assertEquals(MemoryPlan.OVERHEAD + below + working(max) + (1 + MemoryPlan.FRONTIER_BYTES) * size(max),
                    dtc.peakBytes());
        }
    }

    @Test
    void reusedLayersCountOnlyIfTheJobReadsThem() {
        // 0..19 on disk, 20 to compute: its exits read 0..18, so 19 stays on disk
        boolean[] reuse = new boolean[21];
        Arrays.fill(reuse, 0, 20, true);
        MemoryPlan plan = MemoryPlan.of(20, false, reuse, new boolean[21], false);
        assertEquals(20, plan.peakLayer());
        assertEquals(MemoryPlan.OVERHEAD + PositionIndex.cumulativeSize(18) + working(20), plan.peakBytes());
        assertEquals(0, plan.held()[19]);
        // everything on disk: nothing to hold, nothing to write
        Arrays.fill(reuse, true);
        MemoryPlan none = MemoryPlan.of(20, false, reuse, new boolean[21], false);
        assertEquals(-1, none.peakLayer());
        assertEquals(0, none.peakBytes());
        assertEquals(0, none.diskBytes());
        assertTrue(none.fits(1));
    }

    @Test
    void theLargestFittingJobIsTheBoundary() {
        for (long heap : new long[] {1L << 28, 6L << 30, 18L << 30, 48L << 30}) {
            int n = MemoryPlan.largestFitting(heap, false, false);
            MemoryPlan fits = MemoryPlan.of(n, false, new boolean[n + 1], new boolean[n + 1], false);
            MemoryPlan next = MemoryPlan.of(n + 1, false, new boolean[n + 2], new boolean[n + 2], false);
            assertTrue(fits.fits(heap));
            assertFalse(next.fits(heap), "N = " + (n + 1) + " in " + heap);
            assertTrue(fits.fits(fits.heapNeeded()));
            assertFalse(fits.fits(fits.heapNeeded() - 1));
            assertTrue(fits.peakBytes() <= fits.heapNeeded() * MemoryPlan.HEAP_SHARE_PERCENT / 100 + 1);
        }
        // what README.md says fits with the launcher's heap of 75% of the machine
        assertEquals(28, MemoryPlan.largestFitting(6L << 30, false, false));
        assertEquals(30, MemoryPlan.largestFitting(12L << 30, false, false));
        assertEquals(31, MemoryPlan.largestFitting(18L << 30, false, false));
        assertEquals(34, MemoryPlan.largestFitting(48L << 30, false, false));
    }

    @Test
    void distanceTablesStopAtTheirLimitBeforeAnyWork() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new Generator(org.krou.rules.Variant.ABAPA, 1, null, Progress.NONE, true)
                        .run(Generator.MAX_DTC_SEEDS + 1));
        assertTrue(e.getMessage().contains("--max-seeds " + Generator.MAX_DTC_SEEDS), e.getMessage());
        assertEquals(Generator.MAX_DTC_SEEDS, MemoryPlan.largestFitting(1L << 50, true, false));
        assertTrue(PositionIndex.size(Generator.MAX_DTC_SEEDS) <= DistancePhase.MAX_FRONTIER);
        assertTrue(PositionIndex.size(Generator.MAX_DTC_SEEDS + 1) > DistancePhase.MAX_FRONTIER);
    }

    @Test
    void theDiskEstimateFollowsTheCodec() {
        MemoryPlan coded = MemoryPlan.of(20, false, new boolean[21], new boolean[21], false);
        MemoryPlan raw = MemoryPlan.of(20, false, new boolean[21], new boolean[21], true);
        long positions = PositionIndex.cumulativeSize(20);
        assertEquals((long) (positions * MemoryPlan.CONTEXT_BITS / 8), coded.diskBytes(), 1.0);
        assertEquals((long) (positions * MemoryPlan.RAW_BITS / 8), raw.diskBytes(), 1.0);
    }
}
