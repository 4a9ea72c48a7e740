package org.krou.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableFile;
import org.krou.table.TableFormat;
import org.krou.table.TableKind;

/**
 * The distance-to-conversion tables {@code dataDir/<variant>/dtc-NN.krou}, opened on first use:
 * for a position worth {@code v != 0}, the plies until play leaves its layer (a capture or the
 * game's end) under value-optimal play, the gaining side hurrying and the other delaying;
 * {@link #NONE} for positions worth 0.
 */
final class DistanceTables implements AutoCloseable {
    /** The distance stored for positions worth 0. */
    static final int NONE = 255;

    private final Path dataDir;
    private final Variant variant;
    private final int maxSeeds;
    /** Bytes of decoded blocks kept: a sixteenth of the heap the JVM may use, at most 32 MiB. */
    static final long CACHE_BYTES = Math.min(32L << 20, Runtime.getRuntime().maxMemory() / 16);

    private final BlockCache cache = BlockCache.ofBytes(CACHE_BYTES);
    private final AtomicReferenceArray<TableFile> tables = new AtomicReferenceArray<>(PositionIndex.MAX_SEEDS + 1);

    DistanceTables(Path dataDir, Variant variant, int valueMax) {
        this.dataDir = dataDir;
        this.variant = variant;
        int max = -1;
        while (max < valueMax && Files.isRegularFile(TableFormat.path(dataDir, variant, TableKind.DTC, max + 1))) {
            max++;
        }
        this.maxSeeds = max;
    }

    /** The largest seed count whose distance tables, and all smaller ones, are present; -1 if none. */
    int maxSeeds() {
        return maxSeeds;
    }

    /** The distance of a mover-relative board of {@code n <= maxSeeds()} seeds. */
    int distance(int[] b, int n) {
        return table(n).symbolAt(PositionIndex.rank(b));
    }

    private TableFile table(int n) {
        TableFile t = tables.get(n);
        if (t != null) {
            return t;
        }
        synchronized (tables) {
            t = tables.get(n);
            if (t == null) {
                t = TableFile.open(TableFormat.path(dataDir, variant, TableKind.DTC, n), TableKind.DTC, variant, n,
                        true, cache);
                tables.set(n, t);
            }
            return t;
        }
    }

    @Override
    public void close() {
        synchronized (tables) {
            for (int i = 0; i < tables.length(); i++) {
                TableFile t = tables.getAndSet(i, null);
                if (t != null) {
                    t.close();
                }
            }
        }
    }
}
