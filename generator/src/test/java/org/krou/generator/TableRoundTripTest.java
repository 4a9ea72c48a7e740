package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.krou.index.PositionIndex;
import org.krou.probe.Tablebase;
import org.krou.rules.Variant;
import org.krou.generator.table.WriterOptions;
import org.krou.util.ByteBigArray;

/**
 * Generator to file to probe: every position of layers 0..{@value #MAX} read back through the
 * probing API (don't-care entries resolved by its one-ply search) and through the generator's
 * restart path equals what the generator computed, for both codecs and both variants.
 */
class TableRoundTripTest {
    static final int MAX = 11;

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"abapa,raw", "abapa,context", "awari,raw", "awari,context"})
    void everyPositionReadsBackExactly(String variantId, String codec) throws Exception {
        Variant variant = Variant.parse(variantId);
        WriterOptions options = codec.equals("raw") ? WriterOptions.RAW.withFill(org.krou.generator.table.Fill.CONTEXT) : WriterOptions.DEFAULT;
        TableLayerStore store = new TableLayerStore(dir, variant, 2, options);
        ByteBigArray[] written = new Generator(variant, 2, store, Progress.NONE).run(MAX);
        assertNull(written[MAX - 1], "layer MAX-1 is released before the last layer is solved");
        ByteBigArray[] values = new Generator(variant, 2, null, Progress.NONE).run(MAX);
        for (int n = 0; n <= MAX; n++) {
            for (long r = 0; written[n] != null && r < values[n].length(); r++) {
                assertEquals(values[n].get(r), written[n].get(r), "layer " + n + " rank " + r);
            }
        }
        int[] b = new int[12];
        try (Tablebase tb = Tablebase.open(dir, variant)) {
            assertEquals(MAX, tb.maxSeeds());
            for (int n = 0; n <= MAX; n++) {
                PositionIndex.unrank(n, 0, b);
                for (long r = 0; r < values[n].length(); r++, PositionIndex.next(b)) {
                    if (tb.value(b) != values[n].get(r)) {
                        fail(variantId + "/" + codec + " layer " + n + " rank " + r + ": probe " + tb.value(b)
                                + ", generator " + values[n].get(r));
                    }
                }
            }
        }
        // the restart path: each layer loaded from disk, don't-cares resolved from the layers below
        ByteBigArray[] loaded = new ByteBigArray[MAX + 1];
        for (int n = 0; n <= MAX; n++) {
            loaded[n] = store.load(n, loaded, 2);
            assertNotNull(loaded[n], "layer " + n + " not reusable: " + store.lastRefusal());
            for (long r = 0; r < values[n].length(); r++) {
                if (loaded[n].get(r) != values[n].get(r)) {
                    fail("reloaded layer " + n + " rank " + r + ": " + loaded[n].get(r) + " != " + values[n].get(r));
                }
            }
        }
    }
}
