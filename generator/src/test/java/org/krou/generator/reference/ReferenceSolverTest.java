package org.krou.generator.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.krou.generator.reference.ReferenceMoves.sum;
import static org.krou.generator.reference.ReferenceSolvers.*;

import java.util.Arrays;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tests of the independent reference solver: the mechanics of the worked examples of docs/RULES.md and
 * the values of abapa and awari ({@link ReferenceOptionsTest}: the rule options). Boards are written
 * mover-relative, as in {@link ReferenceSolvers}.
 */
class ReferenceSolverTest {
    private static ReferenceSolver abapa;
    private static ReferenceSolver awari;

    @BeforeAll
    static void solve() throws Exception {
        solveAll();
        abapa = solver("abapa", MAX);
        awari = solver("awari", MAX);
    }

    // ------------------------------------------------------------------ mechanics (docs/RULES.md worked examples 1-6)

    @Test
    void example1LongSowingSkipsOrigin() {
        ReferenceMoves.Play p = ReferenceMoves.play(b(1, 2, 14, 0, 1, 3, 2, 0, 1, 1, 0, 5), 2, true);
        assertArrayEquals(b(2, 3, 0, 2, 3, 5, 3, 1, 2, 2, 1, 6), p.after());
        assertEquals(0, p.captured());
    }

    @Test
    void example2ChainCapture() {
        for (boolean variant : new boolean[] {true, false}) {
            ReferenceMoves.Play p = ReferenceMoves.play(b(2, 0, 1, 0, 3, 4, 4, 1, 2, 1, 0, 3), 5, variant);
            assertArrayEquals(b(2, 0, 1, 0, 3, 0, 5, 0, 0, 0, 0, 3), p.after());
            assertEquals(7, p.captured());
        }
    }

    @Test
    void example3ChainStoppedByFour() {
        ReferenceMoves.Play p = ReferenceMoves.play(b(0, 0, 0, 0, 0, 3, 3, 2, 1, 4, 1, 0), 5, true);
        assertArrayEquals(b(0, 0, 0, 0, 0, 0, 4, 0, 0, 4, 1, 0), p.after());
        assertEquals(5, p.captured());
    }

    @Test
    void example4GrandSlam() {
        int[] board = b(0, 0, 0, 3, 0, 6, 1, 2, 1, 2, 1, 2);
        ReferenceMoves.Play p = ReferenceMoves.play(board, 5, true);
        assertArrayEquals(b(0, 0, 0, 3, 0, 0, 2, 3, 2, 3, 2, 3), p.after());
        assertEquals(0, p.captured());
        assertArrayEquals(new int[] {3, 5}, ReferenceMoves.legalPits(board, true));
        assertArrayEquals(new int[] {3}, ReferenceMoves.legalPits(board, false));
        assertEquals(15, ReferenceMoves.play(board, 5, false).captured()); // 2+3+2+3+2+3
    }

    @Test
    void example5Feeding() {
        for (boolean variant : new boolean[] {true, false}) {
            assertArrayEquals(new int[] {4}, ReferenceMoves.legalPits(b(3, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0), variant));
            int[] noFeed = b(1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            assertEquals(0, ReferenceMoves.legalPits(noFeed, variant).length);
            assertEquals(3, ReferenceMoves.terminalValue(noFeed, variant));
        }
        assertEquals(3, abapa.value(b(1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)));
        assertEquals(3, awari.value(b(1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)));
    }

    // ------------------------------------------------------------------ values

    @Test
    void example6Values() {
        assertEquals(-2, abapa.value(b(0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0)));
        assertEquals(3, abapa.value(b(1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)));
    }

    @Test
    void emptyBoardIsZero() {
        assertEquals(0, abapa.value(new int[12]));
        assertEquals(0, awari.value(new int[12]));
        assertEquals(Map.of(0, 1L), abapa.counts(0));
        assertEquals(Map.of(0, 1L), awari.counts(0));
    }

    @Test
    void moverWithNoSeedsIsMinusN() {
        for (ReferenceSolver s : new ReferenceSolver[] {abapa, awari}) {
            forEachBoard(MAX, board -> {
                if (board[0] + board[1] + board[2] + board[3] + board[4] + board[5] == 0) {
                    assertEquals(-sum(board), s.value(board), Arrays.toString(board));
                }
            });
        }
    }

    @Test
    void layerSizes() {
        for (ReferenceSolver s : new ReferenceSolver[] {abapa, awari}) {
            for (int n = 0; n <= MAX; n++) {
                long total = s.counts(n).values().stream().mapToLong(Long::longValue).sum();
                assertEquals(ReferenceIndex.binomial(n + 11, 11), total, "layer " + n);
                assertTrue(s.counts(n).firstKey() >= -n && s.counts(n).lastKey() <= n);
            }
            long layer2 = s.counts(2).values().stream().mapToLong(Long::longValue).sum();
            assertEquals(78, layer2);
        }
        assertEquals(646_646L, ReferenceIndex.binomial(MAX + 12, 12)); // boards with 0..10 seeds
    }

    /**
     * Layer 1 by hand: the 6 boards with the seed in the opponent's row are -1 (mover has no seeds). With
     * the seed in the mover's pit i, the opponent's row is empty and the seed feeds only from pit 5:
     * pits 0..4 cannot feed, so the game ends and the mover takes it (+1); from pit 5 the child is
     * {@code 1 0 0 0 0 0 / 0 0 0 0 0 0}, which cannot feed (+1 for the child), so -1.
     */
    @Test
    void layerOneByHand() {
        SortedMap<Integer, Long> expected = new java.util.TreeMap<>(Map.of(-1, 7L, 1, 5L));
        assertEquals(expected, abapa.counts(1));
        assertEquals(expected, awari.counts(1));
    }

    /**
     * {@code 0 0 0 0 0 2 / 0 0 0 0 0 0}: the only move (pit 5) sows into p6, p7, leaving them at 1 (no
     * capture). Child {@code 1 1 0 0 0 0 / 0 0 0 0 0 0}: neither seed reaches the opponent, so the child's
     * mover takes 2. Value -2 in both variants.
     */
    @Test
    void forcedFeedThenStarved() {
        assertEquals(-2, abapa.value(b(0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0)));
        assertEquals(-2, awari.value(b(0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0)));
    }

    /**
     * {@code 0 0 0 0 0 1 / 1 0 0 0 0 0}: the only move makes p6 = 2, a capture of the opponent's whole
     * row. Under abapa it is cancelled (value -2, example 6). Under awari the capture happens, and the
     * move stays legal because every move (the only one) empties the opponent's row: 2 - value(empty
     * board) = +2.
     */
    @Test
    void wholeRowCaptureDiffersBetweenVariants() {
        assertEquals(-2, abapa.value(b(0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0)));
        assertEquals(2, awari.value(b(0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0)));
    }

    /**
     * {@code 0 0 0 0 0 1 / 1 1 0 0 0 0}: the only move makes p6 = 2 and captures it (p7 keeps 1, so no
     * grand slam). Child {@code 0 1 0 0 0 0 / 0 0 0 0 0 0}: its single seed cannot reach the opponent, so
     * the child's mover takes 1. Value 2 - 1 = +1 in both variants.
     */
    @Test
    void captureThenOpponentTakesRest() {
        assertEquals(1, abapa.value(b(0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0)));
        assertEquals(1, awari.value(b(0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0)));
    }

    /**
     * {@code 1 0 0 0 0 0 / 1 0 0 0 0 0}: every move is forced (one seed each). The mover's seed walks
     * p0..p5 while the opponent's walks its p0..p5; the mover's seed then drops into the opponent's empty
     * p0 (1 seed, no capture), the opponent, now facing an empty row, must feed from its p5 into the
     * mover's empty p0, and the starting board recurs. No seed ever lands on another: endless play, 0.
     */
    @Test
    void endlessChaseIsZero() {
        assertEquals(0, abapa.value(b(1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)));
        assertEquals(0, awari.value(b(1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)));
    }

    /**
     * Local consistency on every board up to {@link #MAX} seeds, both variants. What can be checked
     * without re-solving: terminal boards have the value fixed by the rules; for the others, writing a
     * move's value as {@code captured - value(child)} (with {@code captured = 0} for a same-layer move),
     * the value is {@code >=} every exit's value, {@code >= -value(child)} for every same-layer child,
     * and equals the maximum over all legal moves (the value is always attained by the best move: if it
     * is {@code v != 0} the mover forces {@code >= v} through some move; if it is 0 some move keeps the
     * result {@code >= 0}). This Bellman equation is necessary but not sufficient: with cycles it also
     * holds for wrong assignments (a cycle whose boards claim {@code +t, -t, +t, ...} to each other), which
     * is why the solver uses least fixed points.
     */
    @Test
    void localConsistency() {
        for (boolean variant : new boolean[] {true, false}) {
            ReferenceSolver s = variant ? abapa : awari;
            forEachBoard(MAX, board -> {
                String where = (variant ? "abapa " : "awari ") + Arrays.toString(board);
                int v = s.value(board);
                int n = sum(board);
                assertTrue(v >= -n && v <= n, where);
                Integer terminal = ReferenceMoves.terminalValue(board, variant);
                if (terminal != null) {
                    assertEquals(terminal.intValue(), v, where);
                    return;
                }
                int[] pits = ReferenceMoves.legalPits(board, variant);
                assertTrue(pits.length > 0, where);
                int best = Integer.MIN_VALUE;
                for (int pit : pits) {
                    ReferenceMoves.Play p = ReferenceMoves.play(board, pit, variant);
                    int[] child = ReferenceMoves.rotate(p.after());
                    assertEquals(n - p.captured(), sum(child), where);
                    int mv = p.captured() - s.value(child);
                    if (p.captured() > 0) {
                        assertTrue(v >= mv, where + " exit " + pit);
                    } else {
                        assertTrue(v >= -s.value(child), where + " same-layer " + pit);
                    }
                    best = Math.max(best, mv);
                }
                assertEquals(best, v, where);
            });
        }
    }

    @Test
    void terminalValueRecognisesPlayablePositions() {
        assertNull(ReferenceMoves.terminalValue(b(1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), true));
        assertNotNull(ReferenceMoves.terminalValue(b(0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), true));
    }
}
