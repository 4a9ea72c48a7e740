package org.krou.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.krou.index.PositionIndex;
import org.krou.rules.Side;
import org.krou.rules.Variant;
import org.krou.testing.Allocations;

/**
 * The allocation-free claims, measured by {@link Allocations}: after a warm-up (JIT compilation,
 * the per-thread scratch, every block cached), probes, root moves and the outcome allocate nothing.
 */
class AllocationFreeTest {
    static final int BOARDS = 4096;
    static final int WARMUP_ROUNDS = 30;

    /** Random boards of 0..MAX seeds, 12 ints each. */
    static int[][] boards(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[][] out = new int[BOARDS][12];
        for (int[] b : out) {
            int n = r.nextInt(TestTables.MAX + 1);
            PositionIndex.unrank(n, r.nextLong(PositionIndex.size(n)), b);
        }
        return out;
    }

    @Test
    void probeRootMovesAndOutcomeAllocateNothing() {
        int[][] boards = boards(11);
        int[] values = new int[6];
        int[] distances = new int[6];
        long[] sink = new long[1];
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA)) {
            long probe = Allocations.leastBytes(WARMUP_ROUNDS, () -> {
                for (int[] b : boards) {
                    sink[0] += tb.probe(b);
                }
            });
            long root = Allocations.leastBytes(WARMUP_ROUNDS, () -> {
                for (int[] b : boards) {
                    sink[0] += tb.rootMoves(b, values, distances) + values[0] + distances[0];
                }
            });
            long outcome = Allocations.leastBytes(WARMUP_ROUNDS, () -> {
                for (int[] b : boards) {
                    sink[0] += FinalResult.outcome(b, Side.NORTH, 10, 12, 3).ordinal()
                            + FinalResult.southHalves(9, Side.SOUTH, 3, -2);
                }
            });
            long sentinel = Allocations.leastBytes(WARMUP_ROUNDS, () -> {
                for (int[] b : boards) {
                    b[0] += 49; // invalid: the sentinel, no exception
                    sink[0] += tb.probe(b);
                    b[0] -= 49;
                }
            });
            assertEquals(0, probe, "bytes allocated by " + BOARDS + " probes");
            assertEquals(0, root, "bytes allocated by " + BOARDS + " root-move rankings");
            assertEquals(0, outcome, "bytes allocated by " + BOARDS + " outcomes");
            assertEquals(0, sentinel, "bytes allocated by " + BOARDS + " probes of invalid boards");
            assertTrue(sink[0] != 0);
        }
    }
}
