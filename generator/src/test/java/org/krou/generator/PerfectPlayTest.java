package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
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
 * player that stalls, from thousands of random positions of layers generated with distances.
 */
class PerfectPlayTest {
    static final int MAX = 12;
    static final int GAMES = 1500;

    @TempDir
    static Path dir;
    static PerfectPlay abapa;
    static PerfectPlay awari;

    @BeforeAll
    static void generate() throws Exception {
        for (Variant v : Variant.values()) {
            new Generator(v, 2, new TableLayerStore(dir, v, 2), Progress.NONE, true).run(MAX);
        }
        abapa = PerfectPlay.open(dir, Variant.ABAPA);
        awari = PerfectPlay.open(dir, Variant.AWARI);
    }

    @AfterAll
    static void close() {
        abapa.close();
        awari.close();
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
                return difference(at, engineSide, Rules.terminalValue(b));
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
        for (PerfectPlay engine : List.of(abapa, awari)) {
            Random random = new Random(7);
            for (int g = 0; g < GAMES; g++) {
                Position p = randomPosition(random);
                int v = engine.tablebase().value(p);
                Line line = engine.principalLine(p);
                assertEquals(v, difference(finalPosition(line), p.toMove(), 0) + restOf(line, p.toMove()),
                        "self-play from " + p);
                if (v != 0) {
                    // a capture or the game's end comes before any position repeats
                    boolean converted = line.end() != Line.End.REPETITION
                            || line.plies().stream().anyMatch(ply -> ply.captured() > 0);
                    assertTrue(converted, "no progress from " + p + " worth " + v);
                    assertFalse(line.plies().isEmpty() && line.plies().get(0).distance() < 0, "no distance at " + p);
                }
                if (g < 600) {
                    playOut(engine, p, null, random, true);
                }
            }
        }
    }

    static Position finalPosition(Line line) {
        return line.plies().isEmpty() ? line.start() : line.plies().get(line.plies().size() - 1).after();
    }

    /** What the end of a line adds for {@code side}: the seeds left, taken or shared. */
    static int restOf(Line line, Side side) {
        Position last = finalPosition(line);
        int rest = line.end() == Line.End.REPETITION ? 0 : Rules.terminalValue(last.moverRelative());
        return last.toMove() == side ? rest : -rest;
    }

    @Test
    void perfectPlayNeverScoresLessThanTheValue() {
        for (PerfectPlay engine : List.of(abapa, awari)) {
            Random random = new Random(11);
            for (int g = 0; g < GAMES; g++) {
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
    void withoutDistanceTablesTheBestMoveSaysSo() throws Exception {
        Path plain = dir.resolve("plain");
        new Generator(Variant.ABAPA, 2, new TableLayerStore(plain, Variant.ABAPA, 2), Progress.NONE).run(6);
        try (PerfectPlay engine = PerfectPlay.open(plain, Variant.ABAPA)) {
            BestMove m = engine.bestMove(Position.parse("0 0 0 1 0 1 / 1 0 0 0 0 1 S"));
            assertNotNull(m);
            assertEquals(-1, engine.distanceMaxSeeds());
            assertEquals(engine.tablebase().value(Position.parse("0 0 0 1 0 1 / 1 0 0 0 0 1 S")), m.value());
            if (m.value() != 0) {
                assertFalse(m.progressGuaranteed());
            }
        }
    }
}
