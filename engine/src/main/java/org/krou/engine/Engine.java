package org.krou.engine;

import java.util.ArrayList;
import java.util.List;
import org.krou.probe.BestMove;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;

/**
 * Analysis and move choice for any position, for AI authors: perfect where the tables cover the
 * position, exact where a search can prove the value from the tables, the rules and the analysis
 * store, and searched within a budget otherwise.
 *
 * <p>Each analysis deepens iteratively. Every iteration runs a heuristic pass and the two bound
 * passes of {@link Search}: the bounds reported are proven (they contain the exact value), and
 * the result is {@link Analysis#exact() exact} when they meet. The move played where nothing is
 * proven comes from the heuristic pass, whose <b>evaluation</b> of a position left unexplored is
 * the middle of the interval proven for it ({@code 0} for a position about which nothing is
 * proven), so a line is scored by the seeds captured along it, by the tables where it reaches
 * them and by the rules where the game ends; a repetition scores 0. What the search proves at
 * nodes deep enough is merged into the {@link AnalysisStore} if one is given, and the store is
 * read before searching: a position it knows exactly is answered without a search.
 *
 * <p>The transposition table (16 bytes an entry) is kept from one analysis to the next. An
 * engine is not thread-safe: use one per thread (they may share the tables and the store).
 *
 * <pre>{@code
 * try (Tablebase tb = Tablebase.open(Path.of("data"), Variant.ABAPA);
 *      AnalysisStore store = AnalysisStore.open(Path.of("data"), Variant.ABAPA, 1 << 20)) {
 *     Engine engine = new Engine(Variant.ABAPA, tb, tb.maxSeeds(), store, 22);
 *     Analysis a = engine.analyse(Position.START, Limits.ofSeconds(10));
 *     char move = engine.bestMove(Position.START, Limits.ofNodes(2_000_000));
 * }
 * }</pre>
 */
public final class Engine {
    /** The transposition table's size unless told otherwise: 2^22 entries, 64 MiB. */
    public static final int DEFAULT_HASH_LOG2 = 22;

    /** What an analysis reports after each completed iteration (for progress displays). */
    @FunctionalInterface
    public interface Progress {
        /** Iteration {@code depth} finished with these proven bounds, the move preferred, after {@code nodes} nodes. */
        void iteration(int depth, int lo, int hi, Character best, long nodes, long nanos);

        /** Reports nothing. */
        Progress NONE = (depth, lo, hi, best, nodes, nanos) -> {
        };
    }

    private final Variant variant;
    private final Tablebase tables;
    private final int horizon;
    private final AnalysisStore store;
    private final Search search;
    /** Perfect play over the tables, for the moves played where they cover the position; null without tables. */
    private final PerfectPlay perfect;
    private boolean storeFull;
    private long written;

    /**
     * An engine.
     *
     * @param variant  the rules
     * @param tables   the tables probed, or null for none
     * @param horizon  the largest seed count probed in the tables, at most their coverage (for
     *                 testing and for fewer tables; ignored without tables)
     * @param store    the analysis store read and written, or null for none
     * @param hashLog2 the transposition table holds {@code 2^hashLog2} entries (1..30)
     * @throws IllegalArgumentException if the tables are of another variant, or the horizon is
     *                                  beyond them or below -1
     */
    public Engine(Variant variant, Tablebase tables, int horizon, AnalysisStore store, int hashLog2) {
        this(variant, tables, horizon, store, hashLog2, PerfectPlay.DEFAULT_SEARCH_NODES);
    }

    /**
     * An engine, as {@link #Engine(Variant, Tablebase, int, AnalysisStore, int)}, whose moves
     * inside the tables may search up to {@code conversionNodes} positions for a converting line
     * where no distance table covers a layer (see {@link PerfectPlay#over(Tablebase, int)}; 0:
     * never search, the moves are then merely value-optimal there).
     *
     * @throws IllegalArgumentException as the other constructor, or if {@code conversionNodes} is negative
     */
    public Engine(Variant variant, Tablebase tables, int horizon, AnalysisStore store, int hashLog2,
            int conversionNodes) {
        if (tables != null && tables.variant() != variant) {
            throw new IllegalArgumentException("tables of " + tables.variant().id() + " for an engine of " + variant.id());
        }
        if (tables != null && (horizon < -1 || horizon > tables.maxSeeds())) {
            throw new IllegalArgumentException("horizon " + horizon + ": the tables cover 0.." + tables.maxSeeds()
                    + " seeds (-1: probe none)");
        }
        this.variant = variant;
        this.tables = tables;
        this.horizon = tables == null ? -1 : horizon;
        this.store = store;
        this.search = new Search(variant, tables, this.horizon, new TranspositionTable(hashLog2), store);
        this.perfect = tables == null ? null : PerfectPlay.over(tables, conversionNodes);
    }

    /** An engine over all of {@code tables}, without a store. */
    public Engine(Tablebase tables) {
        this(tables.variant(), tables, tables.maxSeeds(), null, DEFAULT_HASH_LOG2);
    }

    /** The largest seed count probed in the tables (-1: none). */
    public int horizon() {
        return horizon;
    }

    /** Analyses {@code p} within {@code limits}. */
    public Analysis analyse(Position p, Limits limits) {
        return analyse(p, limits, Progress.NONE);
    }

    /**
     * Analyses {@code p} within {@code limits}, reporting each iteration to {@code progress}.
     *
     * @throws StoreException if the store cannot be read or written (a full store is not an
     *                        error here: see {@link Analysis#storeFull()})
     */
    public Analysis analyse(Position p, Limits limits, Progress progress) {
        long t0 = System.nanoTime();
        storeFull = false;
        written = 0;
        int[] b = p.moverRelative();
        int m = Rules.seeds(b);
        long key = PositionKey.of(b, m);
        int[] values = new int[Rules.ROW];
        int mask = Rules.generate(b, variant, new int[Rules.ROW * Rules.PITS], values, new int[Rules.PITS]);
        if (mask == 0) {
            int v = Rules.terminalValue(b, variant);
            return new Analysis(p, v, v, null, List.of(), 0, 1, System.nanoTime() - t0, false, false, 0, 0);
        }
        if (m <= horizon) {
            return fromTables(p, b, t0);
        }
        StoreEntry stored = store == null ? null : store.get(key);
        if (stored != null && stored.exact() && stored.best() != StoreEntry.NO_MOVE) {
            List<Character> line = storedLine(p);
            return new Analysis(p, stored.lo(), stored.hi(), line.get(0), line, 0, 0, System.nanoTime() - t0,
                    true, false, line.size(), 0);
        }
        TranspositionTable tt = search.tt;
        if (stored != null) {
            tt.tighten(key, m, stored.lo(), stored.hi(), Math.min(255, stored.depth()));
        }
        search.nodes = 0;
        search.storeHits = stored == null ? 0 : 1;
        search.pendingCount = 0;
        long deadline = limits.seconds() >= 1e9 ? Long.MAX_VALUE : t0 + (long) (limits.seconds() * 1e9);
        search.budget(limits.nodes(), deadline);
        int[] heuristicLine = new int[0];
        int[] proofLine = new int[0];
        int proofValue = Integer.MIN_VALUE;
        int depth = 0;
        for (int d = 1; d <= limits.depth(); d++) {
            search.limit(d > 1);
            search.root(b);
            search.heuristic(0, d, -Search.INF, Search.INF);
            if (search.aborted) {
                break;
            }
            heuristicLine = line(search);
            search.root(b);
            int lo = search.bound(0, d, -Search.INF, Search.INF, true);
            if (search.aborted) {
                break;
            }
            if (search.pvLength[0] > 0 && lo > proofValue) {
                proofValue = lo;
                proofLine = line(search);
            }
            search.root(b);
            search.bound(0, d, -Search.INF, Search.INF, false);
            if (search.aborted) {
                break;
            }
            depth = d;
            flush();
            long e = tt.get(key);
            int l = TranspositionTable.lower(e);
            int h = TranspositionTable.upper(e);
            progress.iteration(d, l, h, letter(p.toMove(), heuristicLine), search.nodes, System.nanoTime() - t0);
            if (l == h) {
                break;
            }
        }
        flush();
        long e = tt.get(key);
        int lo = TranspositionTable.lower(e);
        int hi = TranspositionTable.upper(e);
        int[] chosen = lo == hi && proofValue == lo ? proofLine : heuristicLine;
        if (chosen.length == 0) {
            int pit = TranspositionTable.best(e);
            chosen = new int[] {pit != TranspositionTable.NONE && (mask & 1 << pit) != 0 ? pit
                    : Integer.numberOfTrailingZeros(mask)};
        }
        List<Character> line = letters(p.toMove(), chosen);
        if (store != null && !storeFull) {
            write(key, new StoreEntry(lo, hi, depth, chosen[0]));
        }
        return new Analysis(p, lo, hi, line.get(0), line, depth, search.nodes, System.nanoTime() - t0, false,
                storeFull, search.storeHits, written);
    }

    /**
     * The move to play in {@code p}, within {@code limits}:
     * <ul>
     * <li>if the tables cover {@code p} (at most {@link #horizon()} seeds), the move of perfect
     *     play, {@link PerfectPlay#bestMove}: value-optimal, and chosen by distance to conversion
     *     so that a side ahead realises its value against any defence (unless no distance table
     *     covers the layer and the conversion search exceeds its budget); no search, no budget;</li>
     * <li>else, if the store or the search within {@code limits} proves the exact value, a move
     *     of a proof of that value;</li>
     * <li>else the first move of the heuristic pass of the last completed iteration: the move that
     *     maximises, at the depth reached, the seeds captured along the line plus the evaluation of
     *     its leaf, that is the exact value where the tables, the store or the rules give it, and
     *     the middle {@code (lo + hi) / 2} of the proven interval of a position left unexplored
     *     ({@code 0} for one about which nothing is proven); a repetition scores 0. If not even
     *     the first iteration completes, the best move the transposition table remembers, or the
     *     first legal move.</li>
     * </ul>
     * The value scale is the tables' one: seeds the mover will still capture minus those the
     * opponent will. With a node budget and no store the choice is deterministic for a given
     * engine history (the transposition table is kept between calls).
     *
     * @throws IllegalArgumentException if the game is over in {@code p}
     */
    public char bestMove(Position p, Limits limits) {
        if (perfect != null && p.seeds() <= horizon) {
            BestMove m = perfect.bestMove(p);
            if (m == null) {
                throw new IllegalArgumentException("the game is over in " + p + ": no move to play");
            }
            return m.move();
        }
        Analysis a = analyse(p, limits);
        if (a.best() == null) {
            throw new IllegalArgumentException("the game is over in " + p + ": no move to play");
        }
        return a.best();
    }

    private Analysis fromTables(Position p, int[] b, long t0) {
        int[] values = new int[Rules.ROW];
        int mask = tables.rootMoves(b, values, null);
        int best = -1;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & 1 << pit) != 0 && (best < 0 || values[pit] > values[best])) {
                best = pit;
            }
        }
        int v = values[best];
        List<Character> line = List.of(Position.moveLetter(p.toMove(), best));
        return new Analysis(p, v, v, line.get(0), line, 0, 1, System.nanoTime() - t0, false, false, 0, 0);
    }

    /** The line of stored best moves from {@code p}, while the store knows them and no position repeats. */
    private List<Character> storedLine(Position p) {
        List<Character> line = new ArrayList<>();
        List<Long> seen = new ArrayList<>();
        Position q = p;
        while (line.size() < Search.MAX_PLY) {
            int[] b = q.moverRelative();
            long k = PositionKey.of(b);
            StoreEntry s = seen.contains(k) ? null : store.get(k);
            if (s == null || s.best() == StoreEntry.NO_MOVE || q.isGameOver(variant)) {
                break;
            }
            seen.add(k);
            char move = Position.moveLetter(q.toMove(), s.best());
            line.add(move);
            q = q.play(move, variant).after().withoutCaptures();
        }
        return line;
    }

    /** Writes the bounds proven at deep nodes since the last flush. */
    private void flush() {
        TranspositionTable tt = search.tt;
        for (int i = 0; i < search.pendingCount && !storeFull; i++) {
            long k = search.pending[i];
            long e = tt.get(k);
            if (e != 0) {
                int best = TranspositionTable.best(e);
                write(k, new StoreEntry(TranspositionTable.lower(e), TranspositionTable.upper(e),
                        TranspositionTable.proofDepth(e), best == TranspositionTable.NONE ? StoreEntry.NO_MOVE : best));
            }
        }
        search.pendingCount = 0;
    }

    private void write(long key, StoreEntry entry) {
        try {
            if (store.merge(key, entry)) {
                written++;
            }
        } catch (StoreFullException e) {
            storeFull = true;
        }
    }

    private static int[] line(Search s) {
        int[] out = new int[s.pvLength[0]];
        System.arraycopy(s.pv[0], 0, out, 0, out.length);
        return out;
    }

    private static Character letter(Side side, int[] line) {
        return line.length == 0 ? null : Position.moveLetter(side, line[0]);
    }

    private static List<Character> letters(Side side, int[] pits) {
        List<Character> out = new ArrayList<>(pits.length);
        Side s = side;
        for (int pit : pits) {
            out.add(Position.moveLetter(s, pit));
            s = s.opponent();
        }
        return out;
    }
}
