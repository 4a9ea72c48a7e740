package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.krou.rules.Variant;

/**
 * The protocol on the in-memory transport, deliveries delayed and reordered at random: tables
 * byte-identical to the single-machine generator's, with batches of a few updates, and 1 to 3
 * resolve threads a worker; under other rule sets too (the rule set travels to the workers as
 * its id). Every member has a data directory of its own: the coded blocks travel to the
 * coordinator, and the finished tables a worker needs travel to it.
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
                started.add(ClusterWorker.start(hub.join(), threads, dir.resolve("worker-" + i)));
            }
            ClusterGenerator g = new ClusterGenerator(coordinator, new Coordinator.Options(1536, 3, 2));
            g.coordinator().chunkBytes(4096); // the coded blocks of the larger layers in many chunks
            List<ClusterGenerator.LayerReport> reports = g.run(variant, dir.resolve("data"), max, 1, r -> { });
            started.forEach(ClusterWorker::close);
            Tables.assertSame(variant, reference, dir.resolve("data"), max);
            long batches = reports.stream().mapToLong(ClusterGenerator.LayerReport::batches).sum();
            long lookups = reports.stream().mapToLong(ClusterGenerator.LayerReport::lookups).sum();
            assertTrue(workers == 1 ? batches == 0 : batches > 500, "batches " + batches);
            assertTrue(workers == 1 ? lookups == 0 : lookups > 1000, "captured children asked of other workers: " + lookups);
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
        Path[] own = {dir.resolve("worker-0"), dir.resolve("worker-1")};
        Path data = dir.resolve("data");
        run(variant, data, max, own, local);
        Tables.assertSame(variant, reference, data, max);
        Path raw = local[1].resolve("abapa").resolve("values-07.raw");
        assertTrue(Files.isRegularFile(raw), "working file " + raw);
        assertEquals(new Blocks(7, 1536, 2, 1).localSize() + 40, Files.size(raw),
                "worker 1's slice of layer 7 (its own blocks) and the 40-byte trailer, not the whole layer");
        FileTime written = Files.getLastModifiedTime(raw);
        Files.delete(data.resolve("abapa").resolve("values-09.krou"));
        Files.delete(data.resolve("abapa").resolve("values-09.stats"));
        run(variant, data, max, own, local);
        Tables.assertSame(variant, reference, data, max);
        assertEquals(written, Files.getLastModifiedTime(raw), "the working file is mapped again, not rewritten");
    }

    /**
     * A rerun on another number of workers cuts the slices of the finished layers from the
     * tables: each new worker, whose data directory is empty, receives the coordinator's tables
     * (the same bytes), decodes its own blocks and resolves their don't-care entries with the
     * captured children it asks of the others; the layers computed then are the single
     * machine's.
     */
    @ParameterizedTest
    @CsvSource({"abapa, 2, 3", "awari, 3, 2"})
    void aRerunOnOtherWorkersCutsTheFinishedLayersFromTheTables(String id, int before, int after) throws Exception {
        Variant variant = Variant.parse(id);
        int max = 9;
        Path data = dir.resolve("data");
        runOn(before, variant, data, max - 2, i -> dir.resolve("first-" + i), new AtomicLong());
        AtomicLong chunks = new AtomicLong();
        List<ClusterGenerator.LayerReport> reports = runOn(after, variant, data, max, i -> dir.resolve("second-" + i),
                chunks);
        assertTrue(reports.get(max - 2).reused() && !reports.get(max - 1).reused(), "layers 0.." + (max - 2) + " reused");
        Tables.assertSame(variant, Tables.reference(variant, max), data, max);
        long bytes = 0;
        for (int k = 0; k <= max - 2; k++) {
            bytes += Files.size(data.resolve(variant.id()).resolve(String.format("values-%02d.krou", k)));
        }
        assertTrue(chunks.get() >= after * (bytes / 4096), "chunks of 4 KiB of the " + bytes
                + " bytes of tables sent to each new worker: " + chunks);
        for (int i = 0; i < after; i++) {
            for (int k = 0; k <= max - 2; k++) {
                String name = String.format("values-%02d.krou", k);
                assertArrayEquals(Files.readAllBytes(data.resolve(variant.id()).resolve(name)),
                        Files.readAllBytes(dir.resolve("second-" + i).resolve(variant.id()).resolve(name)),
                        "worker " + i + "'s copy of " + name);
            }
        }
    }

    /**
     * A directory shared with the coordinator stays an option: workers whose data directory is
     * the coordinator's find its tables there (the same checksums) and receive none.
     */
    @Test
    void workersSharingTheCoordinatorsDirectoryReceiveNoTable() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 8;
        Path data = dir.resolve("data");
        runOn(2, variant, data, max - 2, i -> dir.resolve("first-" + i), new AtomicLong());
        AtomicLong chunks = new AtomicLong();
        List<ClusterGenerator.LayerReport> reports = runOn(3, variant, data, max, i -> data, chunks);
        assertTrue(reports.get(max - 2).reused() && !reports.get(max).reused(), "layers 0.." + (max - 2) + " reused");
        assertEquals(0, chunks.get(), "chunks of tables sent");
        Tables.assertSame(variant, Tables.reference(variant, max), data, max);
    }

    /**
     * Workers that keep their slices between jobs go straight to their exits, so their look-ups
     * of the next job's first layer may reach a worker that has not started it yet; the next
     * job's coordinator numbers its layers below the last job's (coordinators start their epochs
     * anywhere): such a look-up is parked until its layer starts, not dropped (which would leave
     * the asking worker waiting for ever).
     */
    @Test
    void lookUpsOfAJobWhoseEpochsAreLowerWaitForTheirLayer() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 10;
        Path data = dir.resolve("data");
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> {
            try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
                Transport first = hub.join();
                List<ClusterWorker> started = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    started.add(ClusterWorker.start(hub.join(), 1, dir.resolve("worker-" + i)));
                }
                started.add(ClusterWorker.start(new Filtered(hub.join(), LocalClusterTest::lateLayers), 1,
                        dir.resolve("worker-2")));
                ClusterGenerator g = new ClusterGenerator(first, new Coordinator.Options(1536, 64, 4));
                g.coordinator().epochsAfter(1L << 40);
                g.run(variant, data, max - 2, 1, r -> { });
                first.close();
                Transport second = hub.join();
                ClusterGenerator again = new ClusterGenerator(second, new Coordinator.Options(1536, 64, 4));
                again.coordinator().epochsAfter(0);
                List<ClusterGenerator.LayerReport> reports = again.run(variant, data, max, 1, r -> { });
                assertTrue(reports.get(max - 2).reused() && reports.get(max).lookups() > 0, "layers 9..10 asked across");
                started.forEach(ClusterWorker::close);
            }
        });
        Tables.assertSame(variant, Tables.reference(variant, max), data, max);
    }

    /** A member whose received messages go through {@code filter}, which passes them on (or not) itself. */
    private static final class Filtered implements Transport {
        /** Passes {@code message} from {@code from} on to {@code to}, later, or never. */
        interface Filter {
            void received(String from, byte[] message, Listener to);
        }

        private final Transport t;
        private final Filter filter;

        Filtered(Transport t, Filter filter) {
            this.t = t;
            this.filter = filter;
        }

        @Override
        public String self() {
            return t.self();
        }

        @Override
        public List<String> members() {
            return t.members();
        }

        @Override
        public void send(String member, byte[] message) {
            t.send(member, message);
        }

        @Override
        public void listen(Listener l) {
            t.listen(new Listener() {
                @Override
                public void received(String from, byte[] message) {
                    filter.received(from, message, l);
                }

                @Override
                public void memberLost(String member) {
                    l.memberLost(member);
                }
            });
        }

        @Override
        public void close() {
            t.close();
        }
    }

    /** Passes each {@code LAYER} order on 300 ms late, after the other workers' look-ups of it. */
    private static void lateLayers(String from, byte[] message, Transport.Listener to) {
        if (message[0] != Wire.LAYER) {
            to.received(from, message);
            return;
        }
        Thread late = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                return;
            }
            to.received(from, message);
        });
        late.setDaemon(true);
        late.start();
    }

    /** Runs layers {@code 0..max} on new workers, worker {@code i} in {@code own(i)}, counting the chunks of tables they receive. */
    private static List<ClusterGenerator.LayerReport> runOn(int workers, Variant variant, Path data, int max,
                                                            IntFunction<Path> own, AtomicLong tableChunks)
            throws Exception {
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            Transport coordinator = hub.join();
            List<ClusterWorker> started = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                started.add(ClusterWorker.start(new Filtered(hub.join(), (from, message, to) -> {
                    if (message[0] == Wire.TABLE_CHUNK) {
                        tableChunks.incrementAndGet();
                    }
                    to.received(from, message);
                }), 2, own.apply(i)));
            }
            ClusterGenerator g = new ClusterGenerator(coordinator, new Coordinator.Options(1536, 64, 4));
            g.coordinator().chunkBytes(4096); // the finished tables and the coded blocks in many chunks
            List<ClusterGenerator.LayerReport> reports = g.run(variant, data, max, 1, r -> { });
            started.forEach(ClusterWorker::close);
            return reports;
        }
    }

    private static void run(Variant variant, Path data, int max, Path[] own, Path[] local) throws Exception {
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            Transport coordinator = hub.join();
            List<ClusterWorker> started = new ArrayList<>();
            for (int i = 0; i < local.length; i++) {
                started.add(ClusterWorker.start(hub.join(), 2, own[i], local[i]));
            }
            new ClusterGenerator(coordinator, new Coordinator.Options(1536, 64, 4)).run(variant, data, max, 1, r -> { });
            started.forEach(ClusterWorker::close);
        }
    }

    /**
     * A worker lost while the layer is being written (it leaves on the order to code its
     * blocks) aborts the layer as a lost worker, not as a file error; a rerun on the worker left
     * (which cuts the finished layers again for its new partition, from tables it receives)
     * writes the single machine's tables, and no temporary file is left.
     */
    @Test
    void aWorkerLostWhileCodingItsBlocksAbortsAndARerunResumes() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 8;
        Path data = dir.resolve("data");
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            Transport coordinator = hub.join();
            LocalTransport doomed = hub.join();
            List<ClusterWorker> started = new ArrayList<>();
            started.add(ClusterWorker.start(hub.join(), 1, dir.resolve("worker-0")));
            int[] layer = {-1};
            started.add(ClusterWorker.start(new Filtered(doomed, (from, message, to) -> {
                if (message[0] == Wire.LAYER) {
                    // below the worker's ReliableTransport: the message is the frame's beginning
                    Wire.In in = new Wire.In(java.util.Arrays.copyOf(message,
                            ReliableLink.parse(message).payloadLength())).skipType();
                    layer[0] = LayerOrder.read(in.varint(), in, doomed.self()).seeds();
                }
                if (message[0] == Wire.ENCODE && layer[0] == 7) {
                    doomed.close(); // gone when told to code its blocks of layer 7
                    return;
                }
                to.received(from, message);
            }), 1, dir.resolve("worker-1")));
            ClusterGenerator g = new ClusterGenerator(coordinator, new Coordinator.Options(1536, 64, 4));
            ClusterAbortedException e = assertThrows(ClusterAbortedException.class,
                    () -> g.run(variant, data, max, 1, r -> { }));
            assertTrue(e.getMessage().contains("lost during layer 7"), e.getMessage());
            assertTrue(Files.exists(data.resolve("abapa").resolve("values-06.krou")), "layers before it written");
            assertTrue(!Files.exists(data.resolve("abapa").resolve("values-07.krou")), "layer 7 not written");
            List<ClusterGenerator.LayerReport> again = g.run(variant, data, max, 1, r -> { });
            for (Path d : List.of(data, dir.resolve("worker-0"))) {
                try (var files = Files.walk(d)) {
                    List<Path> temporary = files.filter(p -> p.getFileName().toString().contains(".tmp")
                            || p.getFileName().toString().contains(".fetch")).toList();
                    assertTrue(temporary.isEmpty(), "temporary files left: " + temporary);
                }
            }
            assertEquals(1, again.get(max).workers());
            assertTrue(again.get(6).reused(), "layers finished before the loss are reused");
            started.forEach(ClusterWorker::close);
        }
        Tables.assertSame(variant, Tables.reference(variant, max), data, max);
    }

}
