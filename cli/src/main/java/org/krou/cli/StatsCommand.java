package org.krou.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.krou.generator.LayerStats;
import org.krou.index.PositionIndex;
import org.krou.table.BlockCache;
import org.krou.generator.table.LayerResolver;
import org.krou.table.MissingTableException;
import org.krou.table.StatsFile;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code krou stats}: how many positions of each layer have each value. Reads only: the counts
 * come from the statistics files the generator wrote ({@link StatsFile}, checked against their
 * own checksum, the table's checksum and the layer size), or are recounted from the tables when
 * such a file is missing or does not match (with a warning); nothing is written.
 */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = {"Print one line per generated layer: how many positions have each value.",
                "Values ascending, values with no positions left out, for example:",
                "  seeds 2 positions 78: -2=41 0=13 2=24",
                "Counts come from the statistics file beside each table (values-NN.stats) when it matches the "
                        + "table, else they are recounted from the table (slower) with a warning. Missing or "
                        + "unreadable layers are reported on standard error, the others still printed, and the "
                        + "command then exits with 3. Nothing is written."})
final class StatsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int threads = Runtime.getRuntime().availableProcessors();
        int highest = -1;
        for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
            if (Files.exists(file(n), LinkOption.NOFOLLOW_LINKS)) {
                highest = n;
            }
        }
        if (highest < 0) {
            throw new MissingTableException(tables.variant(), 0, file(0));
        }
        ByteBigArray[] values = new ByteBigArray[highest + 1]; // decoded only where counts are recounted
        boolean whole = true;
        for (int n = 0; n <= highest; n++) {
            Path file = file(n);
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                err.println("warning: layer " + n + " is missing: " + file + " does not exist (layers up to "
                        + highest + " do); run 'krou generate' to compute it");
                whole = false;
                continue;
            }
            String line;
            try {
                line = line(n, file, values, threads, err);
            } catch (TableException e) {
                err.println("warning: layer " + n + " is unreadable: " + e.getMessage()
                        + "; run 'krou generate' to compute it again");
                whole = false;
                continue;
            }
            out.println(line);
        }
        out.flush();
        return whole ? Main.OK : Main.TABLES;
    }

    private Path file(int n) {
        return TablePaths.valuesPath(tables.data, tables.variant(), n);
    }

    /** The stats line of layer {@code n}, from its statistics file or recounted. */
    private String line(int n, Path file, ByteBigArray[] values, int threads, PrintWriter err) {
        int crc;
        try (TableFile t = TableFile.open(file, TableKind.VALUES, tables.variant(), n, true, new BlockCache(1))) {
            crc = t.header().bodyCrc();
        }
        StatsFile.Check c = StatsFile.read(StatsFile.besides(file), tables.variant(), n, crc);
        if (c.ok()) {
            return StatsFile.line(n, c.counts());
        }
        err.println("warning: " + c.problem() + ": counts of layer " + n + " recounted from the table"
                + " ('krou generate' writes the file again)");
        return LayerStats.of(n, decode(n, values, threads), threads).line();
    }

    /** The true values of layer {@code n}, decoding the layers it needs first (kept for later layers). */
    private ByteBigArray decode(int n, ByteBigArray[] values, int threads) {
        if (values[n] == null) {
            for (int k = 0; k <= n - 2; k++) {
                decode(k, values, threads);
            }
            values[n] = LayerResolver.load(tables.data, tables.variant(), n, values, threads);
        }
        return values[n];
    }
}
