package org.krou.table;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * The tables of one kind of one variant, {@code dataDir/<variant>/<kind>-NN.krou}, each opened on
 * first use and kept open until {@link #close()}; the one lazily opened registry behind the value
 * and the distance tables of {@code org.krou.probe.Tablebase}. Safe for any number of threads: a
 * table is opened once, and reading an open one takes no lock.
 */
public final class TableSet implements AutoCloseable {
    private final Path dataDir;
    private final Variant variant;
    private final TableKind kind;
    private final boolean mapped;
    private final BlockCache cache;
    private final AtomicReferenceArray<TableFile> tables = new AtomicReferenceArray<>(PositionIndex.MAX_SEEDS + 1);
    private boolean closed;

    /**
     * The tables of {@code kind} under {@code dataDir}, memory-mapped or read onto the heap, their
     * decoded blocks kept in {@code cache}. Nothing is opened yet.
     */
    public TableSet(Path dataDir, Variant variant, TableKind kind, boolean mapped, BlockCache cache) {
        this.dataDir = dataDir;
        this.variant = variant;
        this.kind = kind;
        this.mapped = mapped;
        this.cache = cache;
    }

    /**
     * The largest seed count {@code n <= limit} such that the files of {@code kind} for 0..n
     * are all present; -1 if not even layer 0's is. Nothing is opened: a lookup finds a damaged
     * file when it first opens it ({@link #readableCoverage} opens them all).
     */
    public static int coverage(Path dataDir, Variant variant, TableKind kind, int limit) {
        int max = -1;
        while (max < limit && Files.isRegularFile(TablePaths.path(dataDir, variant, kind, max + 1))) {
            max++;
        }
        return max;
    }

    /**
     * The coverage of the tables of {@code kind}, as {@code krou info} and {@code krou verify}
     * report it: the largest seed count {@code n <= limit} such that the files for 0..n are all
     * present and readable, each opening cleanly (its header and block index intact, the file as
     * long as its header says; the blocks themselves are not decoded); -1 if layer 0's is not.
     */
    public static int readableCoverage(Path dataDir, Variant variant, TableKind kind, int limit) {
        int max = coverage(dataDir, variant, kind, limit);
        for (int n = 0; n <= max; n++) {
            try {
                TableFile.open(TablePaths.path(dataDir, variant, kind, n), kind, variant, n, true, new BlockCache(1))
                        .close();
            } catch (TableException e) {
                return n - 1;
            }
        }
        return max;
    }

    /**
     * The open table of {@code seeds} seeds, opened now if needed.
     *
     * @throws TableException        if it is missing, foreign or damaged
     * @throws IllegalStateException after {@link #close()}
     */
    public TableFile table(int seeds) {
        TableFile t = tables.get(seeds);
        if (t != null) {
            return t;
        }
        synchronized (tables) {
            if (closed) {
                throw new IllegalStateException("the tables are closed");
            }
            t = tables.get(seeds);
            if (t == null) {
                t = TableFile.open(TablePaths.path(dataDir, variant, kind, seeds), kind, variant, seeds, mapped, cache);
                tables.set(seeds, t);
            }
            return t;
        }
    }

    /**
     * Metadata of every table file of this kind present in the directory, by seed count: those
     * of {@code 0..covered} as {@link #table} opens them (and keeps them open), any larger one
     * opened for its header alone and closed again.
     *
     * @throws TableException        if a table is missing, foreign or damaged
     * @throws IllegalStateException after {@link #close()}
     */
    public List<TableInfo> info(int covered) {
        List<TableInfo> out = openInfo(covered);
        for (int n = covered + 1; n <= PositionIndex.MAX_SEEDS; n++) {
            Path f = TablePaths.path(dataDir, variant, kind, n);
            if (Files.isRegularFile(f)) {
                try (TableFile t = TableFile.open(f, kind, variant, n, mapped, new BlockCache(2))) {
                    out.add(TableInfo.of(t));
                }
            }
        }
        return out;
    }

    /**
     * Metadata of the tables of {@code 0..covered} seeds, as {@link #table} opens them (and keeps
     * them open); no other file is read.
     *
     * @throws TableException        if a table is missing, foreign or damaged
     * @throws IllegalStateException after {@link #close()}
     */
    public List<TableInfo> openInfo(int covered) {
        List<TableInfo> out = new ArrayList<>();
        for (int n = 0; n <= covered; n++) {
            out.add(TableInfo.of(table(n)));
        }
        return out;
    }

    /** Closes every open table; later calls of {@link #table} fail. */
    @Override
    public void close() {
        synchronized (tables) {
            closed = true;
            for (int i = 0; i < tables.length(); i++) {
                TableFile t = tables.getAndSet(i, null);
                if (t != null) {
                    t.close();
                }
            }
        }
    }
}
