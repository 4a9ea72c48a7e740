package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        for (Variant v : Variant.values()) {
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
        for (Variant v : Variant.values()) {
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
        assertTrue(e.getMessage().contains("abapa or awari"), e.getMessage());
    }

    @Test
    void positionConstructorRefusesBadBoards() {
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[11], Side.SOUTH));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[] {-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                Side.SOUTH));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[12], Side.SOUTH, 40, 9));
        assertThrows(IllegalArgumentException.class, () -> new Position(new int[12], null));
        // immutable: the pits are copied in and out
        int[] b = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
        Position p = new Position(b, Side.SOUTH);
        b[0] = 9;
        p.pits()[1] = 9;
        assertEquals(Position.START, p);
    }
}
