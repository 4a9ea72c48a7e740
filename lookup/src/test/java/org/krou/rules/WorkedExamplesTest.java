package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The worked examples of {@code docs/RULES.md}, from {@code worked-examples.csv} (see its
 * header for the columns). Each row is played as written and mirrored (rows swapped, the other
 * side to move), through {@link Position#play} and checked against the reference kernel too.
 */
class WorkedExamplesTest {
    private static final String RESOURCE = "worked-examples.csv";

    /** One data row of the CSV. */
    record Row(int line, Position position, Variant variant, String move, String expected,
               String captured, String extra, boolean mirrored) {
        String where() {
            return RESOURCE + " line " + line + (mirrored ? " (mirrored)" : "") + ": ";
        }

        @Override
        public String toString() {
            return "line " + line + (mirrored ? " mirrored" : "") + ": " + position + " " + variant.id()
                    + " " + move;
        }
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (CsvLines.Line l : CsvLines.read(RESOURCE, 6)) {
            String[] f = l.fields();
            if (f.length != 6) {
                throw new IOException(RESOURCE + " line " + l.number() + ": expected 6 fields, got " + f.length);
            }
            Position p = Notation.parse(f[0].trim());
            Variant v = Variant.parse(f[1].trim());
            String move = f[2].trim();
            String expected = f[3].trim();
            String captured = f[4].trim();
            String extra = f[5].trim();
            rows.add(new Row(l.number(), p, v, move, expected, captured, extra, false));
            rows.add(new Row(l.number(), mirror(p), v, mirrorLetters(move), mirrorExpected(move, expected),
                    captured, mirrorExtra(extra), true));
        }
        return rows;
    }

    static Stream<Arguments> cases() throws IOException {
        return rows().stream().map(Arguments::of);
    }

    @Test
    void theFileHoldsEveryWorkedExample() throws IOException {
        // guards against the reader silently skipping rows: examples 1-5, both variants, mirrored
        List<Row> rows = rows();
        assertTrue(rows.size() >= 2 * 30, "only " + rows.size() + " rows read from " + RESOURCE);
        for (String ex : List.of("1 2 14 0 1 3 / 2 0 1 1 0 5 S", "2 0 1 0 3 4 / 4 1 2 1 0 3 S",
                "0 0 0 0 0 3 / 3 2 1 4 1 0 S", "0 0 0 3 0 6 / 1 2 1 2 1 2 S", "3 0 0 1 2 0 / 0 0 0 0 0 0 S",
                "1 2 0 0 0 0 / 0 0 0 0 0 0 S")) {
            for (Variant v : new Variant[] {Variant.ABAPA, Variant.AWARI}) {
                Position p = Notation.parse(ex);
                assertTrue(rows.stream().anyMatch(r -> r.position().equals(p) && r.variant() == v),
                        "no row for " + ex + " under " + v.id());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void example(Row row) {
        String at = row.where();
        Position p = row.position();
        if (row.move().equals("moves")) {
            List<Character> legal = p.legalMoves(row.variant());
            StringBuilder sb = new StringBuilder();
            for (char c : legal) {
                sb.append(sb.length() == 0 ? "" : " ").append(c);
            }
            String got = legal.isEmpty() ? "none" : sb.toString();
            assertEquals(row.expected(), got, at + "legal moves of " + p);
            assertEquals(legal.isEmpty(), p.isGameOver(row.variant()), at + "isGameOver");
            assertEquals(referenceLegal(p, row.variant()), got, at + "reference kernel's legal moves");
            if (legal.isEmpty()) {
                assertTrue(row.extra().startsWith("value="), at + "a 'moves none' row needs value=");
                int value = Integer.parseInt(row.extra().substring("value=".length()));
                assertEquals(value, Rules.terminalValue(p.moverRelative(), row.variant()), at + "terminal value");
            }
            return;
        }
        char move = single(row.move(), at);
        if (row.expected().equals("illegal")) {
            IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> p.play(move, row.variant()),
                    at + "expected " + move + " to be illegal in " + p);
            assertEquals(move, e.move(), at + "refused move");
            assertTrue(e.reason().contains(row.extra()),
                    at + "reason '" + e.reason() + "' should contain '" + row.extra() + "'");
            assertTrue(e.getMessage().contains(e.reason()), at + "message carries the reason");
            assertFalse(p.legalMoves(row.variant()).contains(move), at + "listed as legal");
            return;
        }
        Position expected = Notation.parse(row.expected());
        int captured = Integer.parseInt(row.captured());
        MoveResult r;
        try {
            r = p.play(move, row.variant());
        } catch (IllegalMoveException e) {
            fail(at + "unexpectedly illegal: " + e.getMessage());
            return;
        }
        assertEquals(Notation.format(expected), Notation.format(r.after()), at + "position after " + move);
        assertEquals(captured, r.captured(), at + "captured");
        int s = p.southCaptured() + (p.toMove() == Side.SOUTH ? captured : 0);
        int n = p.northCaptured() + (p.toMove() == Side.NORTH ? captured : 0);
        assertEquals(s, r.after().southCaptured(), at + "South's captured count after");
        assertEquals(n, r.after().northCaptured(), at + "North's captured count after");
        assertTrue(p.legalMoves(row.variant()).contains(move), at + "move not listed as legal");
        assertEquals(move, r.move(), at + "MoveResult.move");
        assertEquals(p, r.before(), at + "MoveResult.before");

        // the reference kernel agrees on board and capture
        ReferenceRules.Result ref = ReferenceRules.play(p.pits(), p.toMove() == Side.SOUTH,
                absolutePit(p.toMove(), move), row.variant());
        assertArrayEquals(expected.pits(), ref.board(), at + "reference kernel's board");
        assertEquals(captured, ref.captured(), at + "reference kernel's capture");

        if (row.extra().isEmpty()) {
            assertFalse(r.gameOver(), at + "the game should go on");
            assertEquals(r.after(), r.end(), at + "end == after while the game goes on");
        } else {
            String[] totals = row.extra().split("\\s+");
            int fs = Integer.parseInt(totals[0].substring(2));
            int fn = Integer.parseInt(totals[1].substring(2));
            assertTrue(r.gameOver(), at + "the game should be over");
            assertEquals(fs, r.end().southCaptured(), at + "South's final total");
            assertEquals(fn, r.end().northCaptured(), at + "North's final total");
            assertEquals(0, r.end().seeds(), at + "the final board is empty");
            assertTrue(r.after().isGameOver(row.variant()), at + "after has no legal move");
        }
    }

    private static char single(String move, String at) {
        if (move.length() != 1) {
            fail(at + "bad move column '" + move + "'");
        }
        return move.charAt(0);
    }

    static int absolutePit(Side side, char move) {
        return side == Side.SOUTH ? move - 'a' : 6 + move - 'A';
    }

    private static String referenceLegal(Position p, Variant v) {
        List<Integer> legal = ReferenceRules.legal(p.pits(), p.toMove() == Side.SOUTH, v);
        StringBuilder sb = new StringBuilder();
        for (int i : legal) {
            sb.append(sb.length() == 0 ? "" : " ").append(i < 6 ? (char) ('a' + i) : (char) ('A' + i - 6));
        }
        return legal.isEmpty() ? "none" : sb.toString();
    }

    static Position mirror(Position p) {
        int[] b = p.pits();
        int[] m = new int[12];
        for (int i = 0; i < 12; i++) {
            m[i] = b[(i + 6) % 12];
        }
        return new Position(m, p.toMove().opponent(), p.northCaptured(), p.southCaptured());
    }

    private static String mirrorLetters(String s) {
        if (s.equals("moves") || s.equals("none") || s.equals("illegal")) {
            return s;
        }
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return sb.toString();
    }

    private static String mirrorExpected(String move, String expected) {
        if (move.equals("moves")) {
            return mirrorLetters(expected);
        }
        if (expected.equals("illegal")) {
            return expected;
        }
        return Notation.format(mirror(Notation.parse(expected)));
    }

    private static String mirrorExtra(String extra) {
        if (!extra.startsWith("S=")) {
            return extra;
        }
        String[] t = extra.split("\\s+");
        return "S=" + t[1].substring(2) + " N=" + t[0].substring(2);
    }
}
