package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/** Every layer up to 14 seeds: sampled values equal the best over their moves. */
class ConsistencyTest {
    static final int MAX = 14;

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void sampledValuesEqualTheBestMove(Variant variant) throws Exception {
        ByteBigArray[] values = new Generator(variant, 2, null, Progress.NONE).run(MAX);
        for (int n = 0; n <= MAX; n++) {
            assertNull(Verifier.check(variant, values, n, 20_000, n));
        }
        // the check can fail: corrupt one value of each kind (a finished game, a position with
        // moves) and each must be found, at its rank; restored, the layer passes again
        int[] b = new int[12];
        long terminal = -1;
        long moving = -1;
        for (long r = PositionIndex.size(MAX) / 3; terminal < 0 || moving < 0; r++) {
            PositionIndex.unrank(MAX, r, b);
            boolean over = Rules.generate(b, variant, new int[72], new int[6], new int[12]) == 0;
            if (over && terminal < 0) {
                terminal = r;
            } else if (!over && moving < 0) {
                moving = r;
            }
        }
        for (long r : new long[] {terminal, moving}) {
            byte v = values[MAX].get(r);
            values[MAX].set(r, (byte) (v == MAX ? v - 2 : v + 1));
            String problem = Verifier.check(variant, values, MAX, PositionIndex.size(MAX), 1);
            assertNotNull(problem, "a wrong value at rank " + r + " was not found");
            assertTrue(problem.contains("rank " + r + " "), problem);
            values[MAX].set(r, v);
            assertNull(Verifier.check(variant, values, MAX, PositionIndex.size(MAX), 1));
        }
    }
}
