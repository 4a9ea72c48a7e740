package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.krou.rules.Variant;

/**
 * The protocol on the in-memory transport, deliveries delayed and reordered at random: tables
 * byte-identical to the single-machine generator's, with batches of a few updates, and 1 to 3
 * resolve threads a worker; under other rule sets too (the rule set travels to the workers as
 * its id).
 */
class LocalClusterTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"abapa; 1; 0; 9; 2", "abapa; 3; 300; 7; 1", "awari; 2; 300; 7; 3",
        "awari; 3; 0; 9; 2", "myriad; 2; 0; 9; 1", "grand-slam=capture-give,no-feed=play-on; 3; 0; 8; 2"})
    void delayedDeliveriesGiveTheSingleMachineTables(String id, int workers, int delayMicros, int max, int threads)
            throws Exception {
        Variant variant = Variant.parse(id);
        Path reference = Tables.reference(variant, max);
        try (LocalTransport.Hub hub = LocalTransport.hub(delayMicros)) {
            Transport coordinator = hub.join();
            List<ClusterWorker> started = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                started.add(ClusterWorker.start(hub.join(), threads));
            }
            ClusterGenerator g = new ClusterGenerator(coordinator, new Coordinator.Options(1024, 3, 2));
            long batches = g.run(variant, dir, max, 1, r -> { }).stream()
                    .mapToLong(ClusterGenerator.LayerReport::batches).sum();
            started.forEach(ClusterWorker::close);
            Tables.assertSame(variant, reference, dir, max);
            assertTrue(workers == 1 ? batches == 0 : batches > 500, "batches " + batches);
        }
    }

    /**
     * Workers with local directories map the finished layers from working files they write
     * once; new workers on the same directories map them again (the files are not rewritten)
     * for a rerun that recomputes the top layer, and the tables stay the single machine's.
     */
    @Test
    void workersWithLocalDirectoriesKeepTheFinishedLayersInWorkingFiles() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 9;
        Path reference = Tables.reference(variant, max);
        Path[] local = {dir.resolve("local-0"), dir.resolve("local-1")};
        Path data = dir.resolve("data");
        run(variant, data, max, local);
        Tables.assertSame(variant, reference, data, max);
        Path raw = local[1].resolve("abapa").resolve("values-07.raw");
        assertTrue(Files.isRegularFile(raw), "working file " + raw);
        FileTime written = Files.getLastModifiedTime(raw);
        Files.delete(data.resolve("abapa").resolve("values-09.krou"));
        Files.delete(data.resolve("abapa").resolve("values-09.stats"));
        run(variant, data, max, local);
        Tables.assertSame(variant, reference, data, max);
        assertEquals(written, Files.getLastModifiedTime(raw), "the working file is mapped again, not rewritten");
    }

    private static void run(Variant variant, Path data, int max, Path[] local) throws Exception {
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            Transport coordinator = hub.join();
            List<ClusterWorker> started = new ArrayList<>();
            for (Path l : local) {
                started.add(ClusterWorker.start(hub.join(), 2, l));
            }
            new ClusterGenerator(coordinator, new Coordinator.Options(1024, 64, 4)).run(variant, data, max, 1, r -> { });
            started.forEach(ClusterWorker::close);
        }
    }
}
