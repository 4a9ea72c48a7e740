package org.krou.generator;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Many threads racing on the same layer (claims against counter updates) give exactly the
 * values of one thread, for every board up to {@value #MAX} seeds.
 */
class ParallelAgreementTest {
    static final int MAX = 15;

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void eightThreadsAgreeWithOne(Variant variant) throws Exception {
        ByteBigArray[] one = new Generator(variant, 1, null, Progress.NONE).run(MAX);
        ByteBigArray[] many = new Generator(variant, 8, null, Progress.NONE).run(MAX);
        for (int n = 0; n <= MAX; n++) {
            long size = PositionIndex.size(n);
            for (long r = 0; r < size; r++) {
                if (one[n].get(r) != many[n].get(r)) {
                    fail(variant.id() + " layer " + n + " rank " + r + ": 1 thread gives " + one[n].get(r)
                            + ", 8 threads give " + many[n].get(r));
                }
            }
        }
    }
}
