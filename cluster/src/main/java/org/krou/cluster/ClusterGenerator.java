package org.krou.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.krou.generator.TableLayerStore;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * The cluster's {@code Generator}: solves layers {@code 0..maxSeeds} on the workers of a
 * transport and writes them to {@code dataDir} with {@link TableLayerStore}, reusing the layers
 * already finished there (a layer whose statistics file is missing is computed again). The
 * tables are byte-identical to the single-machine generator's. The data directory is this
 * member's own: the workers send the coded blocks of each layer here, and receive from here the
 * finished tables they need and do not hold in their own data directories.
 *
 * <pre>{@code
 * ClusterGenerator g = new ClusterGenerator(coordinatorTransport, Coordinator.Options.DEFAULT);
 * g.run(Variant.ABAPA, Path.of("data"), 16, 2, report -> System.out.println(report));
 * }</pre>
 */
public final class ClusterGenerator {
    private final Transport transport;
    private final Coordinator coordinator;

    /**
     * What one layer cost.
     *
     * @param reused  true if the layer was finished on disk already
     * @param writeSeconds of {@code seconds}, those spent writing the table (the counts, the
     *                workers coding their blocks and this member writing them)
     * @param batches update batches between workers; {@code updates} in them, {@code bytes} long
     * @param lookups positions of finished layers asked of another worker, in {@code lookupMessages}
     *                of {@code lookupBytes} bytes with their answers
     */
    public record LayerReport(int seeds, boolean reused, double seconds, double writeSeconds, int workers, long batches,
                              long updates, long bytes, long polls, long lookups, long lookupMessages,
                              long lookupBytes) {
        @Override
        public String toString() {
            return reused ? String.format("layer %2d reused", seeds)
                    : String.format("layer %2d: %,d positions, %.2f s (writing %.2f s) on %d workers, %,d batches,"
                    + " %,d updates, %,d bytes, %,d poll waves, %,d look-ups in %,d messages (%,d bytes)", seeds,
                    PositionIndex.size(seeds), seconds, writeSeconds, workers, batches, updates, bytes, polls, lookups,
                    lookupMessages, lookupBytes);
        }
    }

    /**
     * A coordinator on {@code transport} (through a {@link ReliableTransport} over it unless it
     * is one already); every other member is a worker.
     */
    public ClusterGenerator(Transport transport, Coordinator.Options options) {
        this.transport = ReliableTransport.over(transport);
        this.coordinator = new Coordinator(this.transport, options);
    }

    /** The coordinator of this generator (for tests). */
    Coordinator coordinator() {
        return coordinator;
    }

    /** The workers: every member but this one, in the transport's order. */
    public List<String> workers() {
        List<String> w = new ArrayList<>(transport.members());
        w.remove(transport.self());
        return w;
    }

    /**
     * Solves and writes layers {@code 0..maxSeeds}.
     *
     * @param threads threads of the coordinator's table writer
     * @return the reports of every layer
     * @throws ClusterAbortedException if a worker is lost or fails (the layers before are written)
     * @throws IllegalArgumentException if the rank blocks are not whole numbers of table blocks
     */
    public List<LayerReport> run(Variant variant, Path dataDir, int maxSeeds, int threads,
                                 Consumer<LayerReport> progress) throws IOException, InterruptedException {
        List<String> workers = workers();
        if (workers.isEmpty()) {
            throw new IOException("no worker in the cluster");
        }
        TableLayerStore store = new TableLayerStore(dataDir, variant, threads);
        coordinator.checkBlocks(store.options());
        coordinator.handshake(workers, 60_000);
        List<LayerReport> reports = new ArrayList<>();
        Closeable session = store.begin();
        try {
            for (int n = 0; n <= maxSeeds; n++) {
                LayerReport r;
                if (store.reusable(n) && !store.wantsValues(n)) {
                    r = new LayerReport(n, true, 0, 0, workers.size(), 0, 0, 0, 0, 0, 0, 0);
                } else {
                    long t0 = System.nanoTime();
                    Coordinator.Layer layer = coordinator.solve(variant, dataDir, n, workers);
                    long t1 = System.nanoTime();
                    coordinator.write(layer, store);
                    long t2 = System.nanoTime();
                    r = new LayerReport(n, false, (t2 - t0) / 1e9, (t2 - t1) / 1e9, workers.size(), layer.batches(),
                            layer.updates(), layer.bytes(), layer.polls(), layer.lookups(), layer.lookupMessages(),
                            layer.lookupBytes());
                }
                reports.add(r);
                progress.accept(r);
            }
        } finally {
            session.close();
        }
        return reports;
    }
}
