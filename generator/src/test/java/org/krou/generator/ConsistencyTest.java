package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/** Every layer up to 14 seeds: sampled values equal the best over their moves. */
class ConsistencyTest {
    static final int MAX = 14;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void sampledValuesEqualTheBestMove(Variant variant) throws Exception {
        ByteBigArray[] values = new Generator(variant, 2, null, Progress.NONE).run(MAX);
        for (int n = 0; n <= MAX; n++) {
            assertNull(Verifier.check(variant, values, n, 20_000, n));
        }
        // the check can fail: corrupt one value and it must be found
        long r = PositionIndex.size(MAX) / 3;
        byte v = values[MAX].get(r);
        values[MAX].set(r, (byte) (v == MAX ? v - 2 : v + 1));
        String problem = Verifier.check(variant, values, MAX, PositionIndex.size(MAX), 1);
        assertNotNull(problem);
        values[MAX].set(r, v);
        assertEquals(PositionIndex.size(MAX), values[MAX].length());
    }
}
