package org.krou.probe;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Rules;

/**
 * Moves that realise the table value: the best move and the principal line.
 *
 * <p>Many moves keep a position's value, and picking any of them can wander in circles. So the
 * side ahead picks, among the value-optimal moves, the one that leaves the layer soonest (a
 * value-optimal capture counts 1, a quiet move {@code 1 +} the child's distance to conversion)
 * and the side behind the one that puts it off longest; each such move lowers the distance by one
 * until a capture, so the value is realised against any defence. Distances come from the
 * distance-to-conversion tables ({@code krou generate --dtc}) where they exist; elsewhere they are
 * computed on demand by a search of the positions that value-optimal play can reach in the layer
 * (see {@code ConversionSearch}), up to a node budget. Only when that budget is exceeded is a move
 * merely value-optimal, and {@link BestMove#progressGuaranteed()} says so. Positions worth 0 need
 * no progress: any value-optimal move is perfect, and a line may end in a repetition (the seeds
 * are then shared).
 *
 * <pre>{@code
 * try (PerfectPlay play = PerfectPlay.open(Path.of("data"), Variant.ABAPA)) {
 *     Line line = play.principalLine(Position.parse("0 0 0 1 2 1 / 1 1 0 0 0 2 S"));
 *     line.plies().forEach(p -> System.out.println(p.move() + " takes " + p.captured()));
 *     line.converts();   // true: the line realises the value
 * }
 * }</pre>
 */
public final class PerfectPlay implements AutoCloseable {
    /** The longest line followed before giving up (never reached by value-optimal play). */
    public static final int MAX_PLIES = 100_000;

    /**
     * The default budget of the conversion search: positions of one layer held (about 100 bytes
     * each) before giving up where no distance table covers the layer.
     */
    public static final int DEFAULT_SEARCH_NODES = 1 << 21;

    private final Tablebase tablebase;
    private final DistanceTables distances;
    private final boolean owns;
    private final int searchNodes;
    /** The last successful conversion search, reused while play stays in its graph. */
    private volatile ConversionSearch lastSearch;

    private PerfectPlay(Tablebase tablebase, boolean owns, int searchNodes) {
        if (searchNodes < 0) {
            throw new IllegalArgumentException("search budget " + searchNodes + ": expected 0 or more positions");
        }
        this.tablebase = tablebase;
        this.distances = tablebase.distanceTables(); // one registry and one cache per tablebase
        this.owns = owns;
        this.searchNodes = searchNodes;
    }

    /** Perfect play over an open tablebase (which stays open when this is closed). */
    public static PerfectPlay over(Tablebase tablebase) {
        return over(tablebase, DEFAULT_SEARCH_NODES);
    }

    /**
     * Perfect play over an open tablebase, searching at most {@code searchNodes} positions for a
     * conversion where no distance table covers a layer (0: never search).
     */
    public static PerfectPlay over(Tablebase tablebase, int searchNodes) {
        return new PerfectPlay(tablebase, false, searchNodes);
    }

    /** Opens the value and distance tables of {@code variant} under {@code dataDir}. */
    public static PerfectPlay open(java.nio.file.Path dataDir, org.krou.rules.Variant variant) {
        return open(dataDir, variant, DEFAULT_SEARCH_NODES);
    }

    /** As {@link #open(java.nio.file.Path, org.krou.rules.Variant)}, with a search budget. */
    public static PerfectPlay open(java.nio.file.Path dataDir, org.krou.rules.Variant variant, int searchNodes) {
        Tablebase tb = Tablebase.open(dataDir, variant);
        try {
            return new PerfectPlay(tb, true, searchNodes);
        } catch (RuntimeException e) {
            tb.close();
            throw e;
        }
    }

    /** The value tables. */
    public Tablebase tablebase() {
        return tablebase;
    }

    /** The largest seed count for which distance tables guarantee progress; -1 if none. */
    public int distanceMaxSeeds() {
        return distances.maxSeeds();
    }

    /**
     * The distance to conversion of {@code p}: plies until a capture or the game's end under
     * value-optimal play; -1 if {@code p} is worth 0 (no progress needed), or if no distance table
     * covers it and the conversion search exceeds its budget.
     */
    public int distance(Position p) {
        int[] b = p.moverRelative();
        int n = Rules.seeds(b);
        int v = tablebase.value(b); // the coverage error, if any, comes from the value tables
        if (v == 0) {
            return -1;
        }
        if (n <= distances.maxSeeds()) {
            return distances.distance(b, n);
        }
        if (Rules.generate(b, tablebase.variant(), new int[72], new int[6], new int[12]) == 0) {
            return 0;
        }
        ConversionSearch s = search(b, n, v);
        return s == null ? -1 : s.distance(b);
    }

    /** The conversion search covering {@code b}: the last one if it does, else a new one; null if too big. */
    private ConversionSearch search(int[] b, int n, int v) {
        ConversionSearch s = lastSearch;
        if (s != null && s.distance(b) != ConversionSearch.UNKNOWN) {
            return s;
        }
        if (searchNodes == 0) {
            return null;
        }
        s = ConversionSearch.run(tablebase, b, n, v, searchNodes);
        if (s != null) {
            lastSearch = s;
        }
        return s;
    }

    /**
     * The move to play, or null if the game is over.
     *
     * @throws org.krou.table.TableException if the tables cannot answer
     */
    public BestMove bestMove(Position p) {
        return bestMove(p, true);
    }

    private BestMove bestMove(Position p, boolean maySearch) {
        int[] b = p.moverRelative();
        int n = Rules.seeds(b);
        int v = tablebase.value(b);
        int[] children = new int[72];
        int[] captured = new int[6];
        int mask = Rules.generate(b, tablebase.variant(), children, captured, new int[12]);
        if (mask == 0) {
            return null;
        }
        boolean tables = v != 0 && n <= distances.maxSeeds();
        ConversionSearch search = v != 0 && !tables && maySearch ? search(b, n, v) : null;
        boolean useDistance = tables || search != null;
        int[] child = new int[12];
        int[] values = new int[Rules.ROW];
        int[] distance = useDistance ? new int[Rules.ROW] : null;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) == 0) {
                continue;
            }
            System.arraycopy(children, pit * Rules.PITS, child, 0, Rules.PITS);
            int c = captured[pit];
            values[pit] = Rules.moveValue(c, child, tablebase.value(child), tablebase.variant());
            if (useDistance && values[pit] == v) {
                distance[pit] = c > 0 ? 1 : 1 + (tables ? distances.distance(child, n) : searched(search, child, v));
            }
        }
        int bestPit = preferredMove(mask, values, distance, v);
        if (bestPit < 0) {
            throw new IllegalStateException("no move of " + p + " reaches its table value " + v
                    + ": the tables are inconsistent; run 'krou verify'");
        }
        return new BestMove(Position.moveLetter(p.toMove(), bestPit), captured[bestPit], v,
                useDistance ? distance[bestPit] : -1, useDistance || v == 0);
    }

    /**
     * The move perfect play picks among the legal moves ({@code legal}, bit {@code p} for pit
     * {@code p}) whose value ({@code moveValues[p]}) equals the position's {@code value}: the side
     * ahead ({@code value > 0}) the one of least distance to conversion ({@code distances[p]}),
     * the side behind the one of greatest, the first in pit order on a tie; the first such move if
     * {@code value == 0} or {@code distances} is null. The arrays are as {@link Tablebase#rootMoves}
     * fills them. This is the one distance-based choice: {@link #bestMove} and
     * {@code krou verify}'s check of the distance tables both use it.
     *
     * @return the pit, or -1 if no legal move has the value (the tables are inconsistent)
     */
    public static int preferredMove(int legal, int[] moveValues, int[] distances, int value) {
        int best = -1;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((legal & (1 << pit)) == 0 || moveValues[pit] != value) {
                continue;
            }
            if (distances == null || value == 0) {
                return pit;
            }
            if (best < 0 || (value > 0 ? distances[pit] < distances[best] : distances[pit] > distances[best])) {
                best = pit;
            }
        }
        return best;
    }

    /**
     * The line of perfect play from {@code p} to the game's end or the first repeated position.
     * It realises the value ({@link Line#converts()}) unless no distance table covers a layer on
     * the way and the conversion search there exceeds its budget; then the moves are merely
     * value-optimal, and if they cycle the line is no proof: its result is still the one the
     * value gives, never the shared seeds of the cycle.
     */
    public Line principalLine(Position p) {
        int value = tablebase.value(p);
        List<Ply> plies = new ArrayList<>();
        Set<Position> seen = new HashSet<>();
        Position at = p;
        boolean guaranteed = true;
        int unsearchable = -1; // a layer whose search exceeded the budget: not tried again in this line
        MoveResult last = null;
        while (true) {
            Position key = at.withoutCaptures();
            if (!seen.add(key)) {
                // repeated: fine for a position worth 0; otherwise value-optimal moves wandered
                boolean realised = tablebase.value(at) == 0;
                return new Line(p, value, plies, Line.End.REPETITION, realised ? shared(at) : FinalResult.of(p, value),
                        realised);
            }
            BestMove m = bestMove(at, at.seeds() != unsearchable);
            if (m == null) {
                return new Line(p, value, plies, endOf(at), FinalResult.finished(at, last == null ? 0 : last.captured(), tablebase.variant()), true);
            }
            if (!m.progressGuaranteed()) {
                guaranteed = false;
                unsearchable = at.seeds();
            }
            if (plies.size() >= MAX_PLIES) {
                throw new IllegalStateException("line longer than " + MAX_PLIES + " plies from " + p
                        + (guaranteed ? "" : " (no distances: raise the search budget or generate --dtc)"));
            }
            MoveResult r = at.play(m.move(), tablebase.variant());
            last = r;
            plies.add(new Ply(m.move(), r.captured(), m.value(), m.value() == 0 ? -1 : m.distance(), r.after()));
            at = r.after();
        }
    }

    /**
     * A quiet child's distance from the search. The search does not follow the quiet moves of a
     * position ahead that has a value-optimal capture (distance 1): such a child counts as never
     * better than that capture. Every value-optimal child of a position behind is searched.
     */
    private static int searched(ConversionSearch search, int[] child, int v) {
        int d = search.distance(child);
        if (d != ConversionSearch.UNKNOWN) {
            return d;
        }
        if (v > 0) {
            return Integer.MAX_VALUE / 2;
        }
        throw new IllegalStateException("the conversion search missed a move of the side behind");
    }

    private static Line.End endOf(Position at) {
        return Rules.moverSeeds(at.moverRelative()) == 0 ? Line.End.NO_SEEDS : Line.End.CANNOT_FEED;
    }

    /** The score when no capture will come: the seeds left are shared. */
    private static FinalResult shared(Position at) {
        return FinalResult.of(at, 0);
    }

    @Override
    public void close() {
        if (owns) { // the distance tables are the tablebase's: closed with it
            tablebase.close();
        }
    }

}
