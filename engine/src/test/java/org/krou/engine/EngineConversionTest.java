package org.krou.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.probe.FinalResult;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;

/**
 * An engine given a won table position converts it: playing {@link Engine#bestMove} for the side
 * ahead to the end of the game, it takes at least the table value (net of the opponent's captures)
 * against any defence, exactly the value against the engine's own; a position comes back (endless
 * play, the seeds left shared) only once nothing is left to win in it (its value is 0).
 */
class EngineConversionTest {
    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void wonTablePositionsAreConverted(Variant variant) {
        Tablebase tb = TestTables.tables(variant);
        Engine engine = new Engine(variant, tb, tb.maxSeeds(), null, 16);
        Random random = new Random(7 + Variant.presets().indexOf(variant));
        int games = 0;
        int beyond = 0;
        while (games < 120) {
            int n = 6 + random.nextInt(TestTables.MAX - 5);
            Position p = SearchBoundsTest.random(n, random).withoutCaptures();
            int v = tb.value(p);
            if (v <= 0 || p.isGameOver(variant)) {
                continue;
            }
            boolean randomDefence = games % 2 == 1;
            int realised = playOut(engine, p, variant, randomDefence ? random : null);
            assertTrue(realised >= v, p + " worth " + v + ": the engine realised " + realised
                    + (randomDefence ? " against random moves" : " against itself"));
            if (!randomDefence) {
                assertEquals(v, realised, p + ": perfect play on both sides realises exactly the value");
            }
            beyond += realised > v ? 1 : 0;
            games++;
        }
        assertTrue(beyond > 0, "random defences never gave away a seed: the test would not see a wrong choice");
    }

    /**
     * Plays {@code p} to the end, the side to move in {@code p} by the engine, the other by the
     * engine too or by random legal moves; returns what the first side took net of the other.
     */
    private static int playOut(Engine engine, Position p, Variant variant, Random defence) {
        Side ahead = p.toMove();
        Set<Position> seen = new HashSet<>();
        int[] children = new int[Rules.ROW * Rules.PITS];
        int[] captured = new int[Rules.ROW];
        int[] scratch = new int[Rules.PITS];
        Position at = p;
        StringBuilder moves = new StringBuilder();
        Tablebase tb = TestTables.tables(variant);
        while (!at.isGameOver(variant)) {
            if (!seen.add(at.withoutCaptures())) {
                // endless play, the seeds left shared: only where nothing is left to win
                assertEquals(0, tb.value(at), "from " + p + (defence == null ? "" : " (random defence)")
                        + " the game came back to " + at + " after" + moves);
                return net(FinalResult.of(at, 0), ahead);
            }
            char move;
            if (at.toMove() == ahead || defence == null) {
                move = engine.bestMove(at, Limits.ofNodes(1_000));
            } else {
                int mask = Rules.generate(at.moverRelative(), variant, children, captured, scratch);
                int pit;
                do {
                    pit = defence.nextInt(Rules.ROW);
                } while ((mask & 1 << pit) == 0);
                move = Position.moveLetter(at.toMove(), pit);
            }
            at = at.play(move, variant).after();
            moves.append(' ').append(move);
        }
        return net(FinalResult.of(at, Rules.terminalValue(at.moverRelative(), variant)), ahead);
    }

    /** Seeds {@code side} ends with net of the other side's. */
    private static int net(FinalResult r, Side side) {
        int net = r.southHalves() - r.northHalves();
        return (side == Side.SOUTH ? net : -net) / 2;
    }
}
