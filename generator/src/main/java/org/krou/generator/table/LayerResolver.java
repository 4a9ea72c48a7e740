package org.krou.generator.table;

import java.nio.file.Path;
import org.krou.index.PositionIndex;
import org.krou.probe.DontCareResolver;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;
import org.krou.generator.ExitColumns;
import org.krou.generator.Parallel;

/**
 * Bulk decoding of a whole layer into its true values, for the generator (restarts) and tools.
 * A table with don't-care entries is read as stored symbols, then every position is resolved by
 * the probing library's {@link DontCareResolver} ({@code max(stored, best exit)}, a finished game
 * its rule value) from the true values of the smaller layers, on several threads, visiting the layer
 * in the exit phase's {@link ExitColumns} so that the children it reads from memory-mapped layers
 * stay within what the page cache holds.
 *
 * <pre>{@code
 * ByteBigArray[] below = ...;   // true values of layers 0..n-1
 * ByteBigArray values = LayerResolver.load(dataDir, Variant.ABAPA, n, below, 2);
 * }</pre>
 */
public final class LayerResolver {
    private LayerResolver() {
    }

    /**
     * The true values of layer {@code seeds} from {@code dataDir/<variant>/values-NN.krou}.
     *
     * @param below the true values of layers {@code 0..seeds-2} (only used for don't-care tables)
     * @throws TableException if the file is missing, foreign or damaged
     */
    public static ByteBigArray load(Path dataDir, Variant variant, int seeds, ByteBigArray[] below, int threads) {
        Path file = TablePaths.valuesPath(dataDir, variant, seeds);
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, seeds, true, new BlockCache(2))) {
            ByteBigArray values = WholeTable.read(t, threads);
            if (t.dontCare()) {
                resolve(variant, seeds, values, below, threads);
            }
            return values;
        }
    }

    /**
     * Replaces, in place, each stored value of layer {@code seeds} by
     * {@code max(stored, best exit)}, and each finished game by its rule value.
     *
     * @param below the true values of layers {@code 0..seeds-2} (a capture takes at least 2
     *              seeds, so no other layer is read)
     */
    public static void resolve(Variant variant, int seeds, ByteBigArray values, ByteBigArray[] below, int threads) {
        long size = PositionIndex.size(seeds);
        if (values.length() != size) {
            throw new IllegalArgumentException("layer " + seeds + " has " + size + " positions, got " + values.length());
        }
        for (int k = 0; k <= seeds - 2; k++) {
            if (below == null || below.length <= k || below[k] == null || below[k].length() != PositionIndex.size(k)) {
                throw new IllegalArgumentException("the true values of layer " + k + " are needed to resolve layer " + seeds);
            }
        }
        ExitColumns columns = new ExitColumns(seeds);
        Parallel.forChunks(threads, columns.count(), 1,
                (worker, column, end) -> resolveColumn(variant, seeds, values, below, columns, (int) column));
    }

    /** Resolves the positions of one column ({@link ExitColumns}: the look-ups of its children stay in few windows of their layers). */
    private static void resolveColumn(Variant variant, int n, ByteBigArray values, ByteBigArray[] below,
                                      ExitColumns columns, int column) {
        DontCareResolver resolver = new DontCareResolver(variant, new DontCareResolver.Layers() {
            @Override
            public int stored(int[] board, int seeds) {
                return below[seeds].get(PositionIndex.rank(board));
            }

            @Override
            public boolean dontCare(int seeds) {
                return false; // the true values
            }
        });
        columns.visit(column, new int[12], new int[12], (b, first, count) -> {
            for (long r = first; r < first + count; r++) {
                values.set(r, (byte) resolver.resolve(b, n, values.get(r)));
                PositionIndex.next(b);
            }
        });
    }
}
