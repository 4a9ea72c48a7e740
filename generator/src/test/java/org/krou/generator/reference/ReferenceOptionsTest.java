package org.krou.generator.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.krou.generator.reference.ReferenceMoves.sum;
import static org.krou.generator.reference.ReferenceSolvers.*;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tests of the independent reference solver under the rule options: the presets and canonical strings,
 * and the option examples of docs/RULES.md (as prose and as the CSV the fast code's tests read).
 * Boards are written mover-relative, as in {@link ReferenceSolvers}.
 */
class ReferenceOptionsTest {
    @BeforeAll
    static void solve() throws Exception {
        solveAll();
    }

    // ------------------------------------------------------------------ rule sets

    @Test
    void presetsAndCanonicalStrings() {
        assertEquals(List.of("abapa", "awari", "lemery", "myriad", "grand-slam-forbidden"),
                RuleSet.presetNames());
        assertEquals("grand-slam=cancel,cap=6,over-cap=keep-first,no-feed=mover-takes",
                RuleSet.parse("abapa").canonical());
        assertEquals("grand-slam=cancel,cap=5,over-cap=keep-first,no-feed=mover-takes",
                RuleSet.parse("lemery").canonical());
        assertEquals("grand-slam=capture,cap=4,over-cap=keep-first,no-feed=mover-takes",
                RuleSet.parse("myriad").canonical());
        assertEquals("grand-slam=forbid,cap=6,over-cap=keep-first,no-feed=mover-takes",
                RuleSet.parse("grand-slam-forbidden").canonical());
        assertEquals("awari", RuleSet.parse("awari").canonical());
        for (String preset : RuleSet.presetNames()) {
            RuleSet r = RuleSet.parse(preset);
            assertEquals(preset, r.id());
            assertEquals(r, RuleSet.parse(r.canonical()));
            assertEquals(preset, RuleSet.parse(r.canonical()).id(), "a preset's canonical string");
        }
        for (String s : List.of(CAPTURE, SPARE_FIRST, SPARE_LAST, CAPTURE_GIVE, CAP5_NONE, CAP4_NONE,
                CAPTURE_CAP4_NONE, NOBODY_TAKES, PLAY_ON)) {
            RuleSet r = RuleSet.parse(s);
            assertEquals(s, r.canonical());
            assertEquals(s, r.id(), "not a preset: its directory is its canonical string");
        }
        RuleSet c4 = RuleSet.parse(CAP4_NONE);
        assertEquals(4, c4.cap());
        assertTrue(c4.overCapNone());
        assertEquals(RuleSet.GrandSlam.CANCEL, c4.grandSlam());
        assertEquals(RuleSet.NoFeed.PLAY_ON, RuleSet.parse(PLAY_ON).noFeed());
    }

    @Test
    void anythingElseIsRefused() {
        for (String bad : Arrays.asList(null, "", "ABAPA", "Abapa", " abapa", "abapa ", "oware", "cancel",
                "grand-slam=cancel,cap=6,over-cap=none,no-feed=mover-takes", // cap 6 is written keep-first
                "cap=6,grand-slam=cancel,over-cap=keep-first,no-feed=mover-takes",
                "grand-slam=cancel,cap=6,over-cap=keep-first",
                "grand-slam=cancel,cap=6,over-cap=keep-first,no-feed=mover-takes,",
                "grand-slam=cancel, cap=6,over-cap=keep-first,no-feed=mover-takes",
                "grand-slam=cancel,cap=3,over-cap=keep-first,no-feed=mover-takes",
                "grand-slam=cancel,cap=06,over-cap=keep-first,no-feed=mover-takes",
                "grand-slam=cancel,cap=5,over-cap=keep-last,no-feed=mover-takes",
                "grand-slam=spare,cap=6,over-cap=keep-first,no-feed=mover-takes",
                "grand-slam=cancel,cap=6,over-cap=keep-first,no-feed=anyone-takes",
                "grand-slam=Cancel,cap=6,over-cap=keep-first,no-feed=mover-takes",
                "grand-slam=cancel;cap=6;over-cap=keep-first;no-feed=mover-takes")) {
            assertThrows(IllegalArgumentException.class, () -> new ReferenceSolver(bad, 2), "accepted '" + bad + "'");
        }
    }

    // ------------------------------------------------------------------ option examples (docs/RULES.md, examples 1-7)

    /** Example 1: {@code f} turns North's six single seeds into a six-pit chain F E D C B A of 12 seeds. */
    @Test
    void optionsExample1SixPitChain() {
        int[] board = b(0, 0, 0, 0, 0, 6, 1, 1, 1, 1, 1, 1);
        assertMove(board, 5, "abapa", b(0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2), 0, -6);
        assertMove(board, 5, "grand-slam-forbidden", b(0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2), 0, -6);
        assertMove(board, 5, CAPTURE, b(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 12, 12);
        assertMove(board, 5, SPARE_FIRST, b(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2), 10, 12);
        assertMove(board, 5, SPARE_LAST, b(0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0), 10, 8);
        assertMove(board, 5, CAPTURE_GIVE, b(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 12, 12);
        assertMove(board, 5, "lemery", b(0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0), 10, 8);
        assertMove(board, 5, "myriad", b(0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0), 8, 4);
        assertMove(board, 5, CAP5_NONE, b(0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2), 0, -6);
        assertMove(board, 5, CAP4_NONE, b(0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2), 0, -6);
        assertFalse(ReferenceMoves.play(board, 5, RuleSet.parse("lemery")).grandSlam());
        assertTrue(ReferenceMoves.play(board, 5, RuleSet.parse("abapa")).grandSlam());
        assertTrue(ReferenceMoves.play(board, 5, RuleSet.parse(CAPTURE_GIVE)).givesRest());
    }

    /** Example 2: {@code e} makes a chain B A of 5 seeds that holds all of North's seeds. */
    @Test
    void optionsExample2GrandSlamShortOfSixPits() {
        int[] board = b(0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 0, 0);
        int[] kept = b(0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0);
        int[] taken = b(0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0);
        assertMove(board, 4, "abapa", kept, 0, -6);
        assertMove(board, 4, "grand-slam-forbidden", kept, 0, -6);
        assertMove(board, 4, "lemery", kept, 0, -6);
        assertMove(board, 4, CAPTURE, taken, 5, 6);
        assertMove(board, 4, "myriad", taken, 5, 6);
        assertMove(board, 4, SPARE_FIRST, b(0, 0, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0), 2, -2);
        assertMove(board, 4, SPARE_LAST, b(0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0), 3, 0);
        assertMove(board, 4, CAPTURE_GIVE, taken, 5, 4);
        assertEquals(5 - 1, solver(CAPTURE_GIVE, SMALL).moveValue(board, 4));
    }

    /** Example 3: under forbid only {@code d} is legal, because {@code e} is a grand slam and {@code d} is not. */
    @Test
    void optionsExample3ForbidWithAChoice() {
        int[] board = b(0, 0, 0, 1, 3, 0, 1, 2, 0, 0, 0, 0);
        assertArrayEquals(new int[] {3}, ReferenceMoves.legalPits(board, RuleSet.parse("grand-slam-forbidden")));
        assertArrayEquals(new int[] {3, 4}, ReferenceMoves.legalPits(board, RuleSet.parse("abapa")));
        assertEquals(-7, valueOf("grand-slam-forbidden", board));
        assertEquals(-7, valueOf("abapa", board));
        assertEquals(7, valueOf(CAPTURE, board));
        assertEquals(7, solver(CAPTURE, SMALL).moveValue(board, 4), "+7 by e");
    }

    /** Example 4: the only feeding move is a six-pit grand slam, so forbid plays it as cancel; awari also allows e. */
    @Test
    void optionsExample4ForbidAfterFeeding() {
        int[] board = b(0, 0, 0, 0, 1, 17, 0, 0, 0, 0, 0, 0);
        RuleSet forbid = RuleSet.parse("grand-slam-forbidden");
        assertArrayEquals(new int[] {5}, ReferenceMoves.legalPits(board, forbid));
        assertArrayEquals(new int[] {5}, ReferenceMoves.legalPits(board, RuleSet.parse("abapa")));
        ReferenceMoves.Play p = ReferenceMoves.play(board, 5, forbid);
        assertArrayEquals(b(1, 1, 1, 1, 2, 0, 2, 2, 2, 2, 2, 2), p.after());
        assertEquals(0, p.captured());
        assertTrue(p.grandSlam());
        assertArrayEquals(new int[] {4, 5}, ReferenceMoves.legalPits(board, false));
        ReferenceMoves.Play q = ReferenceMoves.play(board, 5, false);
        assertArrayEquals(b(1, 1, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0), q.after());
        assertEquals(12, q.captured());
        assertEquals(18, valueOf("awari", board)); // either move: South ends with all 18
    }

    /** Example 5: {@code f} makes a five-pit chain E D C B A of 12 seeds; F keeps its seed. */
    @Test
    void optionsExample5ChainOverTheCap() {
        int[] board = b(0, 0, 0, 0, 0, 5, 1, 2, 1, 2, 1, 1);
        assertMove(board, 5, "abapa", b(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), 12, 13);
        assertMove(board, 5, "lemery", b(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), 12, 13);
        assertMove(board, 5, "myriad", b(0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1), 10, 7);
        assertMove(board, 5, CAP4_NONE, b(0, 0, 0, 0, 0, 0, 2, 3, 2, 3, 2, 1), 0, -13);
        assertMove(board, 5, CAPTURE_CAP4_NONE, b(0, 0, 0, 0, 0, 0, 2, 3, 2, 3, 2, 1), 0, -13);
    }

    /** Example 6: North's row is empty and no move of South reaches it. */
    @Test
    void optionsExample6NoMoveFeeds() {
        int[] b12 = b(1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        int[] b2 = b(2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        assertEquals(3, valueOf("abapa", b12));
        assertEquals(0, valueOf(NOBODY_TAKES, b12));
        assertEquals(3, valueOf(PLAY_ON, b12));
        assertEquals(2, valueOf("abapa", b2));
        assertEquals(0, valueOf(NOBODY_TAKES, b2));
        assertEquals(2, valueOf(PLAY_ON, b2));
        RuleSet playOn = RuleSet.parse(PLAY_ON);
        assertEquals(0, ReferenceMoves.legalPits(b12, RuleSet.parse(NOBODY_TAKES)).length);
        assertEquals(0, ReferenceMoves.terminalValue(b12, RuleSet.parse(NOBODY_TAKES)));
        assertNull(ReferenceMoves.terminalValue(b12, playOn));
        assertArrayEquals(new int[] {0, 1}, ReferenceMoves.legalPits(b12, playOn));
        assertMove(b12, 0, PLAY_ON, b(0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0, 3);
        assertMove(b12, 1, PLAY_ON, b(1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0), 0, 3);
        assertArrayEquals(new int[] {0}, ReferenceMoves.legalPits(b2, playOn));
        assertMove(b2, 0, PLAY_ON, b(0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0, 2);
        for (int pit : new int[] {0, 1}) { // North then has no seeds: the game is over, South takes 3
            assertEquals(-3, ReferenceMoves.terminalValue(ReferenceMoves.rotate(
                    ReferenceMoves.play(b12, pit, playOn).after()), playOn));
        }
    }

    /** Example 7: {@code f} makes A 2, a one-pit chain holding all of North's seeds. */
    @Test
    void optionsExample7OnePitGrandSlam() {
        int[] board = b(0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0);
        int[] kept = b(0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0);
        int[] taken = new int[12];
        for (String g : List.of("cancel", "forbid", "spare-first", "spare-last")) {
            // North keeps its 2 seeds and cannot feed South's empty row
            assertMove(board, 5, "grand-slam=" + g + ",cap=6,over-cap=keep-first,no-feed=mover-takes", kept, 0, -2);
            assertMove(board, 5, "grand-slam=" + g + ",cap=6,over-cap=keep-first,no-feed=nobody-takes", kept, 0, 0);
        }
        assertMove(board, 5, "abapa", kept, 0, -2);
        assertMove(board, 5, "grand-slam-forbidden", kept, 0, -2);
        assertMove(board, 5, CAPTURE, taken, 2, 2);
        assertMove(board, 5, "myriad", taken, 2, 2);
        assertMove(board, 5, CAPTURE_GIVE, taken, 2, 2);
    }

    /**
     * Every row of {@code options-examples.csv} (the file the fast code's tests read) against the
     * reference: the legal moves, the board after a move, the seeds captured, whether the game ends, and
     * the value.
     */
    @Test
    void optionsExamplesCsvAgreesWithTheReference() throws IOException {
        List<String> lines = Files.readAllLines(OPTIONS_CSV);
        List<String> wrong = new ArrayList<>();
        int rows = 0;
        int values = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            rows++;
            String at = OPTIONS_CSV.getFileName() + ":" + (i + 1) + ": ";
            String[] pieces = line.split(",", -1);
            assertTrue(pieces.length >= 7, at + "fewer than 7 columns");
            String[] f = new String[7];
            int extra = pieces.length - 7;
            StringBuilder rules = new StringBuilder(pieces[0].strip());
            for (int k = 1; k <= extra; k++) {
                rules.append(',').append(pieces[k].strip());
            }
            f[0] = rules.toString();
            for (int k = 1; k < 7; k++) {
                f[k] = pieces[k + extra].strip();
            }
            RuleSet r = RuleSet.parse(f[0]);
            assertTrue(f[0].equals(r.id()), at + "'" + f[0] + "' is not written as its preset name");
            int[] board = parseBoard(f[1]);
            int[] legal = ReferenceMoves.legalPits(board, r);
            if (f[2].equals("moves")) {
                StringBuilder got = new StringBuilder();
                for (int pit : legal) {
                    got.append(got.length() == 0 ? "" : " ").append((char) ('a' + pit));
                }
                check(wrong, at + "moves", f[3], got.length() == 0 ? "none" : got.toString());
                check(wrong, at + "captured/ends of a moves row", "", f[4] + f[5]);
            } else {
                assertTrue(f[2].length() == 1 && f[2].charAt(0) >= 'a' && f[2].charAt(0) <= 'f', at + "move " + f[2]);
                int pit = f[2].charAt(0) - 'a';
                boolean isLegal = Arrays.stream(legal).anyMatch(x -> x == pit);
                if (f[3].equals("illegal")) {
                    check(wrong, at + "legal", "false", String.valueOf(isLegal));
                    check(wrong, at + "captured/ends of an illegal row", "", f[4] + f[5]);
                } else {
                    check(wrong, at + "legal", "true", String.valueOf(isLegal));
                    ReferenceMoves.Play p = ReferenceMoves.play(board, pit, r);
                    check(wrong, at + "board after", Arrays.toString(parseBoard(f[3])), Arrays.toString(p.after()));
                    check(wrong, at + "captured", f[4], String.valueOf(p.captured()));
                    boolean ends = p.givesRest()
                            || ReferenceMoves.terminalValue(ReferenceMoves.rotate(p.after()), r) != null;
                    check(wrong, at + "ends", f[5], ends ? "yes" : "no");
                }
            }
            if (!f[6].isEmpty()) {
                values++;
                check(wrong, at + "value", f[6], String.valueOf(valueOf(f[0], board)));
            }
        }
        assertEquals(List.of(), wrong, "rows of " + OPTIONS_CSV + " that disagree with the reference solver");
        assertTrue(rows >= 56 && values >= 50, "only " + rows + " rows (" + values + " values) in " + OPTIONS_CSV
                + ": were lines reformatted?");
    }

    /**
     * docs/RULES.md: under play-on every position has the same value as under mover-takes (the moves
     * played when nothing can feed capture nothing and leave the opponent without seeds). Every board up
     * to {@link #PLAY_ON_MAX} seeds.
     */
    @Test
    void playOnHasTheValuesOfMoverTakes() {
        ReferenceSolver moverTakes = solver("abapa", PLAY_ON_MAX);
        ReferenceSolver playOn = solver(PLAY_ON, PLAY_ON_MAX);
        for (int n = 0; n <= PLAY_ON_MAX; n++) {
            assertEquals(moverTakes.counts(n), playOn.counts(n), "layer " + n);
        }
        long[] compared = {0};
        forEachBoard(PLAY_ON_MAX, board -> {
            if (moverTakes.value(board) != playOn.value(board)) {
                fail("play-on " + playOn.value(board) + ", mover-takes " + moverTakes.value(board) + " at "
                        + Arrays.toString(board));
            }
            compared[0]++;
        });
        assertEquals(ReferenceIndex.binomial(PLAY_ON_MAX + 12, 12), compared[0]);
    }

    /** Rule sets of the local consistency check of the options: every value of every option. */
    static List<String> optionRuleSets() {
        List<String> out = new ArrayList<>(RuleSet.presetNames());
        for (String g : List.of("cancel", "forbid", "capture", "spare-first", "spare-last", "capture-give")) {
            out.add("grand-slam=" + g + ",cap=6,over-cap=keep-first,no-feed=mover-takes");
            out.add("grand-slam=" + g + ",cap=4,over-cap=none,no-feed=nobody-takes");
        }
        for (String g : List.of("cancel", "capture", "capture-give")) {
            for (String c : List.of("5", "4")) {
                for (String o : List.of("keep-first", "none")) {
                    out.add("grand-slam=" + g + ",cap=" + c + ",over-cap=" + o + ",no-feed=mover-takes");
                }
            }
        }
        out.add(NOBODY_TAKES);
        out.add(PLAY_ON);
        out.add("grand-slam=capture,cap=5,over-cap=keep-first,no-feed=play-on");
        return out;
    }

    /**
     * The local consistency of {@link #localConsistency}, under every option, on every board up to
     * {@value #OPTIONS_MAX} seeds: a mover with no seeds is worth {@code -n}, a board without legal moves
     * has the value the rules fix (cannot feed: {@code +n}, or 0 under nobody-takes), every other board
     * is worth the best of its moves, each worth what it captures minus the value of the board it leads
     * to ({@code c - (n - c)} for a capture-give grand slam).
     */
    @Test
    void localConsistencyUnderEveryOption() {
        for (String rules : optionRuleSets()) {
            RuleSet r = RuleSet.parse(rules);
            ReferenceSolver s = new ReferenceSolver(rules, OPTIONS_MAX);
            forEachBoard(OPTIONS_MAX, board -> {
                String where = rules + " " + Arrays.toString(board);
                int n = sum(board);
                int v = s.value(board);
                assertTrue(v >= -n && v <= n, where);
                int[] pits = ReferenceMoves.legalPits(board, r);
                int mover = board[0] + board[1] + board[2] + board[3] + board[4] + board[5];
                if (mover == 0) {
                    assertEquals(-n, v, where);
                    assertEquals(0, pits.length, where);
                    return;
                }
                if (pits.length == 0) {
                    assertEquals(r.noFeed() == RuleSet.NoFeed.NOBODY_TAKES ? 0 : n, v, where);
                    return;
                }
                int best = Integer.MIN_VALUE;
                for (int pit : pits) {
                    ReferenceMoves.Play p = ReferenceMoves.play(board, pit, r);
                    int mv = p.givesRest() ? p.captured() - (n - p.captured())
                            : p.captured() - s.value(ReferenceMoves.rotate(p.after()));
                    assertEquals(mv, s.moveValue(board, pit), where + " move " + pit);
                    best = Math.max(best, mv);
                }
                assertEquals(best, v, where);
            });
        }
    }

}
