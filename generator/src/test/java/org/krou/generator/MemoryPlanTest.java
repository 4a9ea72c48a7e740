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
        // what docs/CLI.md says fits with the launcher's heap of 75% of the machine
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

    /** The heap a plan holding {@code held} bytes needs, as {@link MemoryPlan#heapNeeded()} rounds it. */
    private static long heapFor(long held) {
        return (long) Math.ceil(held * 100.0 / MemoryPlan.HEAP_SHARE_PERCENT);
    }

    /** Held at the peak of a whole job 0..max with layers first..max-2 mapped, 0..first-1 in the heap. */
    private static long heldMapping(int max, int first) {
        return MemoryPlan.OVERHEAD + (first == 0 ? 0 : PositionIndex.cumulativeSize(first - 1)) + working(max);
    }

    /**
     * A whole job 0..N in a heap too small for it maps layers m..N-2 (layer N-1 is released
     * before the last layer, N is the working layer), m the largest for which layers 0..m-1 in
     * the heap and the working layer fit: at the boundary of each m, one byte less of heap maps
     * one layer more.
     */
    @Test
    void theLargestLayersAreMappedFirstAndNoMoreThanNeeded() {
        for (int max : new int[] {2, 10, 16, 20, 24, 28, 30}) {
            boolean[] none = new boolean[max + 1];
            MemoryPlan inHeap = MemoryPlan.of(max, false, none, none, false);
            assertFalse(inHeap.mapsAny());
            assertFalse(MemoryPlan.within(inHeap.heapNeeded(), false, max, false, none, none, false).mapsAny());
            for (int m = max - 1; m >= 0; m--) {
                long heap = heapFor(heldMapping(max, m));
                for (long h : new long[] {heap, heap + 1, heap - 1}) {
                    MemoryPlan plan = MemoryPlan.within(h, false, max, false, none, none, false);
                    // the formula: the largest first layer mapped (max - 1: none) that fits
                    int first = -1;
                    for (int f = max - 1; f >= 0 && first < 0; f--) {
                        if (heapFor(heldMapping(max, f)) <= h) {
                            first = f;
                        }
                    }
                    if (h == heap) {
                        assertEquals(m, first, "N = " + max + " at the boundary of " + m);
                    } else if (h < heap) {
                        assertTrue(first < m, "one byte short of the boundary of " + m + ": one layer more mapped");
                    }
                    if (first < 0) {
                        assertFalse(plan.fits(h), "N = " + max + ": not even the working layer fits " + h);
                        first = 0;
                    } else {
                        assertTrue(plan.fits(h), "N = " + max + " in " + h);
                    }
                    long mappedBytes = 0;
                    for (int k = 0; k <= max; k++) {
                        boolean expected = k >= first && k <= max - 2;
                        assertEquals(expected, plan.isMapped(k), "N = " + max + ", heap " + h + ", layer " + k);
                        assertEquals(k <= max - 2 && !expected, plan.kept()[k], "N = " + max + " kept " + k);
                        mappedBytes += expected ? size(k) + WorkFiles.TRAILER : 0;
                    }
                    assertEquals(mappedBytes, plan.mappedBytes());
                    assertEquals(plan.diskBytes() + mappedBytes, plan.diskNeeded());
                    assertEquals(heldMapping(max, first), plan.peakBytes());
                    assertEquals(max, plan.peakLayer());
                }
            }
            // everything mapped: only the working layer and the overhead
            MemoryPlan all = MemoryPlan.within(Long.MAX_VALUE, true, max, false, none, none, false);
            assertEquals(MemoryPlan.OVERHEAD + working(max), all.peakBytes());
            for (int k = 0; k <= max; k++) {
                assertEquals(k <= max - 2, all.isMapped(k), "layer " + k);
            }
        }
    }

    @Test
    void onlyLayersALaterLayerHoldsAreMapped() {
        // 0..19 on disk, 20 to compute: 0..18 are decoded for it, 19 is not read
        boolean[] reuse = new boolean[21];
        Arrays.fill(reuse, 0, 20, true);
        boolean[] wanted = new boolean[21];
        MemoryPlan all = MemoryPlan.within(1L << 40, true, 20, false, reuse, wanted, false);
        for (int k = 0; k <= 20; k++) {
            assertEquals(k <= 18, all.isMapped(k), "layer " + k);
        }
        assertEquals(MemoryPlan.OVERHEAD + working(20), all.peakBytes());
        // nothing to compute: nothing to map
        Arrays.fill(reuse, true);
        assertFalse(MemoryPlan.within(1, true, 20, false, reuse, wanted, false).mapsAny());
        // a layer no later layer holds may not be marked
        boolean[] last = new boolean[21];
        last[19] = true;
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MemoryPlan.of(20, false, new boolean[21], new boolean[21], false, last));
    }

    @Test
    void withMappingOnlyTheWorkingLayerMustFit() {
        for (long heap : new long[] {1L << 28, 6L << 30, 12L << 30, 18L << 30, 48L << 30}) {
            int n = MemoryPlan.largestFittingMapped(heap, false, false);
            assertTrue(n >= MemoryPlan.largestFitting(heap, false, false));
            assertTrue(heapFor(MemoryPlan.OVERHEAD + working(n)) <= heap, "N = " + n + " in " + heap);
            assertTrue(n == PositionIndex.MAX_SEEDS || heapFor(MemoryPlan.OVERHEAD + working(n + 1)) > heap);
        }
        // what docs/CLI.md says fits with the launcher's heap of 75% of the machine
        assertEquals(31, MemoryPlan.largestFittingMapped(6L << 30, false, false));
        assertEquals(33, MemoryPlan.largestFittingMapped(12L << 30, false, false));
        assertEquals(35, MemoryPlan.largestFittingMapped(18L << 30, false, false));
        assertEquals(39, MemoryPlan.largestFittingMapped(48L << 30, false, false));
    }

    @Test
    void thePlanNamesTheLayersInTheHeapAndThoseMapped() {
        boolean[] none = new boolean[23];
        MemoryPlan plan = MemoryPlan.within(heapFor(MemoryPlan.OVERHEAD + PositionIndex.cumulativeSize(16)
                + working(22)), false, 22, false, none, none, false);
        String text = String.join("\n", plan.describe(1L << 30, 1L << 40, java.nio.file.Path.of("d", "abapa", "work")));
        assertTrue(text.contains("in the heap 0..16 ("), text);
        assertTrue(text.contains("memory-mapped 17..20 from working files in d/abapa/work ("), text);
        assertTrue(text.contains("working files " + MemoryPlan.bytes(plan.mappedBytes())), text);
        String inHeap = String.join("\n", MemoryPlan.of(22, false, none, none, false).describe(1L << 40, -1));
        assertTrue(inHeap.contains("in the heap 0..20 (") && inHeap.contains("memory-mapped none"), inHeap);
        assertEquals("0..3, 5, 7..8", MemoryPlan.ranges(new boolean[] {true, true, true, true, false, true, false,
                true, true}));
        assertEquals("none", MemoryPlan.ranges(new boolean[3]));
    }
}
