package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.rules.Variant;

/**
 * A worker checks its plan of each layer against its memory cap when the layer's order
 * arrives: one too small fails that layer at once, the coordinator naming the worker and the
 * figures; a large enough cap completes the job with the single machine's tables.
 */
class MemoryCapClusterTest {
    /**
     * What worker 1 of 2 needs for abapa layer 9 (167,960 positions) in rank blocks of 1,536,
     * batches of 3, 2 in flight, chunks of 1 MiB, 1 thread, worked out by hand. Worker 1 owns the
     * odd blocks. Layer 9: 110 blocks, the last (109, its) of 536: 54 x 1,536 + 536 = 83,480
     * positions, a working layer of 2 x 83,480 + 10,435 = 177,395 bytes. Its slices: layers 0..4
     * (at most 1,365 positions) lie in block 0; layer 5 (4,368) gives it block 1, 1,536; layer 6
     * (12,376: 9 blocks) blocks 1, 3, 5, 7: 6,144; layer 7 (31,824: 21 blocks) 10 whole blocks:
     * 15,360; layer 8 (75,582: 50 blocks, the last, 49, of 318) 24 x 1,536 + 318 = 37,182; in
     * all 60,222 bytes. Buffers: open batches 2 x 3 x 8 = 48, (2 + 2 + 64) batches of at most
     * 6 x 3 + 16 = 34 bytes = 2,312, 13 chunks of 1 MiB and 1 MiB for the thread = 14,682,424.
     * With the 128 MiB overhead, 149,137,769 bytes, / 0.85 = 175,456,198.8: 175,456,199.
     */
    private static final long LAYER_9_NEEDS = 175_456_199;

    @TempDir
    Path dir;

    @Test
    void aWorkerWhoseCapIsTooSmallFailsItsLayerWithTheFigures() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 9;
        Path data = dir.resolve("data");
        List<String> plans = new ArrayList<>();
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            Transport coordinator = hub.join();
            ClusterWorker w0 = ClusterWorker.start(hub.join(), 1, dir.resolve("worker-0"));
            Transport small = hub.join();
            ClusterWorker w1 = ClusterWorker.start(small, 1, dir.resolve("worker-1"), null, LAYER_9_NEEDS - 1,
                    p -> {
                        synchronized (plans) {
                            plans.add(p);
                        }
                    });
            ClusterGenerator g = new ClusterGenerator(coordinator, new Coordinator.Options(1536, 3, 2));
            assertEquals(List.of(small.self()), g.workers().subList(1, 2), "the worker with the cap is worker 1");
            ClusterAbortedException e = assertThrows(ClusterAbortedException.class,
                    () -> g.run(variant, data, max, 1, r -> { }));
            assertEquals("layer 9 failed on worker 1 (" + small.self() + "): it needs about 167 MiB of heap for "
                    + "layer 9 (working layer 173.2 KiB, slices 58.8 KiB in the heap, buffers 14 MiB, overhead 128 MiB; "
                    + "data at most 85% of the heap) but its --memory is 167 MiB: give it more, add workers, or use "
                    + "--local", e.getMessage());
            assertTrue(Files.exists(data.resolve("abapa").resolve("values-08.krou")), "layers 0..8 written");
            assertFalse(Files.exists(data.resolve("abapa").resolve("values-09.krou")), "layer 9 not written");
            synchronized (plans) {
                assertEquals(10, plans.size(), "a plan for each of layers 0..9: " + plans);
                assertTrue(plans.get(9).startsWith("layer 9: working layer 173.2 KiB, slices 58.8 KiB in the heap"),
                        plans.get(9));
            }
            w0.close();
            w1.close();
        }
    }

    @Test
    void aCapThatHoldsThePlanCompletesTheJob() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 9;
        Path data = dir.resolve("data");
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            Transport coordinator = hub.join();
            ClusterWorker w0 = ClusterWorker.start(hub.join(), 1, dir.resolve("worker-0"));
            ClusterWorker w1 = ClusterWorker.start(hub.join(), 1, dir.resolve("worker-1"), null, LAYER_9_NEEDS,
                    p -> { });
            ClusterGenerator g = new ClusterGenerator(coordinator, new Coordinator.Options(1536, 3, 2));
            g.run(variant, data, max, 1, r -> { });
            w0.close();
            w1.close();
        }
        Tables.assertSame(variant, Tables.reference(variant, max), data, max);
    }
}
