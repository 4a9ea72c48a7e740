package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.index.PositionIndex;
import org.krou.probe.BestMove;
import org.krou.probe.Line;
import org.krou.probe.PerfectPlay;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;

/**
 * Perfect play realises the table value: in self-play, against a random player and against a
 * player that stalls, from thousands of random positions, both with distance tables and with the
 * distances computed by the conversion search (tables generated without {@code --dtc}); the two
 * sources of distances agree position by position.
 */
class PerfectPlayTest {
    static final int MAX = 12;
    static final int GAMES = 1500;
    /** Games for the engines that search for distances (each search costs a few milliseconds). */
    static final int SEARCH_GAMES = 500;

    @TempDir
    static Path dir;
    static PerfectPlay abapa;
    static PerfectPlay awari;
    /** The same variants over tables without distance tables: distances come from the search. */
    static PerfectPlay abapaSearch;
    static PerfectPlay awariSearch;

    @BeforeAll
    static void generate() throws Exception {
        Path plain = dir.resolve("plain");
        for (Variant v : new Variant[] {Variant.ABAPA, Variant.AWARI}) {
            new Generator(v, 2, new TableLayerStore(dir, v, 2), Progress.NONE, true).run(MAX);
            new Generator(v, 2, new TableLayerStore(plain, v, 2), Progress.NONE, false).run(MAX);
        }
        abapa = PerfectPlay.open(dir, Variant.ABAPA);
        awari = PerfectPlay.open(dir, Variant.AWARI);
        abapaSearch = PerfectPlay.open(plain, Variant.ABAPA);
        awariSearch = PerfectPlay.open(plain, Variant.AWARI);
        assertEquals(MAX, abapa.distanceMaxSeeds());
        assertEquals(-1, abapaSearch.distanceMaxSeeds());
    }

    @AfterAll
    static void close() {
        for (PerfectPlay p : List.of(abapa, awari, abapaSearch, awariSearch)) {
            p.close();
        }
    }

    /** Every engine under test with its number of games. */
    static List<Map.Entry<PerfectPlay, Integer>> engines() {
        return List.of(Map.entry(abapa, GAMES), Map.entry(awari, GAMES), Map.entry(abapaSearch, SEARCH_GAMES),
                Map.entry(awariSearch, SEARCH_GAMES));
    }

    /** A random board of 1..MAX seeds with seeds on both sides, South or North to move. */
    static Position randomPosition(Random random) {
        int n = 2 + random.nextInt(MAX - 1);
        int[] b = new int[12];
        do {
            PositionIndex.unrank(n, (long) (random.nextDouble() * PositionIndex.size(n)), b);
        } while (Rules.moverSeeds(b) == 0 || Rules.opponentSeeds(b) == 0);
        return Position.fromMoverRelative(b, random.nextBoolean() ? Side.SOUTH : Side.NORTH);
    }

    /** The mover's final difference from playing {@code p} out: engine against {@code opponent}. */
    static int playOut(PerfectPlay engine, Position p, Opponent opponent, Random random, boolean checkProgress) {
        Variant variant = engine.tablebase().variant();
        Side engineSide = p.toMove();
        Set<Position> seen = new HashSet<>();
        Position at = p;
        while (true) {
            if (!seen.add(new Position(at.pits(), at.toMove()))) {
                return difference(at, engineSide, 0); // repetition: the rest is shared
            }
            if (at.isGameOver(variant)) {
                int[] b = at.moverRelative();
                return difference(at, engineSide, Rules.terminalValue(b, variant));
            }
            char move;
            if (opponent == null || at.toMove() == engineSide) {
                BestMove m = engine.bestMove(at);
                assertTrue(m.progressGuaranteed());
                move = m.move();
            } else {
                move = opponent.choose(at, variant, random);
            }
            MoveResult r = at.play(move, variant);
            if (checkProgress && r.captured() == 0 && !r.gameOver()) {
                int v = engine.tablebase().value(at);
                if (v != 0) {
                    // the position cannot repeat before the capture: nothing else to check here;
                    // the distance must fall by exactly one along perfect play
                    assertEquals(distance(engine, at) - 1, distance(engine, r.after()), "distance after " + move
                            + " from " + at);
                }
            }
            at = r.after();
        }
    }

    static int distance(PerfectPlay engine, Position p) {
        return engine.distance(p);
    }

    /** The engine side's captures minus the other's, from the start, with {@code restValue} for the side to move. */
    static int difference(Position at, Side engineSide, int restValue) {
        int s = at.southCaptured() - at.northCaptured();
        int rest = at.toMove() == Side.SOUTH ? restValue : -restValue;
        int southDiff = s + rest;
        return engineSide == Side.SOUTH ? southDiff : -southDiff;
    }

    interface Opponent {
        char choose(Position p, Variant v, Random random);
    }

    static final Opponent RANDOM = (p, v, random) -> {
        List<Character> moves = p.legalMoves(v);
        return moves.get(random.nextInt(moves.size()));
    };

    /** Never captures if it can help it, choosing at random among the quiet moves. */
    static final Opponent STALLER = (p, v, random) -> {
        List<Character> moves = p.legalMoves(v);
        List<Character> quiet = moves.stream().filter(m -> p.play(m, v).captured() == 0).toList();
        List<Character> pool = quiet.isEmpty() ? moves : quiet;
        return pool.get(random.nextInt(pool.size()));
    };

    @Test
    void selfPlayRealisesTheValueAndMakesProgress() {
        for (Map.Entry<PerfectPlay, Integer> e : engines()) {
            PerfectPlay engine = e.getKey();
            Random random = new Random(7);
            for (int g = 0; g < e.getValue(); g++) {
                Position p = randomPosition(random);
                int v = engine.tablebase().value(p);
                Line line = engine.principalLine(p);
                assertEquals(v, difference(finalPosition(line), p.toMove(), 0) + restOf(line, p.toMove(), engine.tablebase().variant()),
                        "self-play from " + p);
                assertTrue(line.converts(), "line from " + p);
                assertEquals(engine.tablebase().finalResult(p).toString(), line.result().toString(), "result of the line from " + p);
                if (v != 0) {
                    // a capture or the game's end comes before any position repeats
                    boolean converted = line.end() != Line.End.REPETITION
                            || line.plies().stream().anyMatch(ply -> ply.captured() > 0);
                    assertTrue(converted, "no progress from " + p + " worth " + v);
                    assertFalse(line.plies().isEmpty() && line.plies().get(0).distance() < 0, "no distance at " + p);
                }
                if (g < e.getValue() * 2 / 5) {
                    playOut(engine, p, null, random, true);
                }
            }
        }
    }

    static Position finalPosition(Line line) {
        return line.plies().isEmpty() ? line.start() : line.plies().get(line.plies().size() - 1).after();
    }

    /** What the end of a line adds for {@code side}: the seeds left, taken or shared. */
    static int restOf(Line line, Side side, Variant variant) {
        Position last = finalPosition(line);
        int rest = line.end() == Line.End.REPETITION ? 0 : Rules.terminalValue(last.moverRelative(), variant);
        return last.toMove() == side ? rest : -rest;
    }

    @Test
    void perfectPlayNeverScoresLessThanTheValue() {
        for (Map.Entry<PerfectPlay, Integer> e : engines()) {
            PerfectPlay engine = e.getKey();
            Random random = new Random(11);
            for (int g = 0; g < e.getValue(); g++) {
                Position p = randomPosition(random);
                int v = engine.tablebase().value(p);
                Opponent o = g % 2 == 0 ? RANDOM : STALLER;
                int got = playOut(engine, p, o, random, false);
                assertTrue(got >= v, (o == RANDOM ? "random" : "staller") + " opponent held " + p + " (value " + v
                        + ") to " + got);
            }
        }
    }

    @Test
    void searchedDistancesEqualTheDistanceTables() {
        for (Variant v : new Variant[] {Variant.ABAPA, Variant.AWARI}) {
            PerfectPlay tables = v == Variant.ABAPA ? abapa : awari;
            PerfectPlay search = v == Variant.ABAPA ? abapaSearch : awariSearch;
            Random random = new Random(13);
            int nonzero = 0;
            for (int k = 0; k < 1000; k++) {
                Position p = randomPosition(random);
                int d = tables.distance(p);
                assertEquals(d, search.distance(p), v + " distance of " + p);
                nonzero += d > 0 ? 1 : 0;
            }
            assertTrue(nonzero > 300, "too few positions with a distance: " + nonzero);
        }
    }

    @Test
    void withoutAnyDistanceTheLineNeverContradictsTheValue() {
        // a search budget of 0: moves are merely value-optimal, as before the conversion search;
        // this position's value-optimal moves cycle (South 8 - North 4 if the cycle were shared)
        Position cycling = Position.parse("0 0 3 1 2 1 / 1 1 0 0 2 1 S");
        try (PerfectPlay blind = PerfectPlay.over(abapaSearch.tablebase(), 0)) {
            Line line = blind.principalLine(cycling);
            assertEquals(Line.End.REPETITION, line.end());
            assertFalse(line.converts());
            assertEquals("South 7, North 5: South wins", line.result().toString());
            assertFalse(blind.bestMove(cycling).progressGuaranteed());
            assertEquals(-1, blind.distance(cycling));
            Random random = new Random(17);
            int cycled = 0;
            for (int k = 0; k < 500; k++) {
                Position p = randomPosition(random);
                Position withCaptures = new Position(p.pits(), p.toMove(), (48 - p.seeds()) / 2, 0);
                Line l = blind.principalLine(withCaptures);
                assertEquals(blind.tablebase().finalResult(withCaptures).toString(), l.result().toString(), "line from " + withCaptures);
                cycled += l.converts() ? 0 : 1;
            }
            assertTrue(cycled > 0, "no line cycled: the test no longer exercises the fallback");
        }
        Line line = abapaSearch.principalLine(cycling);
        assertTrue(line.converts());
        assertEquals(2, line.value());
        assertEquals("South 7, North 5: South wins", line.result().toString());
        assertTrue(abapaSearch.bestMove(cycling).progressGuaranteed());
        assertEquals(abapa.distance(cycling), abapaSearch.distance(cycling));
    }
}
