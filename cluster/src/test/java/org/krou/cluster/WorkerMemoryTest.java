package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A worker's plan of a layer, against figures worked out by hand from the rules of the
 * partition: layer {@code n} has C(n+11, 11) positions, cut into rank blocks, block {@code b}
 * owned by worker {@code b mod W}.
 */
class WorkerMemoryTest {
    private static final long MIB = 1 << 20;

    /**
     * Layer 3 (364 positions), blocks of 16, worker 1 of 3: blocks 0..22, the last of 12
     * positions; worker 1 owns blocks 1, 4, ..., 22 (8 blocks): 7 x 16 + 12 = 124 positions.
     * Working layer: 2 x 124 + 124/8 rounded up = 248 + 16 = 264 bytes. Slices of layers 0..2:
     * layers 0 (1 position) and 1 (12) lie in block 0, worker 0's; layer 2 (78 positions, blocks
     * 0..4, the last of 14) gives worker 1 blocks 1 (16) and 4 (14): 30 bytes. Buffers, batches
     * of 4 updates, 2 in flight, chunks of 256 bytes, 1 thread: open batches 3 x 4 x 8 = 96, batches
     * of at most 6 x 4 + 16 = 40 bytes, 2 x (2 + 2 + 64) = 136 of them to and from the 2 others =
     * 5,440, chunks (8 + 5) x 256 = 3,328, and 1 MiB a thread: 1,057,440. With the 128 MiB
     * overhead: 264 + 30 + 1,057,440 + 134,217,728 = 135,275,462 bytes, and the heap needed is
     * that / 0.85 = 159,147,602.35, rounded up.
     */
    @Test
    void theShareOfAWorkerInTheHeap() {
        WorkerMemory m = WorkerMemory.of(3, 16, 3, 1, false, 1, 4, 2, 256);
        assertEquals(264, m.working(), "working layer");
        assertEquals(30, m.slices(), "slices of layers 0..2");
        assertEquals(1_057_440, m.buffers(), "buffers");
        assertEquals(135_275_462, m.total());
        assertEquals(159_147_603, m.heapNeeded());
        assertTrue(m.fits(159_147_603));
        assertFalse(m.fits(159_147_602));
    }

    /** With --local the slices are memory-mapped: none in the heap; the rest is the same. */
    @Test
    void mappedSlicesTakeNoHeap() {
        WorkerMemory m = WorkerMemory.of(3, 16, 3, 1, true, 1, 4, 2, 256);
        assertEquals(264, m.working());
        assertEquals(0, m.slices());
        assertEquals(135_275_432, m.total());
    }

    /**
     * Layer 22 (193,536,720 positions) on 3 workers with the cluster's defaults (blocks of
     * 98,304, batches of 4,096, 8 in flight, chunks of 1 MiB), 1 thread: 1,969 blocks, the last
     * of 193,536,720 - 1,968 x 98,304 = 74,448; worker 0 owns blocks 0, 3, ..., 1,968 (657),
     * 656 x 98,304 + 74,448 = 64,561,872 positions: a working layer of 2 x 64,561,872 +
     * 8,070,234 = 137,193,978 bytes (130.8 MiB). Its slices of layers 0..21: of each layer's
     * ceil(size / 98,304) blocks it owns every third from block 0, the last one short if it is
     * its own; layers 0..7 (50,388 positions) lie wholly in block 0. Worked out layer by layer
     * (a few lines of Python, outside the code): 118,889,462 bytes, a third of the 354,817,320
     * positions and 617,022 more. Heap needed: (137,193,978 + 118,889,462 + 18,713,088 +
     * 134,217,728) / 0.85 = 458.9 MiB.
     */
    @Test
    void layer22OnThreeWorkers() {
        WorkerMemory m = WorkerMemory.of(22, 3 << 15, 3, 0, false, 1, 4096, 8, 1 << 20);
        assertEquals(137_193_978, m.working());
        assertEquals(118_889_462, m.slices());
        // open 3 x 4,096 x 8 = 98,304; 2 x (8 + 8 + 64) batches of 24,592 = 3,934,720; 13 chunks of 1 MiB; 1 MiB
        assertEquals(98_304 + 3_934_720 + 14 * MIB, m.buffers());
        assertEquals("layer 22: working layer 131 MiB, slices 113 MiB in the heap, buffers 18 MiB, overhead 128 MiB, "
                + "heap needed 459 MiB of 500 MiB", m.describe(500 * MIB));
    }

    /** The reason names the figures and what to do; the limit is --memory or the JVM's heap, the smaller. */
    @Test
    void theReasonSaysWhatToDo() {
        WorkerMemory m = WorkerMemory.of(22, 3 << 15, 3, 0, false, 1, 4096, 8, 1 << 20);
        assertEquals("it needs about 459 MiB of heap for layer 22 (working layer 131 MiB, slices 113 MiB in the heap, "
                + "buffers 18 MiB, overhead 128 MiB; data at most 85% of the heap) but its --memory is 400 MiB: "
                + "give it more, add workers, or use --local", m.shortage(400 * MIB, 400 * MIB));
        WorkerMemory mapped = WorkerMemory.of(22, 3 << 15, 3, 0, true, 1, 4096, 8, 1 << 20);
        assertEquals("it needs about 326 MiB of heap for layer 22 (working layer 131 MiB, slices memory-mapped from "
                + "--local, buffers 18 MiB, overhead 128 MiB; data at most 85% of the heap) but its heap is 300 MiB "
                + "(the JVM's limit, -Xmx in KROU_JAVA_OPTS): give it more or add workers", mapped.shortage(0, 300 * MIB));
        assertEquals(300 * MIB, WorkerMemory.cap(400 * MIB, 300 * MIB));
        assertEquals(300 * MIB, WorkerMemory.cap(0, 300 * MIB));
        assertEquals(200 * MIB, WorkerMemory.cap(200 * MIB, 300 * MIB));
    }
}
