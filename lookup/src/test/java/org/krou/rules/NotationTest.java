package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsing and printing positions, and the messages of refused input and refused moves. */
class NotationTest {

    @Test
    void formatIsTheDocumentedForm() {
        assertEquals("4 4 4 4 4 4 / 4 4 4 4 4 4 S", Notation.format(Position.START));
        Position p = new Position(new int[] {0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 12}, Side.NORTH);
        assertEquals("0 0 0 0 0 1 / 1 0 0 0 0 12 N", Notation.format(p));
        assertEquals(Notation.format(p), p.toString());
    }

    @Test
    void parseReadsPitsInOrderAndTheSide() {
        Position p = Notation.parse("1 2 3 4 5 6 / 7 8 9 0 1 2 N");
        assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2}, p.pits());
        assertEquals(Side.NORTH, p.toMove());
        assertEquals(0, p.southCaptured());
        assertEquals(0, p.northCaptured());
        // mover-relative for North: North's row first
        assertArrayEquals(new int[] {7, 8, 9, 0, 1, 2, 1, 2, 3, 4, 5, 6}, p.moverRelative());
        assertEquals(Side.SOUTH, Notation.parse("1 2 3 4 5 6 / 7 8 9 0 1 2").toMove(), "side omitted: South");
        assertEquals(Side.SOUTH, Notation.parse("1 2 3 4 5 6 / 7 8 9 0 1 2 S").toMove());
        assertEquals(Position.START, Position.parse("4,4,4,4,4,4/4,4,4,4,4,4"));
        // leading zeros, however many, are zeros
        assertEquals(7, Notation.parse("0000000000007 0 0 0 0 0 / 0 0 0 0 0 00 N").pit(0));
    }

    /** A comma written next to the slash or at the start separates nothing: it is not a pit. */
    @Test
    void separatorsNextToTheSlash() {
        for (String text : new String[] {"4,4,4,4,4,4,/,4,4,4,4,4,4", "4, 4, 4, 4, 4, 4, / 4, 4, 4, 4, 4, 4",
                ",4,4,4,4,4,4/4,4,4,4,4,4", "4 4 4 4 4 4 /, 4 4 4 4 4 4 S", "4 4 4 4 4 4/4 4 4 4 4 4,S"}) {
            assertEquals(Position.START, Notation.parse(text), "'" + text + "'");
        }
    }

    @Test
    void roundTripOfRandomPositionsInEveryStyle() {
        SplittableRandom rnd = new SplittableRandom(42);
        for (int k = 0; k < 6_000; k++) {
            int n = rnd.nextInt(49);
            int[] b = RandomBoards.board(rnd, n);
            if (k % 97 == 0) { // all seeds in one pit
                b = new int[12];
                b[rnd.nextInt(12)] = n;
            }
            Side side = rnd.nextBoolean() ? Side.SOUTH : Side.NORTH;
            Position p = new Position(b, side);
            String printed = Notation.format(p);
            assertEquals(p, Notation.parse(printed), "round trip of '" + printed + "'");
            assertEquals(printed, Notation.format(Notation.parse(printed)), "print(parse(print))");

            // written by hand: commas or spaces, spacing around '/', side omitted for South
            String sep = switch (rnd.nextInt(4)) {
                case 0 -> " ";
                case 1 -> ",";
                case 2 -> ", ";
                default -> "  ";
            };
            StringBuilder sb = new StringBuilder(rnd.nextBoolean() ? "" : "  ");
            for (int i = 0; i < 12; i++) {
                if (i == 6) {
                    sb.append(switch (rnd.nextInt(3)) {
                        case 0 -> "/";
                        case 1 -> " / ";
                        default -> " /";
                    });
                } else if (i > 0) {
                    sb.append(sep);
                }
                sb.append(b[i]);
            }
            boolean omit = side == Side.SOUTH && rnd.nextBoolean();
            if (!omit) {
                sb.append(' ').append(side.letter());
            }
            String text = sb.toString();
            assertEquals(p, Notation.parse(text), "parse of '" + text + "'");
        }
    }

    /** Each bad input is refused with a message naming the problem (and showing the form). */
    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
        // wrong number of pits, on either side
        "4 4 4 4 4 / 4 4 4 4 4 4 S          | South has 5 pits",
        "4 4 4 4 4 4 4 / 4 4 4 4 4 4        | South has 7 pits",
        "/ 4 4 4 4 4 4                      | South has 0 pits",
        "4 4 4 4 4 4 / 4 4 4 4 4            | North has 5 pits",
        "4 4 4 4 4 4 / 4 4 4 4 4 4 4 N      | North has 7 pits",
        "4 4 4 4 4 4 / 4 4 4 4 4 4 4        | North has 7 pits",
        "4 4 4 4 4 4 /                      | North has 0 pits",
        "4 4 4 4 4 4 / N                    | North has 0 pits",
        // negative counts
        "4 4 -1 4 4 4 / 4 4 4 4 4 4         | pit c holds -1",
        "4 4 4 4 4 4 / 4 4 4 4 4 -3 N       | pit F holds -3",
        "4 4 4 4 4 4 / 4 4 4 4 4 -3         | pit F holds -3",
        // not numbers
        "4 4 x 4 4 4 / 4 4 4 4 4 4          | pit c holds 'x'",
        "4 4 4 4 4 4 / 4 4 4.5 4 4 4        | pit C holds '4.5'",
        "4 4 4 4 4 4 / 4 4 4 4 4 x S        | pit F holds 'x'",
        "4 4 4 4 4 4 / 4 4 4 4 4 x          | pit F holds 'x'",
        "4 4 4 4 4 4 / 4 4 4 4 4 four       | pit F holds 'four'",
        // too many seeds, in one pit or on the board
        "49 0 0 0 0 0 / 0 0 0 0 0 0         | pit a holds 49",
        "0 0 0 0 0 0 / 0 0 0 0 0 100 N      | pit F holds 100",
        "10 10 10 10 10 0 / 0 0 0 0 0 0     | the board holds 50 seeds",
        "4 4 4 4 4 4 / 4 4 4 4 4 5          | the board holds 49 seeds",
        // side letter
        "4 4 4 4 4 4 / 4 4 4 4 4 4 X        | unknown side to move 'X'",
        "4 4 4 4 4 4 / 4 4 4 4 4 4 South    | unknown side to move 'South'",
        // the slash
        "4 4 4 4 4 4 4 4 4 4 4 4            | no '/'",
        "4 4 4 4 4 4 / 4 4 4 / 4 4 4        | more than one '/'",
        // the side to move twice, or words after it: not a seventh pit
        "0 0 1 3 0 2 / 2 1 0 0 1 0 S S      | side to move is given more than once ('S S')",
        "0 0 1 3 0 2 / 2 1 0 0 1 0 n S      | side to move is given more than once ('n S')",
        "0 0 1 3 0 2 / 2 1 0 0 1 0 S x      | unexpected 'S x' after North's 6 pits",
        "0 0 1 3 0 2 / 2 1 0 0 1 0 x y      | unexpected 'x y' after North's 6 pits",
        // numbers too large for an int are too many seeds, not 'not a number'
        "99999999999 0 0 0 0 0 / 0 0 0 0 0 0 | pit a holds 99999999999: at most 48 seeds",
        "2147483647 0 0 0 0 0 / 0 0 0 0 0 0 | pit a holds 2147483647: at most 48 seeds",
        "0 0 0 0 0 0 / 0 0 0 0 0 -99999999999 | pit F holds -99999999999: counts must be 0 or more",
        // counts are the digits 0-9 alone: no sign, no other script's digits
        "0 0 0 0 0 0 / 0 0 0 0 0 +99999999999 | pit F holds '+99999999999': write counts without a sign",
        "-0 0 0 0 0 1 / 1 0 0 0 0 0 S       | pit a holds '-0': write counts without a sign",
        "+4 4 4 4 4 4 / 4 4 4 4 4 4 S       | pit a holds '+4': write counts without a sign",
        "4 4 4 4 4 4 / 4 4 4 4 4 -0         | pit F holds '-0': write counts without a sign",
        "\uFF11 0 0 0 0 1 / 1 0 0 0 0 0 S   | pit a holds '\uFF11': write counts with the digits 0-9",
        "4 4 4 4 4 4 / 4 4 \u0664 4 4 4     | pit C holds '\u0664': write counts with the digits 0-9",
        "4 4 4 4 4 4 / 4 4 4 4 1\uFF12 4   | pit E holds '1\uFF12': write counts with the digits 0-9",
    })
    void badInputNamesTheProblem(String text, String problem) {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parse(text),
                "'" + text + "' should be refused");
        assertTrue(e.problem().contains(problem), "problem for '" + text + "' was '" + e.problem()
                + "', expected it to name: " + problem);
        assertTrue(e.getMessage().contains(e.problem()), "message carries the problem");
        assertTrue(e.getMessage().contains(Notation.FORM), "message shows the expected form");
        assertEquals(text, e.input());
    }

    /** A UTF-8 byte order mark (as Windows editors write it) before the first pit is not part of it. */
    @Test
    void leadingByteOrderMarkIsIgnored() {
        assertEquals(Position.START, Notation.parse("\uFEFF4 4 4 4 4 4 / 4 4 4 4 4 4 S"));
        assertEquals(Position.START, Notation.parse("\uFEFF 4,4,4,4,4,4/4,4,4,4,4,4"));
        NotationException e = assertThrows(NotationException.class, () -> Notation.parse("\uFEFF"));
        assertTrue(e.problem().contains("empty"), e.problem());
    }

    /** A huge bad input is quoted in the message cut to a readable excerpt, never echoed whole. */
    @Test
    void longInputIsQuotedShort() {
        String[] texts = {"x".repeat(120_000), "4 4 4 4 4 4 / 4 4 4 4 4 " + "7".repeat(120_000),
            "4 4 4 4 4 4 / 4 4 4 4 4 4 " + "S ".repeat(60_000), "4 4 4 4 4 4 / 4 4 4 4 4 " + "z".repeat(120_000),
            "1 ".repeat(60_000) + "/ 4 4 4 4 4 4"};
        for (String text : texts) {
            NotationException e = assertThrows(NotationException.class, () -> Notation.parse(text));
            String m = e.getMessage();
            assertTrue(m.length() < 400, () -> m.length() + " characters: " + m.substring(0, 300));
            assertTrue(e.getMessage().contains("\u2026"), "an excerpt ends in an ellipsis: " + e.getMessage());
            assertEquals(text, e.input(), "the whole input stays available to callers");
        }
        NotationException shortOne = assertThrows(NotationException.class, () -> Notation.parse("4 4 x"));
        assertTrue(shortOne.getMessage().startsWith("bad position '4 4 x': "), shortOne.getMessage());
        // control characters in the input are not written to the terminal as they are
        NotationException ctl = assertThrows(NotationException.class, () -> Notation.parse("4 \u001b[2J 4 / 4"));
        assertTrue(!ctl.getMessage().contains("\u001b"), ctl.getMessage());
    }

    @Test
    void emptyInputIsRefused() {
        for (String text : new String[] {"", "   ", null}) {
            NotationException e = assertThrows(NotationException.class, () -> Notation.parse(text));
            assertTrue(e.problem().contains("empty"), e.problem());
        }
    }

    // ---- refused moves ----

    private static IllegalMoveException refused(String position, char move, Variant v) {
        Position p = Notation.parse(position);
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> p.play(move, v),
                move + " in " + position + " under " + v.id() + " should be refused");
        assertEquals(move, e.move());
        assertTrue(e.getMessage().contains(e.reason()), "message carries the reason");
        return e;
    }

    @Test
    void emptyPit() {
        for (Variant v : new Variant[] {Variant.ABAPA, Variant.AWARI}) {
            assertEquals("the pit is empty", refused("0 4 4 4 4 4 / 4 4 4 4 4 4", 'a', v).reason());
            assertEquals("the pit is empty", refused("4 4 4 4 4 4 / 4 4 0 4 4 4 N", 'C', v).reason());
        }
    }

    @Test
    void opponentsPitOrNotAPit() {
        String r = refused("4 4 4 4 4 4 / 4 4 4 4 4 4 S", 'A', Variant.ABAPA).reason();
        assertTrue(r.contains("belongs to North") && r.contains("South is to move"), r);
        r = refused("4 4 4 4 4 4 / 4 4 4 4 4 4 N", 'f', Variant.ABAPA).reason();
        assertTrue(r.contains("belongs to South") && r.contains("North is to move"), r);
        for (char c : new char[] {'g', 'G', 'z', '1', ' '}) {
            r = refused("4 4 4 4 4 4 / 4 4 4 4 4 4", c, Variant.ABAPA).reason();
            assertTrue(r.contains("pit letters"), r);
        }
    }

    @Test
    void forbiddenByFeeding() {
        for (Variant v : new Variant[] {Variant.ABAPA, Variant.AWARI}) {
            String r = refused("3 0 0 1 2 0 / 0 0 0 0 0 0", 'a', v).reason();
            assertTrue(r.contains("does not feed"), r);
            r = refused("0 0 0 0 0 0 / 5 0 0 0 0 1 N", 'A', v).reason();
            assertTrue(r.contains("does not feed"), r);
            r = refused("1 2 0 0 0 0 / 0 0 0 0 0 0", 'a', v).reason();
            assertTrue(r.contains("game is over"), r);
        }
    }

    @Test
    void awariStarvation() {
        // f captures B and A, everything North has, while e does not: f is refused under awari
        String pos = "0 0 0 0 1 2 / 1 1 0 0 0 0";
        String r = refused(pos, 'f', Variant.AWARI).reason();
        assertTrue(r.contains("without seeds") && r.contains("awari"), r);
        // abapa: legal, the grand slam captures nothing
        MoveResult m = Notation.parse(pos).play('f', Variant.ABAPA);
        assertEquals(0, m.captured());
        assertEquals("0 0 0 0 1 0 / 2 2 0 0 0 0 N", m.after().toString());
    }

    @Test
    void variantNames() {
        assertEquals(Variant.ABAPA, Variant.parse("abapa"));
        assertEquals(Variant.AWARI, Variant.parse(" AWARI "));
        assertEquals("abapa", Variant.ABAPA.id());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Variant.parse("oware"));
        assertTrue(e.getMessage().contains("abapa, awari"), e.getMessage());
    }

    /** Counts near Integer.MAX_VALUE must not wrap around in the sums and pass as small ones. */
    @Test
    void positionConstructorRefusesCountsThatWouldOverflow() {
        int max = Integer.MAX_VALUE;
        int[] ten = {0, 0, 1, 3, 0, 2, 2, 1, 0, 0, 1, 0};
        String[][] cases = {
            {"pit a holds 2147483647 seeds: at most 48"},
            {"pit a holds 2147483647 seeds: at most 48"},
            {"South has captured 2147483647 seeds: at most 48"},
            {"North has captured 2147483647 seeds: at most 48"},
            {"board and captures hold 49 seeds: at most 48"},
        };
        List<org.junit.jupiter.api.function.Executable> makers = List.of(
            () -> new Position(new int[] {max, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, Side.SOUTH),
            () -> new Position(new int[] {max, max, max, max, max, max, max, max, max, max, max, max}, Side.NORTH),
            () -> new Position(ten, Side.SOUTH, max, max),
            () -> new Position(ten, Side.SOUTH, 10, 2147483640 + 7),
            () -> new Position(new int[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 48}, Side.SOUTH, 1, 0));
        for (int i = 0; i < makers.size(); i++) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, makers.get(i));
            assertTrue(e.getMessage().contains(cases[i][0]), "case " + i + ": " + e.getMessage());
        }
        // the largest legal counts are accepted
        new Position(new int[] {48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, Side.SOUTH);
        new Position(new int[12], Side.SOUTH, 48, 0);
        new Position(ten, Side.SOUTH, 20, 18);
    }

    @Test
    void positionConstructorRefusesBadBoards() {
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[11], Side.SOUTH));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[] {-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                Side.SOUTH));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[12], Side.SOUTH, 40, 9));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[12], null));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[] {48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                Side.SOUTH, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[12], Side.SOUTH, 49, 0));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[12], Side.SOUTH, 0, -1));
        // immutable: the pits are copied in and out
        int[] b = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
        Position p = new Position(b, Side.SOUTH);
        b[0] = 9;
        p.pits()[1] = 9;
        assertEquals(Position.START, p);
    }
}
