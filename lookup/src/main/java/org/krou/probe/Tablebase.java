package org.krou.probe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.krou.index.PositionIndex;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.MissingTableException;
import org.krou.table.OutsideCoverageException;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableInfo;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.table.TableSet;

/**
 * The probing library: exact values of positions from the tables of one variant in
 * {@code dataDir/<variant>/values-NN.krou}.
 *
 * <p>Tables are opened on first use ({@link #validate()} opens and checks them all up front). A
 * look-up decodes at most one block per table touched, and of a block only the stream that holds
 * the position, as far as the position (an eighth of the block on average), and keeps what it
 * decoded in a cache bounded in bytes ({@link Options#cacheBytes()}), shared with the distance
 * tables; where a table stores "don't care" entries the value is recovered as
 * {@code max(stored, best capture)} by a one-ply probe of the capturing moves into the smaller
 * tables. All methods are safe for any number of threads.
 *
 * <p>For an engine: {@link #probe(int[])} for the search (primitive, allocation-free once its
 * blocks are cached, {@link #NO_VALUE} rather than an exception for a board it cannot answer),
 * {@link #rootMoves} for the root, {@link #probeAll} for batches, and
 * {@link FinalResult#outcome(int[], org.krou.rules.Side, int, int, int)} for the outcome.
 *
 * <p><b>Damaged tables throw.</b> A block whose checksum or contents are wrong raises
 * {@link org.krou.table.CorruptTableException}, a table that disappeared since it was found or is
 * foreign raises its {@link TableException}, even from {@code probe}: none of these is a normal
 * event of a search (a sentinel would make damage look like a position outside the tables and let
 * it go unnoticed), and the exception is built only when it happens. Call {@link #validate(boolean)} at start-up to
 * meet these before the search does.
 *
 * <h2>Lifetime of the mapped files</h2>
 * With {@link Options#mapped()} the files are memory-mapped when first used and the mappings stay
 * valid until {@link #close()}; afterwards every probe throws {@link IllegalStateException} (the
 * memory is unmapped when the collector frees the buffers). While the tablebase is open the files
 * must not be truncated or rewritten in place: a read of a page cut off by truncation raises a
 * {@link InternalError} ("a fault occurred in an unsafe memory access operation") in the reading
 * thread, and bytes rewritten in place are read as they are now, which the block checksums refuse
 * ({@code CorruptTableException}) but cannot undo. Replacing a file by renaming a new one over it,
 * as {@code krou generate} does, is safe: the open mapping keeps the old file until {@code close()},
 * and the next {@code Tablebase} opened reads the new one. Tables read onto the heap
 * ({@code mapped = false}) do not depend on the files after they are opened.
 *
 * <pre>{@code
 * try (Tablebase tb = Tablebase.open(Path.of("data"), Variant.ABAPA)) {
 *     tb.validate();                                // every header now, not in the search
 *     int[] b = {0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0}; // mover's pits, then the opponent's
 *     int v = tb.probe(b);                          // -2, or Tablebase.NO_VALUE if not covered
 *     int[] values = new int[6];
 *     int[] plies = new int[6];
 *     int legal = tb.rootMoves(b, values, plies);   // bit p set: pit p is legal; values[5] == -2
 *     Position p = Position.parse("0 0 0 0 0 1 / 1 0 0 0 0 0 S");
 *     List<Character> best = tb.bestMoves(p);       // [f]
 *     FinalResult r = tb.finalResult(p);            // South 0, North 2: North wins
 * }
 * }</pre>
 *
 * @see TableException for the errors raised (all unchecked)
 */
public final class Tablebase implements AutoCloseable {
    /**
     * What {@link #probe(int[])}, {@link #probeAll} and {@link #rootMoves} give for a board they
     * cannot answer (invalid, or outside the coverage) and for an illegal move: no value is this
     * small ({@code Integer.MIN_VALUE}).
     */
    public static final int NO_VALUE = Integer.MIN_VALUE;

    /**
     * How tables are read.
     *
     * @param mapped     memory-map the files (true) or read each onto the heap when first used
     * @param cacheBytes bytes of decoded blocks kept, shared by all tables (one byte per position;
     *                   a block of the default tables is cached as its four streams, each in an
     *                   array of 384 bytes however far it was decoded); 0 caches nothing
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
    private final TableSet tables;
    private final Object lock = new Object();
    private final ThreadLocal<ProbeContext> contexts = ThreadLocal.withInitial(ProbeContext::new);
    private final TableLayers layers = new TableLayers(this, false);
    private final TableLayers batchLayers = new TableLayers(this, true);
    private volatile DistanceTables distances;
    private volatile boolean closed;

    private Tablebase(Path dataDir, Variant variant, Options options, int maxSeeds) {
        this.dataDir = dataDir;
        this.variant = variant;
        this.options = options;
        this.maxSeeds = maxSeeds;
        this.cache = BlockCache.ofBytes(options.cacheBytes());
        this.tables = new TableSet(dataDir, variant, TableKind.VALUES, options.mapped(), cache);
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
        int max = TableSet.coverage(dataDir, variant, TableKind.VALUES, PositionIndex.MAX_SEEDS);
        if (max < 0) {
            throw new MissingTableException(variant, 0, TablePaths.valuesPath(dataDir, variant, 0));
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

    /** The options the tables are read with. */
    public Options options() {
        return options;
    }

    /** The largest seed count with every layer from 0 up to it present. */
    public int maxSeeds() {
        return maxSeeds;
    }

    /** True if boards of {@code seeds} seeds can be probed: {@code 0 <= seeds <= maxSeeds()}. */
    public boolean covers(int seeds) {
        return seeds >= 0 && seeds <= maxSeeds;
    }

    /**
     * The value of a mover-relative board for the side to move, for a search: {@link #NO_VALUE}
     * if the board is invalid (null, not 12 pits, a pit outside 0..48, more than 48 seeds) or
     * holds more seeds than {@link #maxSeeds()}; no exception is built for those. Allocates
     * nothing once the blocks it reads are cached. The board is not modified.
     *
     * @throws org.krou.table.CorruptTableException if a block it reads is damaged
     * @throws TableException                        if a table of the coverage, opened now, is missing,
     *                                               foreign or damaged ({@link #validate()} finds these first)
     * @throws IllegalStateException                 after {@link #close()}
     */
    public int probe(int[] board) {
        int n = Boards.seeds(board);
        if (n < 0 || n > maxSeeds) {
            return NO_VALUE;
        }
        return probe(contexts.get(), board, n, 0);
    }

    /**
     * Values every legal move of a mover-relative board, in one call and without allocating:
     * {@code moveValues[p]} is the value for the mover of sowing its pit {@code p} (0..5), that is
     * what the move captures minus the value of the position it leads to, or {@link #NO_VALUE} if
     * the pit cannot be played. If {@code distances} is not null, {@code distances[p]} is the
     * move's distance to conversion from the distance tables ({@code krou generate --dtc}): 1 for
     * a capture, else 1 plus the plies until the next capture or the game's end under perfect
     * play; -1 if the move captures nothing and leads to a position worth 0, if no distance table
     * covers the board, or if the pit cannot be played. (Only the tables are used; where there are
     * none, {@link PerfectPlay#bestMove} searches.)
     *
     * @return the legal moves as a mask (bit {@code p} for pit {@code p}; 0 if the game is over),
     *         or -1 if the board is invalid or not covered (then every entry is {@code NO_VALUE}
     *         and -1)
     * @throws IllegalArgumentException if an array holds fewer than 6 entries
     * @throws org.krou.table.TableException as {@link #probe(int[])}
     */
    public int rootMoves(int[] board, int[] moveValues, int[] distances) {
        return RootMoves.fill(this, board, moveValues, distances, null);
    }

    /**
     * As {@link #rootMoves(int[], int[], int[])}, and the seeds each legal move captures into
     * {@code captured} (6 entries, 0 for a pit that cannot be played).
     */
    public int rootMoves(int[] board, int[] moveValues, int[] distances, int[] captured) {
        if (captured.length < Rules.ROW) {
            throw new IllegalArgumentException("captured has " + captured.length + " entries: expected 6, one per pit");
        }
        Arrays.fill(captured, 0, Rules.ROW, 0);
        return RootMoves.fill(this, board, moveValues, distances, captured);
    }

    /**
     * The values of {@code out.length} mover-relative boards held one after the other in
     * {@code boards} (pits {@code 12 * i .. 12 * i + 11} for {@code out[i]}), as
     * {@link #probe(int[])} gives them, written in input order. The look-ups are sorted by table
     * and block first, so each block of the boards' tables is read from the cache or decoded at
     * most once per call, however small the cache; the one-ply resolution of "don't care" entries
     * then probes the smaller tables through the cache. It allocates its sort keys: about 20 bytes
     * a board, for at most {@code 2^17} boards at a time.
     *
     * @throws IllegalArgumentException if {@code boards.length != 12 * out.length}
     * @throws org.krou.table.TableException as {@link #probe(int[])}
     */
    public void probeAll(int[] boards, int[] out) {
        if (boards.length != Rules.PITS * out.length) {
            throw new IllegalArgumentException(boards.length + " pits for " + out.length + " boards: expected "
                    + Rules.PITS * out.length + " (12 a board)");
        }
        SortedBatch.probe(this, boards, out);
    }

    /** Checks the header of every table of the coverage now, as {@link #validate(boolean) validate(false)}. */
    public void validate() {
        validate(false);
    }

    /**
     * Opens every value table of {@code 0..maxSeeds()} seeds and every distance table present
     * for them, checking each header, model and block index; with {@code checksums} also reads
     * each file once to check its whole-file checksum (which covers every block). Once this has
     * passed, probes meet a damaged table only if a file changes afterwards.
     *
     * @throws MissingTableException                  for the first table that has disappeared
     * @throws org.krou.table.TableFormatException    for the first table that is foreign or malformed
     * @throws org.krou.table.CorruptTableException   for the first checksum that differs
     * @throws IllegalStateException                  after {@link #close()}
     */
    public void validate(boolean checksums) {
        for (int n = 0; n <= maxSeeds; n++) {
            TableFile t = table(n);
            if (checksums) {
                t.verifyFileChecksum();
            }
        }
        distanceTables().validate(checksums);
    }

    /**
     * The largest seed count whose distance table ({@code krou generate --dtc}), and every
     * smaller one, is present; -1 if none.
     */
    public int distanceMaxSeeds() {
        return distanceTables().maxSeeds();
    }

    /**
     * The stored distance to conversion of a mover-relative board: the plies until a capture or
     * the game's end under value-optimal play (0 for a finished game), {@value #WORTH_ZERO} for a
     * position worth 0; -1 if the board is invalid or no distance table covers it.
     *
     * @throws org.krou.table.TableException as {@link #probe(int[])}
     */
    public int distance(int[] board) {
        int n = Boards.seeds(board);
        DistanceTables d = distanceTables();
        return n < 0 || n > d.maxSeeds() ? -1 : d.distance(board, n);
    }

    /** What {@link #distance(int[])} gives for a position worth 0 (no conversion is needed). */
    public static final int WORTH_ZERO = DistanceTables.NONE;

    /**
     * The distance tables beside the value tables, sharing their cache; opened with them, closed
     * by {@link #close()}.
     */
    DistanceTables distanceTables() {
        DistanceTables d = distances;
        if (d == null) {
            synchronized (lock) {
                if (closed) {
                    throw new IllegalStateException("the tablebase is closed");
                }
                d = distances;
                if (d == null) {
                    d = new DistanceTables(dataDir, variant, maxSeeds, cache);
                    distances = d;
                }
            }
        }
        return d;
    }

    /** This thread's scratch arrays. */
    ProbeContext context() {
        return contexts.get();
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

    /** The seeds of {@code b}, or an exception saying what is wrong with it. */
    private int seedsOf(int[] b) {
        int n = Boards.seeds(b);
        if (n < 0) {
            throw Boards.invalid(b);
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

    /** The value of valid board {@code b} of {@code n <= maxSeeds()} seeds, using {@code ctx} from {@code depth} on. */
    int probe(ProbeContext ctx, int[] b, int n, int depth) {
        return DontCareResolver.probe(variant, layers, ctx, b, n, depth);
    }

    /**
     * {@code max(stored, best capture)}; the rule value for a finished game ({@link DontCareResolver}):
     * for {@link #probeAll}, whose children's blocks are decoded whole on a miss.
     */
    int resolve(ProbeContext ctx, int[] b, int n, int stored, int depth) {
        return DontCareResolver.resolve(variant, batchLayers, ctx, b, n, stored, depth);
    }

    /** The open table of {@code seeds} seeds (opened now if needed). */
    TableFile table(int seeds) {
        TableFile t;
        try {
            t = tables.table(seeds);
        } catch (IllegalStateException e) {
            throw new IllegalStateException("the tablebase is closed");
        }
        return t;
    }

    /**
     * Every legal move of {@code p} with its value for the mover, in pit order; empty if the game
     * is over.
     */
    public List<MoveValue> moveValues(Position p) {
        int[] b = p.moverRelative();
        seedsOf(b);
        int[] values = new int[Rules.ROW];
        int[] captured = new int[Rules.ROW];
        return MoveValue.listOf(p.toMove(), RootMoves.fill(this, b, values, null, captured), values, captured);
    }

    /** The moves of greatest value, in pit order; empty if the game is over. */
    public List<Character> bestMoves(Position p) {
        return MoveValue.best(moveValues(p));
    }

    /** The final score under perfect play, counting the seeds {@code p} records as captured. */
    public FinalResult finalResult(Position p) {
        return FinalResult.of(p, value(p));
    }

    /**
     * Metadata of the tables this tablebase answers from, as it holds them open: the value tables of
     * {@code 0..maxSeeds()}, then the distance tables of {@code 0..distanceMaxSeeds()}. No other
     * file is read (a larger layer still being written does not matter here).
     *
     * @throws org.krou.table.TableException if a table of the coverage is missing, foreign or damaged
     */
    public List<TableInfo> coverageInfo() {
        try {
            List<TableInfo> out = new ArrayList<>(tables.openInfo(maxSeeds));
            out.addAll(distanceTables().info());
            return out;
        } catch (IllegalStateException e) {
            throw new IllegalStateException("the tablebase is closed");
        }
    }

    /** Metadata of every value table file of the variant present in the directory, by seed count. */
    public List<TableInfo> info() {
        try {
            return tables.info(maxSeeds);
        } catch (IllegalStateException e) {
            throw new IllegalStateException("the tablebase is closed");
        }
    }

    /** Closes every open table; later probes fail. */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            tables.close();
            if (distances != null) {
                distances.close();
            }
        }
        cache.clear();
    }
}
