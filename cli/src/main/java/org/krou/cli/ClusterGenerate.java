package org.krou.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.krou.cluster.ClusterGenerator;
import org.krou.cluster.ClusterSecret;
import org.krou.cluster.Coordinator;
import org.krou.cluster.HazelcastTransport;
import org.krou.cluster.ReliableTransport;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.Words;

/**
 * {@code krou generate --cluster}: joins the workers as the coordinator, waits for them, and
 * solves the layers on them, writing the tables here.
 */
final class ClusterGenerate {
    /** Hazelcast's own messages (membership, start-up) at warnings only: the layer reports say enough. */
    private static final java.util.logging.Logger HAZELCAST = java.util.logging.Logger.getLogger("com.hazelcast");

    private ClusterGenerate() {
    }

    /**
     * The delivery options of {@code --peer-timeout SECONDS}.
     *
     * @throws IllegalArgumentException if out of 1..86400
     */
    static ReliableTransport.Options peerTimeout(int seconds) {
        if (seconds < 1 || seconds > 86_400) {
            throw new IllegalArgumentException("--peer-timeout " + seconds + " is out of range: expected 1..86400 seconds");
        }
        return ReliableTransport.Options.silence(seconds * 1000L);
    }

    static int run(PrintWriter out, Variant variant, Path data, int maxSeeds, int threads, List<String> cluster,
                   String host, int port, int workers, String clusterName, ClusterSecret secret, int peerTimeout)
            throws Exception {
        ReliableTransport.Options delivery = peerTimeout(peerTimeout);
        HAZELCAST.setLevel(java.util.logging.Level.WARNING);
        long positions = PositionIndex.cumulativeSize(maxSeeds);
        out.printf(Locale.ROOT, "Generating %s layers 0..%d (%s) into %s on a cluster of %s%n",
                variant.id(), maxSeeds, Words.grouped(positions, "position", "positions"), data.resolve(variant.id()),
                Words.count(workers, "worker", "workers"));
        out.flush();
        HazelcastTransport hz = HazelcastTransport.start(HazelcastTransport.config(
                ClusterSecurityOptions.clusterName(secret, clusterName), host, port, cluster));
        // the stack: exact delivery over authenticated messages over Hazelcast's topics
        try (ReliableTransport transport = new ReliableTransport(ClusterSecurityOptions.transport(hz, secret),
                delivery)) {
            if (!ClusterSecurityOptions.awaitMembers(transport, workers + 1, 120_000)) {
                throw new IllegalStateException("only " + (transport.members().size() - 1) + " of "
                        + Words.count(workers, "worker", "workers")
                        + " joined within 120 s: start them with `krou worker --port PORT --join ...`"
                        + (secret == null ? " --insecure" : " --secret-file FILE (the same file; a worker of another "
                        + "secret or --cluster-name is refused)"));
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
            out.printf(Locale.ROOT, "Done: %s in %.1f s on %s, %s computed, %d reused; "
                            + "%s (%,d bytes) and %s (%,d bytes) between workers%n",
                    Words.grouped(positions, "position", "positions"), seconds,
                    Words.count(workers, "worker", "workers"),
                    Words.count(computed, "layer", "layers"), reports.size() - computed,
                    Words.grouped(batches, "update batch", "update batches"), bytes,
                    Words.grouped(lookups, "look-up", "look-ups"), lookupBytes);
        }
        return Main.OK;
    }
}
