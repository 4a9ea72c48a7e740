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
 * <p>Many moves keep a position's value, and picking any of them can wander in circles. With the
 * distance-to-conversion tables ({@code krou generate --dtc}) the side ahead picks, among the
 * value-optimal moves, the one that leaves the layer soonest (a value-optimal capture counts 1,
 * a quiet move {@code 1 +} the child's distance) and the side behind the one that puts it off
 * longest; each such move lowers the distance by one until a capture, so the value is realised
 * against any defence. Without them, {@link #bestMove} still returns a value-optimal move and says
 * that progress is not guaranteed. Positions worth 0 need no progress: any value-optimal move is
 * perfect, and a line may end in a repetition (the seeds are then shared).
 *
 * <pre>{@code
 * try (PerfectPlay play = PerfectPlay.open(Path.of("data"), Variant.ABAPA)) {
 *     Line line = play.principalLine(Position.parse("0 0 0 1 2 1 / 1 1 0 0 0 2 S"));
 *     line.plies().forEach(p -> System.out.println(p.move() + " takes " + p.captured()));
 * }
 * }</pre>
 */
public final class PerfectPlay implements AutoCloseable {
    /** The longest line followed before giving up (never reached by value-optimal play). */
    public static final int MAX_PLIES = 100_000;

    private final Tablebase tablebase;
    private final DistanceTables distances;
    private final boolean owns;

    private PerfectPlay(Tablebase tablebase, boolean owns) {
        this.tablebase = tablebase;
        this.distances = new DistanceTables(tablebase.dataDir(), tablebase.variant(), tablebase.maxSeeds());
        this.owns = owns;
    }

    /** Perfect play over an open tablebase (which stays open when this is closed). */
    public static PerfectPlay over(Tablebase tablebase) {
        return new PerfectPlay(tablebase, false);
    }

    /** Opens the value and distance tables of {@code variant} under {@code dataDir}. */
    public static PerfectPlay open(java.nio.file.Path dataDir, org.krou.rules.Variant variant) {
        return new PerfectPlay(Tablebase.open(dataDir, variant), true);
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
     * value-optimal play; -1 if {@code p} is worth 0 (no progress needed) or no distance table
     * covers it.
     */
    public int distance(Position p) {
        int[] b = p.moverRelative();
        int n = Rules.seeds(b);
        if (n > distances.maxSeeds()) {
            tablebase.value(b); // the coverage error, if any, comes from the value tables
            return -1;
        }
        int d = distances.distance(b, n);
        return d == DistanceTables.NONE ? -1 : d;
    }

    /**
     * The move to play, or null if the game is over.
     *
     * @throws org.krou.table.TableException if the tables cannot answer
     */
    public BestMove bestMove(Position p) {
        int[] b = p.moverRelative();
        int n = Rules.seeds(b);
        int v = tablebase.value(b);
        int[] children = new int[72];
        int[] captured = new int[6];
        int mask = Rules.generate(b, tablebase.variant(), children, captured, new int[12]);
        if (mask == 0) {
            return null;
        }
        boolean useDistance = v != 0 && n <= distances.maxSeeds();
        int[] child = new int[12];
        int bestPit = -1;
        int bestDistance = -1;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) == 0) {
                continue;
            }
            System.arraycopy(children, pit * Rules.PITS, child, 0, Rules.PITS);
            int c = captured[pit];
            if (c - tablebase.value(child) != v) {
                continue;
            }
            if (!useDistance) {
                bestPit = pit;
                break;
            }
            int d = c > 0 ? 1 : 1 + distances.distance(child, n);
            if (bestPit < 0 || (v > 0 ? d < bestDistance : d > bestDistance)) {
                bestPit = pit;
                bestDistance = d;
            }
        }
        if (bestPit < 0) {
            throw new IllegalStateException("no move of " + p + " reaches its table value " + v
                    + ": the tables are inconsistent; run 'krou verify'");
        }
        return new BestMove(Position.moveLetter(p.toMove(), bestPit), captured[bestPit], v,
                useDistance ? bestDistance : -1, useDistance || v == 0);
    }

    /** The line of perfect play from {@code p} to the game's end or the first repeated position. */
    public Line principalLine(Position p) {
        int value = tablebase.value(p);
        List<Ply> plies = new ArrayList<>();
        Set<Position> seen = new HashSet<>();
        Position at = p;
        while (true) {
            Position key = at.withoutCaptures();
            if (!seen.add(key)) {
                return new Line(p, value, plies, Line.End.REPETITION, shared(at));
            }
            BestMove m = bestMove(at);
            if (m == null) {
                return new Line(p, value, plies, endOf(at), finished(at));
            }
            if (plies.size() >= MAX_PLIES) {
                throw new IllegalStateException("line longer than " + MAX_PLIES + " plies from " + p);
            }
            int[] mr = at.moverRelative();
            int d = m.distance() < 0 ? -1 : distances.distance(mr, Rules.seeds(mr));
            MoveResult r = at.play(m.move(), tablebase.variant());
            plies.add(new Ply(m.move(), r.captured(), m.value(), m.value() == 0 ? -1 : d, r.after()));
            at = r.after();
        }
    }

    private static Line.End endOf(Position at) {
        return Rules.moverSeeds(at.moverRelative()) == 0 ? Line.End.NO_SEEDS : Line.End.CANNOT_FEED;
    }

    /** The score when the side to move cannot move: the seeds left go to whoever takes them. */
    private static FinalResult finished(Position at) {
        int[] b = at.moverRelative();
        return FinalResult.of(at, Rules.terminalValue(b));
    }

    /** The score when no capture will come: the seeds left are shared. */
    private static FinalResult shared(Position at) {
        return FinalResult.of(at, 0);
    }

    @Override
    public void close() {
        distances.close();
        if (owns) {
            tablebase.close();
        }
    }

}
