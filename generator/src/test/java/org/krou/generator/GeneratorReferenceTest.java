package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.krou.generator.reference.ReferenceSolver;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The fast generator against the independent, naive reference solver: every board with up to
 * {@value #MAX} seeds, position by position, and the per-layer counts that {@code krou stats}
 * prints, under every rule set of {@link RuleSets} (every preset and every option on its own).
 * The reference is handed the rule set as its canonical string, which it parses itself.
 */
class GeneratorReferenceTest {
    static final int MAX = 10;

    @ParameterizedTest
    @MethodSource("org.krou.generator.RuleSets#all")
    void everyBoardMatchesTheReferenceSolver(Variant variant) throws Exception {
        ByteBigArray[] fast = new Generator(variant, 2, null, Progress.NONE).run(MAX);
        ReferenceSolver slow = new ReferenceSolver(variant.canonical(), MAX);
        int[] b = new int[12];
        long compared = 0;
        for (int n = 0; n <= MAX; n++) {
            PositionIndex.unrank(n, 0, b);
            long size = PositionIndex.size(n);
            for (long r = 0; r < size; r++) {
                int expected = slow.value(b);
                int actual = fast[n].get(r);
                if (expected != actual) {
                    fail(variant.id() + " board " + java.util.Arrays.toString(b) + " (layer " + n + ", rank " + r
                            + "): generator says " + actual + ", reference solver says " + expected);
                }
                compared++;
                PositionIndex.next(b);
            }
            LayerStats stats = LayerStats.of(n, fast[n], 2);
            for (int v = -n; v <= n; v++) {
                long ref = slow.counts(n).getOrDefault(v, 0L);
                assertEquals(ref, stats.count(v), variant.id() + " layer " + n + " count of value " + v);
            }
        }
        assertEquals(PositionIndex.cumulativeSize(MAX), compared);
    }
}
