package org.krou.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.krou.cluster.ClusterGenerator;
import org.krou.cluster.Coordinator;
import org.krou.cluster.HazelcastTransport;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * {@code krou generate --cluster}: joins the workers as the coordinator, waits for them, and
 * solves the layers on them, writing the tables here.
 */
final class ClusterGenerate {
    /** Hazelcast's own messages (membership, start-up) at warnings only: the layer reports say enough. */
    private static final java.util.logging.Logger HAZELCAST = java.util.logging.Logger.getLogger("com.hazelcast");

    private ClusterGenerate() {
    }

    static int run(PrintWriter out, Variant variant, Path data, int maxSeeds, int threads, List<String> cluster,
                   String host, int port, int workers, String clusterName) throws Exception {
        HAZELCAST.setLevel(java.util.logging.Level.WARNING);
        long positions = PositionIndex.cumulativeSize(maxSeeds);
        out.printf(Locale.ROOT, "Generating %s layers 0..%d (%,d positions) into %s on a cluster of %d worker(s)%n",
                variant.id(), maxSeeds, positions, data.resolve(variant.id()), workers);
        out.flush();
        try (HazelcastTransport transport = HazelcastTransport.start(
                HazelcastTransport.config(clusterName, host, port, cluster))) {
            if (!transport.awaitMembers(workers + 1, 120_000)) {
                throw new IllegalStateException("only " + (transport.members().size() - 1) + " of " + workers
                        + " worker(s) joined within 120 s: start them with `krou worker --port PORT --join ...`");
            }
            long t0 = System.nanoTime();
            ClusterGenerator g = new ClusterGenerator(transport, Coordinator.Options.DEFAULT);
            List<ClusterGenerator.LayerReport> reports = g.run(variant, data, maxSeeds, threads, r -> {
                out.println(r);
                out.flush();
            });
            double seconds = (System.nanoTime() - t0) / 1e9;
            long batches = reports.stream().mapToLong(ClusterGenerator.LayerReport::batches).sum();
            long bytes = reports.stream().mapToLong(ClusterGenerator.LayerReport::bytes).sum();
            long lookups = reports.stream().mapToLong(ClusterGenerator.LayerReport::lookups).sum();
            long lookupBytes = reports.stream().mapToLong(ClusterGenerator.LayerReport::lookupBytes).sum();
            long computed = reports.stream().filter(r -> !r.reused()).count();
            out.printf(Locale.ROOT, "Done: %,d positions in %.1f s on %d worker(s), %d layers computed, %d reused; "
                            + "%,d update batches (%,d bytes) and %,d look-ups (%,d bytes) between workers%n",
                    positions, seconds, workers, computed, reports.size() - computed, batches, bytes, lookups,
                    lookupBytes);
        }
        return Main.OK;
    }
}
