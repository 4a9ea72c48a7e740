package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.generator.reference.ReferenceSolver;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The fast generator against the independent, naive reference solver: every board with up to
 * {@value #MAX} seeds, both variants, position by position.
 */
class GeneratorReferenceTest {
    static final int MAX = 10;

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void everyBoardMatchesTheReferenceSolver(Variant variant) throws Exception {
        ByteBigArray[] fast = new Generator(variant, 2, null, Progress.NONE).run(MAX);
        ReferenceSolver slow = new ReferenceSolver(variant == Variant.ABAPA, MAX);
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
                assertEquals(ref, stats.count(v), "layer " + n + " count of value " + v);
            }
        }
        assertEquals(PositionIndex.cumulativeSize(MAX), compared);
    }
}
