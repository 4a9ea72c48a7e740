package org.krou.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.probe.MoveValue;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Side;
import org.krou.rules.Variant;

/**
 * The search's bounds against full tables: with tables to 14 seeds but a horizon of 10, every
 * interval of a position of 11..14 seeds contains the table value, every exact result equals it,
 * and the move given for an exact result is a best move of the tables.
 */
class SearchBoundsTest {
    private static final int HORIZON = 10;

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void intervalsContainTheTableValueAndExactResultsEqualIt(Variant variant) {
        Tablebase tb = TestTables.tables(variant);
        Engine engine = new Engine(variant, tb, HORIZON, null, 18);
        Random random = new Random(12 + Variant.presets().indexOf(variant));
        int positions = 0;
        int exact = 0;
        long nodes = 0;
        long nanos = 0;
        for (int n = HORIZON + 1; n <= TestTables.MAX; n++) {
            for (int i = 0; i < 300; i++) {
                Position p = random(n, random);
                int v = tb.value(p);
                Analysis a = engine.analyse(p, Limits.ofNodes(i % 3 == 0 ? 40_000 : 4_000));
                assertTrue(a.lo() <= v && v <= a.hi(), () -> p + ": [" + a.lo() + ", " + a.hi() + "] misses " + v);
                assertTrue(a.lo() >= -n && a.hi() <= n, p + ": bounds beyond the seeds");
                if (a.exact()) {
                    exact++;
                    assertEquals(v, a.lo(), p + " exact");
                    if (a.best() == null) {
                        assertTrue(tb.moveValues(p).isEmpty(), p + ": no move given, but the game is not over");
                    } else {
                        assertEquals(v, valueOf(tb.moveValues(p), a.best()), p + ": best move " + a.best() + " is not optimal");
                    }
                }
                positions++;
                nodes += a.nodes();
                nanos += a.nanos();
            }
        }
        System.out.printf("%s: %d positions of %d..%d seeds, horizon %d: %d exact; %.0f nodes/s%n", variant.id(),
                positions, HORIZON + 1, TestTables.MAX, HORIZON, exact, nodes * 1e9 / nanos);
        assertTrue(exact > positions / 10, exact + " exact of " + positions);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void aDeepEnoughSearchIsExactOnSmallPositions(Variant variant) {
        Tablebase tb = TestTables.tables(variant);
        Engine engine = new Engine(variant, tb, 2, null, 18);
        Random random = new Random(5);
        int exact = 0;
        int count = 200;
        for (int i = 0; i < count; i++) {
            Position p = random(5, random);
            int v = tb.value(p);
            Analysis a = engine.analyse(p, Limits.ofDepth(40).withNodes(500_000));
            assertTrue(a.lo() <= v && v <= a.hi(), p + " misses " + v);
            if (a.exact()) {
                exact++;
                assertEquals(v, a.lo(), p.toString());
            }
        }
        assertTrue(exact >= count * 3 / 4, exact + " of " + count + " exact");
    }

    /**
     * Without any table, a 2-seed position whose play cycles for ever is worth 0, but a search
     * that meets the repetition proves nothing about it: it must not call it exact 0 (a search
     * scoring repetitions 0 would, since every line of a 2-seed board repeats within 40 plies).
     */
    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void aRepetitionIsUnknownNotZero(Variant variant) {
        Tablebase tb = TestTables.tables(variant);
        int[] b = new int[12];
        int cycling = 0;
        for (long r = 0; r < PositionIndex.size(2); r++) {
            PositionIndex.unrank(2, r, b);
            Position p = Position.fromMoverRelative(b, Side.SOUTH);
            int v = tb.value(p);
            Engine engine = new Engine(variant, tb, -1, null, 12);
            Analysis a = engine.analyse(p, Limits.ofDepth(40));
            assertTrue(a.lo() <= v && v <= a.hi(), p + " misses " + v);
            if (a.exact()) {
                assertEquals(v, a.lo(), p.toString());
            } else if (v == 0) {
                cycling++;
            }
        }
        assertTrue(cycling > 0, "no 2-seed position left unproven by repetitions");
    }

    static Position random(int seeds, Random random) {
        int[] b = new int[12];
        PositionIndex.unrank(seeds, (long) (random.nextDouble() * PositionIndex.size(seeds)), b);
        return Position.fromMoverRelative(b, random.nextBoolean() ? Side.SOUTH : Side.NORTH);
    }

    private static int valueOf(List<MoveValue> moves, Character move) {
        for (MoveValue m : moves) {
            if (m.move() == move) {
                return m.value();
            }
        }
        throw new AssertionError("move " + move + " is not legal");
    }
}
