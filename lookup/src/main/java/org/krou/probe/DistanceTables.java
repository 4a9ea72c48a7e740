package org.krou.probe;

import java.nio.file.Path;
import java.util.List;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableFile;
import org.krou.table.TableInfo;
import org.krou.table.TableKind;
import org.krou.table.TableSet;

/**
 * The distance-to-conversion tables {@code dataDir/<variant>/dtc-NN.krou}, opened on first use:
 * for a position worth {@code v != 0}, the plies until play leaves its layer (a capture or the
 * game's end) under value-optimal play, the gaining side hurrying and the other delaying;
 * {@link #NONE} for positions worth 0.
 */
final class DistanceTables implements AutoCloseable {
    /** The distance stored for positions worth 0. */
    static final int NONE = 255;

    private final int maxSeeds;
    /** Bytes of decoded blocks kept: a sixteenth of the heap the JVM may use, at most 32 MiB. */
    static final long CACHE_BYTES = Math.min(32L << 20, Runtime.getRuntime().maxMemory() / 16);

    private final TableSet tables;

    /** The distance tables with a cache of their own of {@link #CACHE_BYTES}. */
    DistanceTables(Path dataDir, Variant variant, int valueMax) {
        this(dataDir, variant, valueMax, BlockCache.ofBytes(CACHE_BYTES));
    }

    /** The distance tables of at most {@code valueMax} seeds, keeping decoded blocks in {@code cache}. */
    DistanceTables(Path dataDir, Variant variant, int valueMax, BlockCache cache) {
        this.tables = new TableSet(dataDir, variant, TableKind.DTC, true, cache);
        this.maxSeeds = TableSet.coverage(dataDir, variant, TableKind.DTC, valueMax);
    }

    /** The largest seed count whose distance tables, and all smaller ones, are present; -1 if none. */
    int maxSeeds() {
        return maxSeeds;
    }

    /** The distance of a mover-relative board of {@code n <= maxSeeds()} seeds. */
    int distance(int[] b, int n) {
        return table(n).symbolAt(PositionIndex.rank(b));
    }

    /**
     * The distance to conversion of the move from a board of {@code n <= maxSeeds()} seeds that
     * captures {@code captured} seeds and leads to {@code child}: 1 for a capture (the layer is
     * left), else {@code 1 +} the child's distance; -1 if the move captures nothing and the child
     * is worth 0 (no conversion is needed). As {@code PerfectPlay} counts a move's distance.
     */
    int moveDistance(int[] child, int n, int captured) {
        if (captured > 0) {
            return 1;
        }
        int d = distance(child, n);
        return d == NONE ? -1 : 1 + d;
    }

    /**
     * Opens every distance table of the coverage (checking its header) and, if {@code checksums},
     * its whole-file checksum.
     *
     * @throws org.krou.table.TableException for the first table missing, foreign or damaged
     */
    void validate(boolean checksums) {
        for (int n = 0; n <= maxSeeds; n++) {
            TableFile t = table(n);
            if (checksums) {
                t.verifyFileChecksum();
            }
        }
    }

    /** Metadata of the distance tables of {@code 0..maxSeeds()}, opened as probes open them. */
    List<TableInfo> info() {
        return tables.openInfo(maxSeeds);
    }

    private TableFile table(int n) {
        return tables.table(n);
    }

    @Override
    public void close() {
        tables.close();
    }
}
