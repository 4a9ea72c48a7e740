package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.krou.index.PositionIndex;
import org.krou.probe.Tablebase;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Every rule option and preset ({@link RuleSets#OPTIONS}): every position up to {@value #ALL}
 * seeds, and samples up to {@value #MAX}, equal the best over their moves
 * ({@link Verifier}); and the tables written for the rule set, in their own directory, read back
 * the same values through the probing API, don't-care entries resolved under the same rules,
 * with distance tables that {@link DistanceVerifier} finds sound.
 */
class OptionsConsistencyTest {
    static final int ALL = 10;
    static final int MAX = 12;

    @TempDir
    Path dir;

    @ParameterizedTest
    @MethodSource("org.krou.generator.RuleSets#options")
    void valuesEqualTheBestMoveAndTheTablesReadThemBack(Variant variant) throws Exception {
        ByteBigArray[] values = new Generator(variant, 2, null, Progress.NONE).run(MAX);
        for (int n = 0; n <= MAX; n++) {
            assertNull(Verifier.check(variant, values, n, n <= ALL ? Long.MAX_VALUE : 20_000, n), variant.id());
        }
        int written = 9;
        new Generator(variant, 2, new TableLayerStore(dir, variant, 2), Progress.NONE, true).run(written);
        assertEquals(true, Files.isRegularFile(dir.resolve(variant.id()).resolve("values-09.krou")),
                "tables of " + variant.id() + " in their own directory");
        int[] b = new int[12];
        try (Tablebase tb = Tablebase.open(dir, variant)) {
            for (int n = 0; n <= written; n++) {
                PositionIndex.unrank(n, 0, b);
                for (long r = 0; r < PositionIndex.size(n); r++, PositionIndex.next(b)) {
                    assertEquals(values[n].get(r), tb.value(b), variant.id() + " layer " + n + " rank " + r);
                }
            }
        }
        assertEquals(java.util.List.of(), DistanceVerifier.verify(dir, variant, 5_000, 1, line -> { }),
                variant.id() + ": distances to conversion");
    }
}
