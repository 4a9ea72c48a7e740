package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Invariants of {@link Position#play} over thousands of random games and constructed
 * situations (grand slams, feeding), checked move by move, and the production kernel compared
 * with {@link ReferenceRules} on every move played.
 */
class RandomPlayTest {
    /** Games per variant from the start position (about 170 plies each on average). */
    private static final int START_GAMES = 1_000;
    /** Games per variant from random positions. */
    private static final int RANDOM_GAMES = 2_000;
    private static final int MAX_PLIES = 250;

    /** What the random games saw, to make sure the interesting cases were exercised. */
    private static final class Coverage {
        long moves;
        long longSowings;
        long captures;
        long gameOvers;
        long starvedEnds; // next mover has no seeds (awari only)
        long feedingEnds; // next mover cannot feed
    }

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void randomGamesFromTheStart(Variant v) {
        SplittableRandom rnd = new SplittableRandom(20240601L + Variant.presets().indexOf(v));
        Coverage cov = new Coverage();
        for (int g = 0; g < START_GAMES; g++) {
            playGame(Position.START, v, rnd, cov, "start game " + g);
        }
        assertTrue(cov.moves > START_GAMES * 20L, "too few moves: " + cov.moves);
        assertTrue(cov.captures > START_GAMES, "too few captures: " + cov.captures);
        assertTrue(cov.longSowings > 0, "no sowing of 12 or more seeds seen");
        assertTrue(cov.gameOvers > START_GAMES / 10, "too few games ended: " + cov.gameOvers);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void randomGamesFromRandomPositions(Variant v) {
        SplittableRandom rnd = new SplittableRandom(777L + Variant.presets().indexOf(v));
        Coverage cov = new Coverage();
        for (int g = 0; g < RANDOM_GAMES; g++) {
            int n = 1 + rnd.nextInt(48);
            playGame(RandomBoards.position(rnd, n), v, rnd, cov, "random game " + g);
        }
        assertTrue(cov.longSowings > 100, "too few sowings of 12+ seeds: " + cov.longSowings);
        assertTrue(cov.feedingEnds > 10, "too few games ended by a failure to feed: " + cov.feedingEnds);
        if (v == Variant.AWARI) {
            assertTrue(cov.starvedEnds > 10, "too few awari games ended by starvation: " + cov.starvedEnds);
        } else {
            assertEquals(0, cov.starvedEnds, "abapa: a move never leaves the opponent without seeds");
        }
    }

    private static void playGame(Position start, Variant v, SplittableRandom rnd, Coverage cov, String game) {
        Position p = start;
        final int total = p.seeds() + p.southCaptured() + p.northCaptured();
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            final Position here = p;
            final int plyNo = ply;
            Supplier<String> at = () -> game + " ply " + plyNo + " in " + here + " (S " + here.southCaptured()
                    + ", N " + here.northCaptured() + ", " + v.id() + "): ";
            List<Character> legal = p.legalMoves(v);
            List<Integer> refLegal = ReferenceRules.legal(p.pits(), p.toMove() == Side.SOUTH, v);
            assertEquals(letters(refLegal), legal, () -> at.get() + "legal moves differ from the reference kernel");
            if (legal.isEmpty()) {
                assertTrue(p.isGameOver(v), () -> at.get() + "no legal move but not game over");
                return; // only possible for a random start position
            }
            char m = legal.get(rnd.nextInt(legal.size()));
            MoveResult r = p.play(m, v);
            check(p, m, v, r, total, cov, () -> at.get() + "move " + m + ": ");
            if (r.gameOver()) {
                return;
            }
            p = r.after();
        }
    }

    private static void check(Position p, char m, Variant v, MoveResult r, int total, Coverage cov,
                              Supplier<String> at) {
        cov.moves++;
        Side mover = p.toMove();
        Position a = r.after();
        int origin = WorkedExamplesTest.absolutePit(mover, m);
        int sown = p.pit(origin);
        int moverStart = mover == Side.SOUTH ? 0 : 6;
        int oppStart = 6 - moverStart;

        // conservation
        assertEquals(total, a.seeds() + a.southCaptured() + a.northCaptured(), () -> at.get() + "seeds not conserved");
        assertEquals(p.seeds() - r.captured(), a.seeds(), () -> at.get() + "board lost other than the capture");
        // captures credited to the mover only
        int moverBefore = mover == Side.SOUTH ? p.southCaptured() : p.northCaptured();
        int moverAfter = mover == Side.SOUTH ? a.southCaptured() : a.northCaptured();
        int oppBefore = mover == Side.SOUTH ? p.northCaptured() : p.southCaptured();
        int oppAfter = mover == Side.SOUTH ? a.northCaptured() : a.southCaptured();
        assertEquals(moverBefore + r.captured(), moverAfter, () -> at.get() + "mover's captured count");
        assertEquals(oppBefore, oppAfter, () -> at.get() + "opponent's captured count changed");
        assertEquals(mover.opponent(), a.toMove(), () -> at.get() + "side to move after");
        // the origin is empty after the move (the origin is skipped on laps)
        assertEquals(0, a.pit(origin), () -> at.get() + "origin pit not empty after sowing " + sown);
        if (sown >= 12) {
            cov.longSowings++;
        }
        // no capture in the mover's row: it only grows or stays, apart from the origin
        for (int i = moverStart; i < moverStart + 6; i++) {
            final int pitNo = i;
            if (i != origin) {
                assertTrue(a.pit(i) >= p.pit(i), () -> at.get() + "mover's pit " + pitNo + " lost seeds");
            }
        }
        // opponent pits either received seeds or were captured (emptied)
        for (int i = oppStart; i < oppStart + 6; i++) {
            final int pitNo = i;
            assertTrue(a.pit(i) == 0 || a.pit(i) >= p.pit(i), () -> at.get() + "opponent pit " + pitNo + " shrank");
        }
        if (r.captured() > 0) {
            cov.captures++;
            assertTrue(r.captured() >= 2, () -> at.get() + "a capture takes at least 2 seeds");
        }
        // the same as the reference kernel
        ReferenceRules.Result ref = ReferenceRules.play(p.pits(), mover == Side.SOUTH, origin, v);
        assertArrayEquals(ref.board(), a.pits(), () -> at.get() + "board differs from the reference kernel");
        assertEquals(ref.captured(), r.captured(), () -> at.get() + "capture differs from the reference kernel");
        if (v == Variant.ABAPA) {
            assertTrue(ReferenceRules.rowSum(a.pits(), mover != Side.SOUTH) > 0,
                    () -> at.get() + "abapa: the opponent is never left without seeds");
        }
        // game over and the final counts
        boolean noMove = a.legalMoves(v).isEmpty();
        assertEquals(noMove, r.gameOver(), () -> at.get() + "gameOver flag vs the legal moves after");
        if (!r.gameOver()) {
            assertEquals(a, r.end(), () -> at.get() + "end must equal after while the game goes on");
            return;
        }
        cov.gameOvers++;
        Position e = r.end();
        assertEquals(0, e.seeds(), () -> at.get() + "final board not empty");
        assertEquals(a.toMove(), e.toMove(), () -> at.get() + "final side to move");
        int nextRow = ReferenceRules.rowSum(a.pits(), a.toMove() == Side.SOUTH);
        Side taker;
        if (nextRow == 0) {
            cov.starvedEnds++;
            taker = mover; // the next mover has no seeds: the opponent (the mover) takes the rest
        } else {
            cov.feedingEnds++;
            taker = a.toMove(); // it cannot feed: it takes every seed left
            assertEquals(0, ReferenceRules.rowSum(a.pits(), mover == Side.SOUTH),
                    () -> at.get() + "a side with seeds can only be stuck when the other has none");
        }
        assertEquals(a.southCaptured() + (taker == Side.SOUTH ? a.seeds() : 0), e.southCaptured(),
                () -> at.get() + "South's final total");
        assertEquals(a.northCaptured() + (taker == Side.NORTH ? a.seeds() : 0), e.northCaptured(),
                () -> at.get() + "North's final total");
        assertEquals(total, e.southCaptured() + e.northCaptured(), () -> at.get() + "final totals must add up");
    }

    private static List<Character> letters(List<Integer> absolute) {
        List<Character> out = new ArrayList<>();
        for (int i : absolute) {
            out.add(i < 6 ? (char) ('a' + i) : (char) ('A' + i - 6));
        }
        return out;
    }

    /**
     * Constructed grand slams: a move whose last seed lands in the opponent's row so that the
     * chain of 2s and 3s runs back to the start of that row and the rest of the row is empty.
     * Under abapa nothing is captured and the board equals plain sowing; under awari the move
     * is illegal while another move leaves the opponent seeds, else it takes the whole row.
     */
    @ParameterizedTest
    @EnumSource(Side.class)
    void grandSlams(Side side) {
        SplittableRandom rnd = new SplittableRandom(99L + side.ordinal());
        int built = 0;
        int withLaps = 0;
        int awariIllegal = 0;
        int awariTaken = 0;
        for (int attempt = 0; attempt < 40_000; attempt++) {
            int pit = rnd.nextInt(6);
            int s = 1 + rnd.nextInt(rnd.nextBoolean() ? 11 : 30);
            // plain sowing increments, mover-relative, from the reference kernel
            int[] inc = new int[12];
            inc[pit] = s;
            int last = ReferenceRules.sowInPlace(inc, pit);
            if (last < 6) {
                continue;
            }
            int[] rel = new int[12];
            boolean ok = true;
            for (int j = 6; j < 12 && ok; j++) {
                if (j <= last) {
                    if (inc[j] > 3) {
                        ok = false;
                    } else {
                        int t = inc[j] == 3 ? 3 : 2 + rnd.nextInt(2); // 2 or 3 after sowing
                        rel[j] = t - inc[j];
                    }
                } else if (inc[j] != 0) {
                    ok = false;
                }
            }
            if (!ok) {
                continue;
            }
            for (int i = 0; i < 6; i++) {
                rel[i] = i == pit ? s : (rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(4));
            }
            int sum = 0;
            for (int x : rel) {
                sum += x;
            }
            if (sum > 48) {
                continue;
            }
            built++;
            if (s >= 12) {
                withLaps++;
            }
            Position p = Position.fromMoverRelative(rel, side);
            char m = Position.moveLetter(side, pit);
            String at = "grand slam " + p + " move " + m + ": ";
            int origin = WorkedExamplesTest.absolutePit(side, m);
            int[] plain = p.pits();
            ReferenceRules.sowInPlace(plain, origin);

            MoveResult r = p.play(m, Variant.ABAPA);
            assertEquals(0, r.captured(), at + "abapa captured");
            assertArrayEquals(plain, r.after().pits(), at + "abapa board must equal plain sowing");
            // every opponent pit holds 2 or 3 up to the last one sown: it really was a grand slam
            int oppSeeds = ReferenceRules.rowSum(plain, side == Side.NORTH);
            assertTrue(oppSeeds > 0, at + "opponent row empty");

            boolean otherLeaves = false;
            for (int q = 0; q < 6; q++) {
                if (q != pit && rel[q] > 0) {
                    ReferenceRules.Result o = ReferenceRules.play(p.pits(), side == Side.SOUTH,
                            WorkedExamplesTest.absolutePit(side, Position.moveLetter(side, q)), Variant.AWARI);
                    boolean allowedByFeeding = ReferenceRules.rowSum(p.pits(), side == Side.NORTH) > 0
                            || ReferenceRules.feeds(p.pits(), side == Side.SOUTH,
                                    WorkedExamplesTest.absolutePit(side, Position.moveLetter(side, q)));
                    if (allowedByFeeding && ReferenceRules.rowSum(o.board(), side == Side.NORTH) > 0) {
                        otherLeaves = true;
                    }
                }
            }
            if (otherLeaves) {
                awariIllegal++;
                IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> p.play(m, Variant.AWARI),
                        at + "awari: must be illegal while another move leaves seeds");
                assertTrue(e.reason().contains("without seeds"), at + "awari reason: " + e.reason());
            } else {
                awariTaken++;
                MoveResult ra = p.play(m, Variant.AWARI);
                assertEquals(oppSeeds, ra.captured(), at + "awari: takes the whole row");
                assertTrue(ra.gameOver(), at + "awari: the opponent has no seeds left");
            }
        }
        assertTrue(built > 5_000, "only " + built + " grand slams built");
        assertTrue(withLaps > 100, "only " + withLaps + " grand slams with laps");
        assertTrue(awariIllegal > 100 && awariTaken > 100, "awari cases: " + awariIllegal + " / " + awariTaken);
    }

    /** Opponent row empty: exactly the moves that reach it are legal; none: the game is over. */
    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void feeding(Variant v) {
        SplittableRandom rnd = new SplittableRandom(5L + Variant.presets().indexOf(v));
        int stuck = 0;
        int fed = 0;
        for (int k = 0; k < 6_000; k++) {
            int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 48);
            int[] rel = new int[12];
            int[] row = RandomBoards.board(rnd, n);
            // squeeze the 12-pit board into the mover's 6 pits
            for (int i = 0; i < 12; i++) {
                rel[i % 6] += row[i];
            }
            Side side = rnd.nextBoolean() ? Side.SOUTH : Side.NORTH;
            Position p = Position.fromMoverRelative(rel, side);
            String at = "feeding " + p + " " + v.id() + ": ";
            List<Character> expected = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                if (rel[i] >= 6 - i) { // reaches the opponent's first pit
                    expected.add(Position.moveLetter(side, i));
                }
            }
            List<Character> legal = p.legalMoves(v);
            if (v == Variant.ABAPA) {
                assertEquals(expected, legal, at + "legal moves");
            } else {
                assertTrue(expected.containsAll(legal), at + "awari: only feeding moves, got " + legal);
                assertEquals(expected.isEmpty(), legal.isEmpty(), at + "awari: some feeding move is legal");
            }
            for (int i = 0; i < 6; i++) {
                char m = Position.moveLetter(side, i);
                if (rel[i] > 0 && !expected.contains(m)) {
                    IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> p.play(m, v),
                            at + m + " does not feed");
                    assertTrue(e.reason().contains(expected.isEmpty() ? "game is over" : "does not feed"),
                            at + "reason: " + e.reason());
                }
            }
            if (expected.isEmpty()) {
                stuck++;
                assertTrue(p.isGameOver(v), at + "no feeding move: game over");
                assertEquals(n, Rules.terminalValue(p.moverRelative(), v), at + "the mover takes all");
            } else {
                fed++;
                assertFalse(p.isGameOver(v), at + "not over");
            }
        }
        assertTrue(stuck > 500 && fed > 500, "cases: stuck " + stuck + ", fed " + fed);
    }

    /**
     * A move that leaves the next mover unable to feed: Position.play reports gameOver and
     * credits the seeds left to the next mover.
     */
    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void playEndingTheGame(Variant v) {
        SplittableRandom rnd = new SplittableRandom(31L + Variant.presets().indexOf(v));
        int ends = 0;
        for (int k = 0; k < 20_000; k++) {
            int[] rel = new int[12];
            int pit = rnd.nextInt(6);
            rel[pit] = 6 - pit + rnd.nextInt(pit + 1); // reaches the opponent, never wraps around
            for (int j = 6; j < 12; j++) {
                rel[j] = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(Math.max(1, 12 - j));
            }
            Side side = rnd.nextBoolean() ? Side.SOUTH : Side.NORTH;
            Position p = new Position(Position.fromMoverRelative(rel, side).pits(), side, 3, 4);
            char m = Position.moveLetter(side, pit);
            if (!p.legalMoves(v).contains(m)) {
                continue;
            }
            MoveResult r = p.play(m, v);
            Position a = r.after();
            boolean nextHasSeeds = ReferenceRules.rowSum(a.pits(), a.toMove() == Side.SOUTH) > 0;
            boolean nextCanMove = !ReferenceRules.legal(a.pits(), a.toMove() == Side.SOUTH, v).isEmpty();
            String at = "ending " + p + " " + m + " " + v.id() + ": ";
            assertEquals(!nextCanMove, r.gameOver(), at + "gameOver");
            if (!r.gameOver() || !nextHasSeeds) {
                continue;
            }
            ends++;
            Side next = a.toMove();
            assertEquals(0, r.end().seeds(), at + "final board");
            int left = a.seeds();
            assertEquals(a.southCaptured() + (next == Side.SOUTH ? left : 0), r.end().southCaptured(), at + "South");
            assertEquals(a.northCaptured() + (next == Side.NORTH ? left : 0), r.end().northCaptured(), at + "North");
            assertEquals(p.seeds() + 3 + 4, r.end().southCaptured() + r.end().northCaptured(), at + "sum");
        }
        assertTrue(ends > 500, "only " + ends + " games ended by a failure to feed");
    }
}
