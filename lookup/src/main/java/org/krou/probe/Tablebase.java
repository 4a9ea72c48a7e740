package org.krou.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.krou.index.PositionIndex;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.MissingTableException;
import org.krou.table.OutsideCoverageException;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableFormat;
import org.krou.table.TableInfo;
import org.krou.table.TableKind;

/**
 * The probing library: exact values of positions from the tables of one variant in
 * {@code dataDir/<variant>/values-NN.krou}.
 *
 * <p>Tables are opened on first use. A look-up decodes at most one block per table touched and
 * keeps decoded blocks in a cache bounded in bytes ({@link Options#cacheBytes()}); where a table stores "don't care" entries the
 * value is recovered as {@code max(stored, best capture)} by a one-ply probe of the capturing
 * moves into the smaller tables. The primitive {@link #value(int[])} allocates nothing once its
 * blocks are cached. All methods are safe for any number of threads.
 *
 * <pre>{@code
 * try (Tablebase tb = Tablebase.open(Path.of("data"), Variant.ABAPA)) {
 *     Position p = Position.parse("0 0 0 0 0 1 / 1 0 0 0 0 0 S");
 *     int v = tb.value(p);                          // -2: South loses both seeds
 *     List<Character> best = tb.bestMoves(p);       // [f]
 *     FinalResult r = tb.finalResult(p);            // South 0, North 2: North wins
 * }
 * }</pre>
 *
 * @see TableException for the errors raised (all unchecked)
 */
public final class Tablebase implements AutoCloseable {
    /**
     * How tables are read.
     *
     * @param mapped     memory-map the files (true) or read each onto the heap when first used
     * @param cacheBytes bytes of decoded blocks kept, shared by all tables (one byte per position
     *                   of a block: 64 KiB per block of the default LZ4 tables, 4 KiB for rANS);
     *                   0 caches nothing
     */
    public record Options(boolean mapped, long cacheBytes) {
        /** The default cache bound: a quarter of the heap the JVM may use, at most 256 MiB. */
        public static final long DEFAULT_CACHE_BYTES = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 4);

        /** Mapped files and a cache of {@link #DEFAULT_CACHE_BYTES}. */
        public static final Options DEFAULT = new Options(true, DEFAULT_CACHE_BYTES);

        /**
         * Validates.
         *
         * @throws IllegalArgumentException if {@code cacheBytes} is negative
         */
        public Options {
            if (cacheBytes < 0) {
                throw new IllegalArgumentException("cache of " + cacheBytes + " bytes: expected 0 or more");
            }
        }

        /** The same options with another cache bound in bytes. */
        public Options withCacheBytes(long bytes) {
            return new Options(mapped, bytes);
        }
    }

    private final Path dataDir;
    private final Variant variant;
    private final Options options;
    private final int maxSeeds;
    private final BlockCache cache;
    private final AtomicReferenceArray<TableFile> tables = new AtomicReferenceArray<>(PositionIndex.MAX_SEEDS + 1);
    private final ThreadLocal<ProbeContext> contexts = ThreadLocal.withInitial(ProbeContext::new);
    private volatile boolean closed;

    private Tablebase(Path dataDir, Variant variant, Options options, int maxSeeds) {
        this.dataDir = dataDir;
        this.variant = variant;
        this.options = options;
        this.maxSeeds = maxSeeds;
        this.cache = BlockCache.ofBytes(options.cacheBytes());
    }

    /** Opens the tables of {@code variant} under {@code dataDir} with the default options. */
    public static Tablebase open(Path dataDir, Variant variant) {
        return open(dataDir, variant, Options.DEFAULT);
    }

    /**
     * Opens the tables of {@code variant} under {@code dataDir}; files are only opened when first
     * needed.
     *
     * @throws MissingTableException if there is not even the table for 0 seeds
     */
    public static Tablebase open(Path dataDir, Variant variant, Options options) {
        int max = -1;
        while (max < PositionIndex.MAX_SEEDS && Files.isRegularFile(TableFormat.valuesPath(dataDir, variant, max + 1))) {
            max++;
        }
        if (max < 0) {
            throw new MissingTableException(variant, 0, TableFormat.valuesPath(dataDir, variant, 0));
        }
        return new Tablebase(dataDir, variant, options, max);
    }

    /** The variant of the tables. */
    public Variant variant() {
        return variant;
    }

    /** The data directory. */
    public Path dataDir() {
        return dataDir;
    }

    /** The largest seed count with every layer from 0 up to it present. */
    public int maxSeeds() {
        return maxSeeds;
    }

    /** The value of {@code p} for the side to move (seeds it will still capture minus the opponent's). */
    public int value(Position p) {
        return value(p.moverRelative());
    }

    /**
     * The value of a mover-relative board ({@code b[0..5]} the mover's pits in sowing order,
     * {@code b[6..11]} the opponent's). The board is not modified.
     *
     * @throws IllegalArgumentException if it is not 12 counts of 0..48 each, summing to at most 48 (the
     *                                  message names the pit and what it holds)
     * @throws OutsideCoverageException if it has more seeds than {@link #maxSeeds()}
     */
    public int value(int[] b) {
        int n = seedsOf(b);
        return probe(contexts.get(), b, n, 0);
    }

    private int seedsOf(int[] b) {
        if (b == null || b.length != Rules.PITS) {
            throw new IllegalArgumentException("a board has 12 pits, got " + (b == null ? "none" : b.length));
        }
        int n = 0;
        for (int i = 0; i < Rules.PITS; i++) {
            int x = b[i];
            if (x < 0 || x > Position.TOTAL_SEEDS) {
                throw new IllegalArgumentException("pit " + i + " of the board holds " + x + " seeds: expected 0.."
                        + Position.TOTAL_SEEDS);
            }
            n += x;
        }
        if (n > Position.TOTAL_SEEDS) {
            throw new IllegalArgumentException("the board holds " + n + " seeds: expected at most "
                    + Position.TOTAL_SEEDS);
        }
        if (n > maxSeeds) {
            throw new OutsideCoverageException(dataDir.resolve(variant.id()), n, maxSeeds);
        }
        return n;
    }

    /** The cache of decoded blocks shared by the tables (for tests and monitoring). */
    BlockCache cache() {
        return cache;
    }

    private int probe(ProbeContext ctx, int[] b, int n, int depth) {
        TableFile t = table(n);
        int stored = t.symbolAt(PositionIndex.rank(b));
        return t.dontCare() ? resolve(ctx, b, n, stored, depth) : stored;
    }

    /** {@code max(stored, best capture)}; the rule value for a finished game. */
    private int resolve(ProbeContext ctx, int[] b, int n, int stored, int depth) {
        int[] ch = ctx.children[depth];
        int[] cap = ctx.captured[depth];
        int mask = Rules.generate(b, variant, ch, cap, ctx.scratch);
        if (mask == 0) {
            return Rules.terminalValue(b);
        }
        int best = stored;
        int[] child = ctx.boards[depth + 1];
        for (int pit = 0; pit < Rules.ROW && best < n; pit++) {
            int c = cap[pit];
            if ((mask & (1 << pit)) == 0 || c == 0) {
                continue;
            }
            System.arraycopy(ch, pit * Rules.PITS, child, 0, Rules.PITS);
            TableFile ct = table(n - c);
            int cs = ct.symbolAt(PositionIndex.rank(child));
            if (c - cs <= best) {
                continue; // the child is worth at least its stored value
            }
            int cv = ct.dontCare() ? resolve(ctx, child, n - c, cs, depth + 1) : cs;
            best = Math.max(best, c - cv);
        }
        return best;
    }

    /** The open table of {@code seeds} seeds (opened now if needed). */
    TableFile table(int seeds) {
        TableFile t = tables.get(seeds);
        if (t != null) {
            return t;
        }
        synchronized (tables) {
            if (closed) {
                throw new IllegalStateException("the tablebase is closed");
            }
            t = tables.get(seeds);
            if (t == null) {
                t = TableFile.open(TableFormat.valuesPath(dataDir, variant, seeds), TableKind.VALUES, variant, seeds,
                        options.mapped(), cache);
                tables.set(seeds, t);
            }
            return t;
        }
    }

    /**
     * Every legal move of {@code p} with its value for the mover, in pit order; empty if the game
     * is over.
     */
    public List<MoveValue> moveValues(Position p) {
        int[] b = p.moverRelative();
        int n = seedsOf(b);
        int[] ch = new int[72];
        int[] cap = new int[6];
        int mask = Rules.generate(b, variant, ch, cap, new int[12]);
        List<MoveValue> out = new ArrayList<>();
        int[] child = new int[12];
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) != 0) {
                System.arraycopy(ch, pit * Rules.PITS, child, 0, Rules.PITS);
                int v = cap[pit] - probe(contexts.get(), child, n - cap[pit], 0);
                out.add(new MoveValue(Position.moveLetter(p.toMove(), pit), cap[pit], v));
            }
        }
        return out;
    }

    /** The moves of greatest value, in pit order; empty if the game is over. */
    public List<Character> bestMoves(Position p) {
        List<MoveValue> all = moveValues(p);
        int best = Integer.MIN_VALUE;
        for (MoveValue m : all) {
            best = Math.max(best, m.value());
        }
        List<Character> out = new ArrayList<>();
        for (MoveValue m : all) {
            if (m.value() == best) {
                out.add(m.move());
            }
        }
        return out;
    }

    /** The final score under perfect play, counting the seeds {@code p} records as captured. */
    public FinalResult finalResult(Position p) {
        return FinalResult.of(p, value(p));
    }

    /** Metadata of every table file of the variant present in the directory, by seed count. */
    public List<TableInfo> info() {
        List<TableInfo> out = new ArrayList<>();
        for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
            Path f = TableFormat.valuesPath(dataDir, variant, n);
            if (n <= maxSeeds) {
                out.add(TableInfo.of(table(n)));
            } else if (Files.isRegularFile(f)) {
                try (TableFile t = TableFile.open(f, TableKind.VALUES, variant, n, options.mapped(), new BlockCache(2))) {
                    out.add(TableInfo.of(t));
                }
            }
        }
        return out;
    }

    /** Closes every open table; later probes fail. */
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
        cache.clear();
    }
}
