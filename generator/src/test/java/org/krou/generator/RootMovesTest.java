package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.index.PositionIndex;
import org.krou.probe.BestMove;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;
import org.krou.testing.Allocations;

/**
 * {@code Tablebase.rootMoves} with distance tables: every move's value and distance to
 * conversion in one call, agreeing with {@code PerfectPlay} (the one move chooser: its choice has
 * the value and distance the root moves give it), and allocating nothing.
 */
class RootMovesTest {
    static final int MAX = 10;

    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() throws Exception {
        new Generator(Variant.ABAPA, 2, new TableLayerStore(dir, Variant.ABAPA, 2), Progress.NONE, true).run(MAX);
    }

    private static int[] random(SplittableRandom r) {
        int n = 1 + r.nextInt(MAX);
        int[] b = new int[12];
        PositionIndex.unrank(n, r.nextLong(PositionIndex.size(n)), b);
        return b;
    }

    @Test
    void valuesAndDistancesOfEveryMoveAgreeWithPerfectPlay() {
        SplittableRandom r = new SplittableRandom(21);
        int[] values = new int[6];
        int[] distances = new int[6];
        try (Tablebase tb = Tablebase.open(dir, Variant.ABAPA); PerfectPlay play = PerfectPlay.over(tb)) {
            assertEquals(MAX, play.distanceMaxSeeds());
            int checked = 0;
            for (int k = 0; k < 3000; k++) {
                int[] b = random(r);
                Position p = Position.fromMoverRelative(b, Side.SOUTH);
                int mask = tb.rootMoves(b, values, distances);
                int v = tb.probe(b);
                for (int pit = 0; pit < 6; pit++) {
                    if ((mask & (1 << pit)) == 0) {
                        assertEquals(-1, distances[pit]);
                        continue;
                    }
                    int[] child = new int[12];
                    int c = Rules.play(b, pit, Variant.ABAPA, child);
                    int expected = c > 0 ? 1 : tb.probe(child) == 0 ? -1
                            : 1 + play.distance(Position.fromMoverRelative(child, Side.NORTH));
                    assertEquals(expected, distances[pit], p + " pit " + pit);
                }
                BestMove best = play.bestMove(p);
                if (best == null) {
                    assertEquals(0, mask);
                    continue;
                }
                int pit = p.pitOf(best.move());
                assertEquals(v, values[pit], p + ": the chosen move keeps the value");
                if (v != 0) {
                    assertEquals(best.distance(), distances[pit], p + ": the chosen move's distance");
                    checked++;
                }
            }
            assertTrue(checked > 1000, checked + " positions with a value");
        }
    }

    @Test
    void rootMovesWithDistancesAllocateNothing() {
        SplittableRandom r = new SplittableRandom(5);
        int[][] boards = new int[2048][];
        for (int i = 0; i < boards.length; i++) {
            boards[i] = random(r);
        }
        int[] values = new int[6];
        int[] distances = new int[6];
        long[] sink = new long[1];
        try (Tablebase tb = Tablebase.open(dir, Variant.ABAPA)) {
            long bytes = Allocations.leastBytes(30, () -> {
                for (int[] b : boards) {
                    sink[0] += tb.rootMoves(b, values, distances) + values[1] + distances[2];
                }
            });
            assertEquals(0, bytes, "bytes allocated by " + boards.length + " root-move rankings with distances");
            assertTrue(sink[0] != 0);
        }
    }
}
