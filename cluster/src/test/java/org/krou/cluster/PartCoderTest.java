package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.krou.generator.table.WriterOptions;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * A worker's table blocks know their index in the whole table: the sampled counts that choose
 * a fill order keep the blocks whose index is a multiple of the stride, on one machine and
 * across workers alike, so the two write the same tables.
 */
class PartCoderTest {
    @Test
    void theWorkersTableBlocksAreTheTablesBlocksEachOnce() {
        int seeds = 9;
        int tableBlock = 64;
        long tableBlocks = (PositionIndex.size(seeds) + tableBlock - 1) / tableBlock;
        for (int workers : new int[] {1, 2, 3}) {
            boolean[] seen = new boolean[(int) tableBlocks];
            for (int self = 0; self < workers; self++) {
                Blocks blocks = new Blocks(seeds, 1024, workers, self);
                PartCoder coder = new PartCoder(new LayerPart(Variant.ABAPA, blocks, seeds),
                        WriterOptions.DEFAULT.withBlockSize(tableBlock), 1);
                for (long b = 0; b < coder.blocks(); b++) {
                    long g = coder.tableBlock(b);
                    assertTrue(g >= 0 && g < tableBlocks && !seen[(int) g], workers + " workers: block " + g);
                    seen[(int) g] = true;
                    assertEquals(g * tableBlock, blocks.global(b * tableBlock), "its first rank");
                }
            }
            for (int g = 0; g < tableBlocks; g++) {
                assertTrue(seen[g], workers + " workers: table block " + g + " owned by none");
            }
        }
    }
}
