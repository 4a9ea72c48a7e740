package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The parts of a block of format 5, its four streams, as docs/FORMAT.md gives them ("Streams"):
 * halves {@code [0, H)} and {@code [H, m)} with {@code H = ceil(m/2)}, each split at the ceiling
 * of its half; they cover the block in order, and each position is in the part that holds it.
 */
class BlockPartsTest {
    @Test
    void partsCoverTheBlockInOrder() {
        for (int m = 1; m <= 3000; m++) {
            assertEquals(0, ContextModel.partStart(0, m));
            assertEquals(m, ContextModel.partStart(4, m));
            int h = (m + 1) / 2;
            assertEquals((h + 1) / 2, ContextModel.partStart(1, m), "m " + m);
            assertEquals(h, ContextModel.partStart(2, m), "m " + m);
            assertEquals(h + (m - h + 1) / 2, ContextModel.partStart(3, m), "m " + m);
            for (int at = 0; at < m; at++) {
                int q = ContextModel.partOf(at, m);
                boolean inside = ContextModel.partStart(q, m) <= at && at < ContextModel.partStart(q + 1, m);
                assertEquals(true, inside, "position " + at + " of " + m + " in part " + q);
                assertEquals(ContextModel.partStart(q, m) << 2 | q, ContextModel.partAt(at, m), "position " + at
                        + " of " + m);
            }
        }
    }

    /** The example of docs/FORMAT.md: a block of 1,536 positions has streams of 384. */
    @Test
    void aBlockOf1536HasStreamsOf384() {
        for (int q = 0; q <= 4; q++) {
            assertEquals(384 * q, ContextModel.partStart(q, 1536), "part " + q);
        }
    }
}
