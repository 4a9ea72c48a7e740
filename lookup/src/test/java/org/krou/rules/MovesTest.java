package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link Moves#classify} on boards worked by hand from docs/RULES.md (the numbers are those of its
 * worked examples and of its examples of the options): which pits are legal, which are sown
 * (their last seed makes 2 or 3 on North's side), which legal ones capture and how much. South is
 * to move, so a position as RULES.md writes it is the mover-relative board. Pits are written as
 * letters: {@code "df"} is the mask of {@code d} and {@code f}.
 */
class MovesTest {
    private final int[] children = new int[72];
    private final int[] captured = new int[6];

    /** The masks of {@code board} under {@code rules}, as "legal / sown / captures", each a string of pit letters. */
    private String classify(String rules, String board) {
        int m = Moves.classify(Notation.parse(board).moverRelative(), Variant.parse(rules), children, captured);
        return letters(Moves.legal(m)) + " / " + letters(Moves.sown(m)) + " / " + letters(Moves.captures(m));
    }

    private static String letters(int mask) {
        StringBuilder s = new StringBuilder();
        for (int pit = 0; pit < 6; pit++) {
            if ((mask & (1 << pit)) != 0) {
                s.append((char) ('a' + pit));
            }
        }
        return s.length() == 0 ? "-" : s.toString();
    }

    /** Worked example 5: North has no seeds; only e (2 seeds, into f and A) reaches them; A then holds 1, so nothing is sown. */
    @Test
    void feeding() {
        for (String rules : new String[] {"abapa", "awari", "no-feed=play-on", "grand-slam=forbid"}) {
            assertEquals("e / - / -", classify(rules, "3 0 0 1 2 0 / 0 0 0 0 0 0 S"), rules);
        }
    }

    /** Worked example 6 and options example 6: nothing reaches North's row. The game is over, except under play-on. */
    @Test
    void noMoveCanFeed() {
        for (String rules : new String[] {"abapa", "awari", "no-feed=nobody-takes", "grand-slam=forbid"}) {
            assertEquals("- / - / -", classify(rules, "1 2 0 0 0 0 / 0 0 0 0 0 0 S"), rules);
        }
        assertEquals("ab / - / -", classify("no-feed=play-on", "1 2 0 0 0 0 / 0 0 0 0 0 0 S"));
        assertEquals("a / - / -", classify("no-feed=play-on", "2 0 0 0 0 0 / 0 0 0 0 0 0 S"));
        assertEquals("- / - / -", classify("abapa", "0 0 0 0 0 0 / 1 2 0 0 0 0 S"), "the mover has no seeds");
    }

    /**
     * Worked example 4: f makes North 2 3 2 3 2 3, a chain of six pits holding 15 seeds, all of
     * North's; d (3 seeds, into e f A) makes A 2 and takes it.
     */
    @Test
    void grandSlamUnderEachOption() {
        String board = "0 0 0 3 0 6 / 1 2 1 2 1 2 S";
        assertEquals("df / df / d", classify("abapa", board), "cancel: f stands and takes nothing");
        assertEquals(2, captured[3]);
        assertEquals(0, captured[5]);
        assertEquals("d / df / d", classify("grand-slam=forbid", board), "forbid: d is no grand slam");
        assertEquals("d / df / d", classify("awari", board), "awari: d leaves North seeds");
        assertEquals(15, captured[5], "awari plays a grand slam in full");
        assertEquals("df / df / df", classify("grand-slam=capture", board));
        assertEquals(15, captured[5]);
        assertEquals("df / df / df", classify("grand-slam=capture-give", board));
        assertEquals(15, captured[5]);
        assertEquals("df / df / df", classify("grand-slam=spare-first", board));
        assertEquals(12, captured[5], "F (3) spared");
        assertEquals("df / df / df", classify("grand-slam=spare-last", board));
        assertEquals(13, captured[5], "A (2) spared");
        assertEquals("df / df / df", classify("lemery", board), "cap 5, keep-first: no grand slam");
        assertEquals(13, captured[5], "F E D C B");
        assertEquals("df / df / df", classify("myriad", board));
        assertEquals(10, captured[5], "F E D C");
        assertEquals("df / df / d", classify("grand-slam=forbid,cap=5,over-cap=none", board),
                "the chain over the cap is dropped: no grand slam, so forbid allows f");
        assertEquals(0, captured[5]);
    }

    /** Worked example 8, options example 7: the only move is a grand slam, so forbid and awari allow it. */
    @Test
    void forcedGrandSlam() {
        String board = "0 0 0 0 0 2 / 1 1 0 0 0 0 S";
        assertEquals("f / f / -", classify("grand-slam=forbid", board), "played as under cancel");
        assertEquals("f / f / -", classify("abapa", board));
        assertEquals("f / f / f", classify("awari", board));
        assertEquals(4, captured[5]);
        assertEquals("f / f / f", classify("grand-slam=capture", board));
        assertEquals("f / f / -", classify("grand-slam=spare-first", "0 0 0 0 0 1 / 1 0 0 0 0 0 S"), "one pit spared: nothing");
        assertEquals("f / f / -", classify("grand-slam=spare-last", "0 0 0 0 0 1 / 1 0 0 0 0 0 S"));
        assertEquals("f / f / f", classify("grand-slam=capture-give", "0 0 0 0 0 1 / 1 0 0 0 0 0 S"));
        assertEquals(2, captured[5]);
    }

    /**
     * Worked example 10: e is a grand slam of two pits (B A, 5 seeds); d (1 seed, into e) is
     * quiet and leaves North its seeds.
     */
    @Test
    void grandSlamWithAChoice() {
        String board = "0 0 0 1 3 0 / 1 2 0 0 0 0 S";
        assertEquals("de / e / -", classify("abapa", board));
        assertEquals("d / e / -", classify("awari", board));
        assertEquals(5, captured[4], "sown and settled, though not legal");
        assertEquals("d / e / -", classify("grand-slam=forbid", board));
        assertEquals("de / e / e", classify("grand-slam=capture", board));
        assertEquals("de / e / e", classify("myriad", board), "a chain of two is within cap 4");
        assertEquals("de / e / e", classify("grand-slam=spare-first", board));
        assertEquals(2, captured[4], "A only");
        assertEquals("de / e / e", classify("grand-slam=spare-last", board));
        assertEquals(3, captured[4], "B only");
    }

    /**
     * Worked example 12, options example 4: North is empty; only f (17 seeds) reaches it, leaving
     * six 2s, a grand slam. Awari allows e too, since no move leaves North a seed.
     */
    @Test
    void awariWhenNoMoveKeepsTheOpponentAlive() {
        String board = "0 0 0 0 1 17 / 0 0 0 0 0 0 S";
        assertEquals("f / f / -", classify("abapa", board));
        assertEquals("f / f / -", classify("grand-slam=forbid", board), "forced by the feeding rule");
        assertEquals("ef / f / f", classify("awari", board));
        assertEquals(12, captured[5]);
        assertEquals("f / f / f", classify("grand-slam=capture", board), "only awari allows a move that does not feed");
    }

    /** Awari: a quiet move that reaches an empty row keeps the opponent alive; capturing moves that empty it do not. */
    @Test
    void awariKeepsTheOpponentAlive() {
        // North is empty: d (3 seeds) sows e f A and f (1 seed) sows A; A then holds 1, so both are quiet and feed
        assertEquals("df / - / -", classify("awari", "0 0 0 3 0 1 / 0 0 0 0 0 0 S"));
        // f (1 seed) makes A 2 and takes it, B keeps North alive; e (1 seed, into f) is quiet
        assertEquals("ef / f / f", classify("awari", "0 0 0 0 1 1 / 1 1 0 0 0 0 S"));
        assertEquals(2, captured[5]);
        // without B, f takes North's last seeds: refused while e leaves North its seed
        assertEquals("e / f / -", classify("awari", "0 0 0 0 1 1 / 1 0 0 0 0 0 S"));
        assertEquals(2, captured[5]);
        assertEquals("ef / f / -", classify("abapa", "0 0 0 0 1 1 / 1 0 0 0 0 0 S"), "abapa: cancelled, allowed");
    }

    /** Options example 5: a chain of five pits (E D C B A, 12 seeds) that leaves F its seed: no grand slam. */
    @Test
    void chainOverTheCap() {
        String board = "0 0 0 0 0 5 / 1 2 1 2 1 1 S";
        assertEquals("f / f / f", classify("abapa", board));
        assertEquals(12, captured[5]);
        assertEquals("f / f / f", classify("lemery", board));
        assertEquals(12, captured[5]);
        assertEquals("f / f / f", classify("myriad", board));
        assertEquals(10, captured[5], "E D C B");
        assertEquals("f / f / -", classify("grand-slam=cancel,cap=4,over-cap=none", board));
        assertEquals("f / f / -", classify("grand-slam=capture,cap=4,over-cap=none", board));
    }

    /** The opening (worked example 14): every pit legal, none ends on 2 or 3, so none is sown. */
    @Test
    void quietMovesAreNotSown() {
        assertEquals("abcdef / - / -", classify("abapa", "4 4 4 4 4 4 / 4 4 4 4 4 4 S"));
        // worked example 2: f ends on D (2) and takes D C B, 7; e (3 seeds) ends on B (2) and takes it,
        // A (5) ending the chain; a and c end in South's own row
        assertEquals("acef / ef / ef", classify("abapa", "2 0 1 0 3 4 / 4 1 2 1 0 3 S"));
        assertEquals(2, captured[4]);
        assertEquals(7, captured[5]);
    }
}
