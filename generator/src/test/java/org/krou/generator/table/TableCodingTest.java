package org.krou.generator.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The sampling of the counts that choose a fill order: every block is counted while there are fewer
 * than twice 2,048, then every s-th block with s the whole number of times 2,048 goes into the
 * count, at most every eighth. The strides below are worked out by hand from that rule.
 */
class TableCodingTest {
    @Test
    void everyBlockIsCountedUntilTwiceTheSmallestSampleThenEveryEighthAtMost() {
        long[][] blocksAndStride = {
            {0, 1}, {1, 1}, {2047, 1}, {2048, 1}, {4095, 1},   // fewer than 2 x 2,048: every block
            {4096, 2}, {6143, 2},                              // 2 x 2,048 up to 3 x 2,048 - 1
            {6144, 3}, {8191, 3}, {8192, 4}, {14_335, 6}, {14_336, 7}, {16_383, 7},
            {16_384, 8}, {16_385, 8},                          // 8 x 2,048 and over: every eighth
            {82_688, 8}, {407_448, 8}, {Integer.MAX_VALUE, 8}, {1L << 40, 8},
        };
        for (long[] c : blocksAndStride) {
            long blocks = c[0];
            int stride = TableCoding.sampleStride(blocks);
            assertEquals(c[1], stride, blocks + " blocks");
            // at least 2,048 blocks counted whenever there are that many
            long counted = (blocks + stride - 1) / stride;
            assertTrue(counted >= Math.min(blocks, 2048), blocks + " blocks: " + counted + " counted");
        }
    }
}
