package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.rules.Variant;

/**
 * The cluster over a transport that loses messages ({@link LossyTransport} under each
 * member's {@link ReliableTransport}): with 1% of the messages dropped, 1% duplicated and 1%
 * overtaken, the tables are the single machine's byte for byte; a worker whose messages all
 * vanish fails the layer within the silence bound, and the failure names it. The seed of the
 * losses is {@code -Dkrou.lossy.seed} (default 34); failures say it.
 */
class LossyClusterTest {
    private static final long SEED = Long.getLong("krou.lossy.seed", 34);

    @TempDir
    Path dir;

    @Test
    void onePercentDroppedDuplicatedAndReorderedStillGivesTheSingleMachineTables() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 12;
        Path reference = Tables.reference(variant, max);
        // quick resends, so that the losses cost little time; a long silence bound (nobody is lost)
        ReliableTransport.Options o = new ReliableTransport.Options(20, 320, 100, 30_000, 16_384, 64L << 20);
        List<LossyTransport> lossy = new ArrayList<>();
        assertTimeoutPreemptively(Duration.ofSeconds(240), () -> run(variant, max, 3, 2, 0.01, o, lossy, r -> { }),
                () -> "seed " + SEED + ": " + lossy);
        try {
            Tables.assertSame(variant, reference, dir.resolve("data"), max);
        } catch (AssertionError e) {
            throw new AssertionError("seed " + SEED + ": " + e.getMessage() + "; " + lossy, e);
        }
        for (LossyTransport t : lossy) {
            assertTrue(t.dropped.get() > 0 && t.duplicated.get() > 0 && t.delayed.get() > 0,
                    "seed " + SEED + ": every member lost, doubled and delayed some messages: " + t);
        }
    }

    @Test
    void aWorkerWhoseMessagesAllVanishFailsTheLayerWithinTheBoundNamingIt() throws Exception {
        List<LossyTransport> lossy = new ArrayList<>();
        long[] mutedAt = new long[1];
        Consumer<ClusterGenerator.LayerReport> muteAfterLayer6 = r -> {
            if (r.seeds() == 6) {
                lossy.get(3).mute(); // worker 2: from layer 7 on, nothing it sends arrives
                mutedAt[0] = System.nanoTime();
            }
        };
        ClusterAbortedException e = assertTimeoutPreemptively(Duration.ofSeconds(60), () ->
                assertThrows(ClusterAbortedException.class, () -> run(Variant.ABAPA, 9, 3, 2, 0,
                        ReliableTransport.Options.silence(2_000), lossy, muteAfterLayer6)));
        double seconds = (System.nanoTime() - mutedAt[0]) / 1e9;
        String muted = lossy.get(3).self();
        assertTrue(e.getMessage().contains("layer 7") && e.getMessage().contains("worker 2 (" + muted + ")"),
                "names the layer and the silent worker: " + e.getMessage());
        assertTrue(seconds >= 1.9 && seconds < 6, "failed " + seconds + " s after it fell silent (bound 2 s): "
                + e.getMessage());
    }

    /**
     * The stack {@code krou worker} and {@code generate --cluster} build, the reliable layer
     * over the authenticated one, survives the same losses under the authentication (its
     * handshakes too): the single machine's tables.
     */
    @Test
    void theCommandLinesStackOverAuthenticationSurvivesTheSameLosses() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 9;
        ClusterSecret secret = ClusterSecret.of("a secret of the lossy test".getBytes(StandardCharsets.UTF_8));
        ReliableTransport.Options o = new ReliableTransport.Options(20, 320, 100, 30_000, 16_384, 64L << 20);
        List<LossyTransport> lossy = new ArrayList<>();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> run(variant, max, 3, 2, 0.01, o, lossy, r -> { },
                t -> new AuthTransport(t, secret)), () -> "seed " + SEED + ": " + lossy);
        Tables.assertSame(variant, Tables.reference(variant, max), dir.resolve("data"), max);
        assertTrue(lossy.stream().allMatch(t -> t.dropped.get() > 0), "seed " + SEED + ": every member lost some: " + lossy);
    }

    /**
     * A worker that takes several times the silence bound to answer (its exits wait for
     * look-up answers that each arrive 1.5 s late, the bound being 3 s; one thread a worker,
     * so that its look-ups wait one after the other) keeps acknowledging and
     * sending heartbeats: it is not failed, and the tables are the single machine's.
     */
    @Test
    void workersBusyForSeveralTimesTheBoundAreNotFailed() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 8;
        List<LossyTransport> lossy = new ArrayList<>();
        Consumer<ClusterGenerator.LayerReport> slowAfterLayer7 = r -> {
            if (r.seeds() == 7) {
                lossy.forEach(t -> t.slow(Wire.ANSWER, 1_500));
            }
        };
        List<ClusterGenerator.LayerReport> reports = assertTimeoutPreemptively(Duration.ofSeconds(120), () ->
                run(variant, max, 3, 1, 0, ReliableTransport.Options.silence(3_000), lossy, slowAfterLayer7));
        ClusterGenerator.LayerReport slow = reports.get(max);
        assertTrue(slow.seconds() > 6 && slow.lookups() > 0, "layer " + max + " took " + slow.seconds()
                + " s, over twice the bound of 3 s: " + slow);
        Tables.assertSame(variant, Tables.reference(variant, max), dir.resolve("data"), max);
    }

    /**
     * Layers {@code 0..max} on a coordinator and {@code workers} workers of {@code threads}
     * threads, each member's transport losing messages with probability {@code p} (member
     * {@code i} seeded {@code SEED + i}; {@code lossy} gets them, the coordinator's first).
     */
    private List<ClusterGenerator.LayerReport> run(Variant variant, int max, int workers, int threads, double p,
            ReliableTransport.Options o, List<LossyTransport> lossy, Consumer<ClusterGenerator.LayerReport> progress)
            throws Exception {
        return run(variant, max, workers, threads, p, o, lossy, progress, t -> t);
    }

    /** As above, with {@code middle} between each member's lossy and reliable transports. */
    private List<ClusterGenerator.LayerReport> run(Variant variant, int max, int workers, int threads, double p,
            ReliableTransport.Options o, List<LossyTransport> lossy, Consumer<ClusterGenerator.LayerReport> progress,
            UnaryOperator<Transport> middle) throws Exception {
        List<ReliableTransport> reliable = new ArrayList<>();
        List<Transport> middles = new ArrayList<>();
        List<ClusterWorker> started = new ArrayList<>();
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            try {
                for (int i = 0; i <= workers; i++) {
                    LossyTransport t = new LossyTransport(hub.join(), p, SEED + i);
                    lossy.add(t);
                    Transport m = middle.apply(t);
                    if (m != t) {
                        middles.add(m);
                    }
                    reliable.add(new ReliableTransport(m, o));
                }
                long end = System.nanoTime() + 30_000_000_000L;
                while (reliable.get(0).members().size() < workers + 1 && System.nanoTime() < end) {
                    Thread.sleep(10); // members of an AuthTransport are listed once they proved the secret
                }
                for (int i = 1; i <= workers; i++) {
                    started.add(ClusterWorker.start(reliable.get(i), threads, dir.resolve("worker-" + i)));
                }
                ClusterGenerator g = new ClusterGenerator(reliable.get(0), new Coordinator.Options(1536, 64, 4));
                g.coordinator().chunkBytes(4096); // the coded blocks in many chunks, each of which may be lost
                return g.run(variant, dir.resolve("data"), max, 1, progress);
            } finally { // before the hub closes
                started.forEach(ClusterWorker::close);
                reliable.forEach(ReliableTransport::stop);
                middles.forEach(Transport::close);
            }
        }
    }
}
