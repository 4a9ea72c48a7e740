package org.krou.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.krou.generator.TableLayerStore;
import org.krou.index.PositionIndex;
import org.krou.table.BlockCache;
import org.krou.table.MissingTableException;
import org.krou.table.TableFile;
import org.krou.table.TableFormat;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code krou stats}: how many positions of each layer have each value. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = {"Print one line per generated layer: the number of positions with each value, values "
                + "ascending, values with no positions left out, e.g.",
                "  seeds 2 positions 78: -2=41 0=13 2=24"})
final class StatsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;


    @Mixin
    TableOptions tables;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int threads = Runtime.getRuntime().availableProcessors();
        TableLayerStore store = new TableLayerStore(tables.data, tables.variant, threads);
        List<String> lines = new ArrayList<>();
        ByteBigArray[] values = null; // loaded only if a statistics file is missing or stale
        int n = 0;
        for (; n <= PositionIndex.MAX_SEEDS; n++) {
            Path file = TableFormat.valuesPath(tables.data, tables.variant, n);
            if (!Files.exists(file)) {
                break;
            }
            int crc;
            try (TableFile t = TableFile.open(file, TableKind.VALUES, tables.variant, n, true, new BlockCache(1))) {
                crc = t.header().bodyCrc();
            }
            String line = TableLayerStore.readStats(store.statsPath(n), crc);
            if (line == null) {
                if (values == null) {
                    values = new ByteBigArray[PositionIndex.MAX_SEEDS + 1];
                    for (int k = 0; k < n; k++) {
                        values[k] = mustLoad(store, k, values, threads);
                    }
                }
                values[n] = mustLoad(store, n, values, threads);
                line = TableLayerStore.readStats(store.statsPath(n), crc);
            } else if (values != null) {
                values[n] = mustLoad(store, n, values, threads);
            }
            lines.add(line);
        }
        if (n == 0) {
            throw new MissingTableException(tables.variant, 0, TableFormat.valuesPath(tables.data, tables.variant, 0));
        }
        lines.forEach(out::println);
        return Main.OK;
    }

    private static ByteBigArray mustLoad(TableLayerStore store, int n, ByteBigArray[] below, int threads)
            throws java.io.IOException {
        ByteBigArray v = store.load(n, below, threads);
        if (v == null) {
            throw new IllegalStateException("layer " + n + " cannot be read: " + store.lastRefusal()
                    + "; run 'krou generate' again to rebuild it");
        }
        return v;
    }
}
