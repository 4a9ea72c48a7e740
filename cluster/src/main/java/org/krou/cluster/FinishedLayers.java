package org.krou.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.krou.generator.Progress;
import org.krou.generator.WorkFiles;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * A worker's finished layers: its {@link Slices} for the variant under way and the partition
 * of the layer under way, kept from layer to layer and replaced when either changes (a slice
 * holds true values, the same whichever coordinator's tables they came from); the slices it
 * lacks, loaded from its working files or cut from the tables in its own data directory
 * ({@link SliceLoader}), fetched from the coordinator first if they are not there
 * ({@link TableFetch}); and the answers to the other workers' look-ups, those it cannot answer
 * yet parked.
 *
 * <pre>{@code
 * FinishedLayers f = new FinishedLayers(transport, dataDir, localDir, 2);
 * Slices s = f.open(order, 1);                       // on the loop thread, at each layer
 * f.complete(order, s, lookups, fetch, wake);        // on the layer's thread
 * f.lookup(from, message, epoch);                    // on the loop thread
 * }</pre>
 */
final class FinishedLayers {
    /** Where the warnings of the working files go: this member's standard error. */
    private static final Progress WARNINGS = Progress.warningsTo(m -> System.err.println("warning: " + m));
    private final Transport transport;
    /** This worker's data directory, where the tables it cuts slices from are. */
    private final Path data;
    /** The directory of the working files, or null. */
    private final Path local;
    private final int threads;
    /** The working files of the job, or null. */
    private volatile WorkFiles work;
    private String job;
    private Slices slices;
    /** Look-ups received before they could be answered. */
    private final List<Parked> parked = new ArrayList<>();

    /** A look-up of layer {@code epoch}, parked when this worker held {@code layers} slices (-1: another epoch). */
    private record Parked(String from, byte[] message, long epoch, int layers) {
    }

    FinishedLayers(Transport transport, Path data, Path local, int threads) {
        this.transport = transport;
        this.data = data;
        this.local = local;
        this.threads = threads;
    }

    /**
     * The slices for layer order {@code o}, this worker being worker {@code self} of it: those
     * kept if the variant and the partition are the same, else none yet.
     */
    Slices open(LayerOrder o, int self) throws IOException {
        Variant variant = o.variant();
        int workers = o.workers().length;
        int blockSize = o.blockSize();
        String key = variant.id();
        if (!key.equals(job)) {
            slices = null; // nothing of the job before answers a look-up of this one
            job = null;
            boolean[] keep = new boolean[PositionIndex.MAX_SEEDS + 1];
            Arrays.fill(keep, true); // each is checked against its table when reused
            work = local == null ? null : WorkFiles.open(local.resolve(variant.id()), keep, WARNINGS);
            slices = null;
            job = key;
        }
        if (slices == null || !slices.sameAs(workers, self, blockSize)) {
            slices = new Slices(workers, self, blockSize);
        }
        return slices;
    }

    /**
     * On the layer's thread: adds the slices of layers {@code 0..seeds-1} that {@code sl} lacks,
     * running {@code added} after each, and writes to working files those held in the heap (the
     * layers computed since, whose tables are now written).
     */
    void complete(LayerOrder o, Slices sl, Lookups lk, TableFetch fetch, Runnable added)
            throws IOException, InterruptedException {
        WorkFiles w = work;
        for (int k = 0; k < o.seeds(); k++) {
            lk.checkOpen(); // a layer dropped meanwhile stops here rather than after every slice
            if (k >= sl.layers()) {
                sl.add(k, load(w, o, k, sl, lk, fetch));
                added.run();
            } else if (w != null && !sl.slice(k).isMapped()) {
                sl.replace(k, w.writeSlice(k, sl.slice(k), sliceId(o, k, sl)));
            }
        }
    }

    /**
     * The slice of finished layer {@code k}: mapped from its working file when one was written
     * for the same table and partition, else cut from the table in the data directory (fetched
     * first if the coordinator's is not there) and, with working files, written to one and
     * mapped from it.
     */
    private ByteBigArray load(WorkFiles w, LayerOrder o, int k, Slices sl, Lookups lk, TableFetch fetch)
            throws IOException, InterruptedException {
        long id = sliceId(o, k, sl);
        if (w != null) {
            ByteBigArray v = w.reuseSlice(k, id, sl.blocks(k).localSize());
            if (v != null) {
                return v;
            }
        }
        fetch.ensure(o.variant(), k, o.tableCrc()[k], o.tableLength()[k]);
        ByteBigArray v = SliceLoader.load(data, o.variant(), k, sl, lk, threads);
        return w == null ? v : w.writeSlice(k, v, id);
    }

    /** The identity of a slice of layer {@code k}: the checksum of the coordinator's table and the partition. */
    private static long sliceId(LayerOrder o, int k, Slices sl) {
        return partition(sl) << 32 | o.tableCrc()[k];
    }

    /**
     * 31 bits standing for the partition (workers, this worker, block size), mixed so that
     * partitions near one another differ (the working file's length is checked too).
     */
    private static long partition(Slices sl) {
        long x = ((long) sl.workers * 0x9E3779B97F4A7C15L + sl.self) * 0xC2B2AE3D27D4EB4FL + sl.blockSize;
        x = (x ^ (x >>> 33)) * 0xFF51AFD7ED558CCDL;
        x = (x ^ (x >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return (x ^ (x >>> 33)) & 0x7FFFFFFFL;
    }

    /**
     * {@code LOOKUP epoch id keys...} from {@code from}: answered from the slices when it is of
     * this worker's layer ({@code epoch}) and the layers it asks for are here, else parked: until
     * this worker starts its layer (epochs of different jobs are not ordered), or holds more
     * layers.
     */
    void lookup(String from, byte[] message, long epoch) {
        Wire.In in = new Wire.In(message);
        in.type();
        long e = in.varint();
        byte[] answer = e == epoch && slices != null ? Lookups.answer(in, epoch, slices) : null;
        if (answer == null) {
            parked.add(new Parked(from, message, e, e == epoch && slices != null ? slices.layers() : -1));
        } else {
            transport.send(from, answer);
        }
    }

    /** Asks again the parked look-ups of layer {@code epoch} that more slices may answer now. */
    void askParked(long epoch) {
        if (parked.isEmpty()) {
            return;
        }
        int layers = slices == null ? -1 : slices.layers();
        List<Parked> again = new ArrayList<>();
        parked.removeIf(p -> p.epoch == epoch && p.layers != layers && again.add(p));
        for (Parked p : again) {
            lookup(p.from, p.message, epoch);
        }
    }

    /** Forgets the parked look-ups of any layer but {@code epoch}'s (this worker starts that one). */
    void keepParked(long epoch) {
        parked.removeIf(p -> p.epoch != epoch);
    }
}
