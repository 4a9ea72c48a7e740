package org.krou.generator.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The sampling of the counts that choose a fill order, against its formula. */
class TableCodingTest {
    @Test
    void everyBlockIsCountedUntilTwiceTheSmallestSampleThenEveryEighthAtMost() {
        for (long blocks : new long[] {0, 1, 2047, 2048, 4095, 4096, 6143, 6144, 16383, 16384, 16385, 82_688,
            407_448, Integer.MAX_VALUE}) {
            long want = Math.max(1, Math.min(8, blocks / 2048));
            assertEquals(want, TableCoding.sampleStride(blocks), blocks + " blocks");
            // at least 2,048 blocks counted whenever there are that many
            long counted = (blocks + want - 1) / want;
            assertEquals(true, counted >= Math.min(blocks, 2048), blocks + " blocks: " + counted + " counted");
        }
        assertEquals(8, TableCoding.MAX_SAMPLE);
        assertEquals(2048, TableCoding.MIN_SAMPLED);
    }
}
