package org.krou.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableInfo;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.table.TableSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code krou info}: which tables exist and how big they are. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = {"List the tables in DIR: per variant and seed count, the positions, file size, bits per "
                + "position, format version and encoding; and the coverage: the largest seed count with every "
                + "layer from 0 up to it present and readable (its header and block index intact, as verify "
                + "reports it too), for distance tables at most that of the value tables.",
                "A layer missing below the highest present, or unreadable, is reported on standard error, the "
                        + "others still listed, and the command then exits with 3."})
final class InfoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
            description = "Table directory (default: ${DEFAULT-VALUE}).")
    Path data;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int found = 0;
        boolean whole = true;
        for (Variant v : TablePaths.variantsIn(data)) {
            int valueCoverage = TableSet.readableCoverage(data, v, TableKind.VALUES, PositionIndex.MAX_SEEDS);
            for (TableKind kind : TableKind.values()) {
                long positions = 0;
                long bytes = 0;
                int coverage = kind == TableKind.VALUES ? valueCoverage
                        : TableSet.readableCoverage(data, v, kind, valueCoverage);
                boolean header = false;
                int highest = -1;
                for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
                    if (Files.exists(TablePaths.path(data, v, kind, n), LinkOption.NOFOLLOW_LINKS)) {
                        highest = n;
                    }
                }
                for (int n = 0; n <= highest; n++) {
                    Path f = TablePaths.path(data, v, kind, n);
                    if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
                        err.printf(Locale.ROOT, "warning: %s %s layer %d is missing: %s does not exist (layers up to %d"
                                + " do), so coverage stops below it%n", v.id(), kind.id(), n, f, highest);
                        whole = false;
                        continue;
                    }
                    if (!header) {
                        out.printf(Locale.ROOT, "%s %s tables in %s:%n", v.id(), kind.id(), f.getParent());
                        out.printf(Locale.ROOT, "  %5s %15s %13s %9s %7s  %s%n", "seeds", "positions", "bytes",
                                "bits/pos", "format", "encoding");
                        header = true;
                    }
                    found++;
                    try (TableFile t = TableFile.open(f, kind, v, n, true, new BlockCache(1))) {
                        TableInfo i = TableInfo.of(t);
                        out.printf(Locale.ROOT, "  %5d %,15d %,13d %9.3f %7d  %s/%d, blocks of %d%s%n", n,
                                i.positions(), i.fileBytes(), i.bitsPerPosition(), i.formatVersion(),
                                i.encoding().name().toLowerCase(Locale.ROOT), i.param(), i.blockSize(),
                                i.dontCare() ? ", don't-care entries" : "");
                        positions += i.positions();
                        bytes += i.fileBytes();
                    } catch (TableException e) {
                        out.printf(Locale.ROOT, "  %5d  unreadable: %s%n", n, e.getMessage());
                        err.printf(Locale.ROOT, "warning: %s %s layer %d is unreadable: %s%n", v.id(), kind.id(), n,
                                e.getMessage());
                        whole = false;
                    }
                }
                if (header) {
                    out.printf(Locale.ROOT, "  total %,15d %,13d %9.3f   coverage: %s%n", positions, bytes,
                            positions == 0 ? 0.0 : bytes * 8.0 / positions,
                            coverage < 0 ? "none" : "0.." + coverage + " seeds");
                }
            }
        }
        if (found == 0) {
            out.println("No tables in " + data + ": create them with 'krou generate --data " + data + "'");
            return Main.TABLES;
        }
        return whole ? Main.OK : Main.TABLES;
    }
}
