package org.krou.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable game position: the twelve pits, the side to move and the seeds each side has
 * captured so far. Pits are absolute: {@code pits[0..5]} are South's {@code a..f},
 * {@code pits[6..11]} North's {@code A..F}.
 *
 * <pre>{@code
 * Position p = Position.parse("4 4 4 4 4 4 / 4 4 4 4 4 4 S");
 * MoveResult r = p.play('c', Variant.ABAPA);
 * r.after().toString();   // "4 4 0 5 5 5 / 5 4 4 4 4 4 N"
 * }</pre>
 *
 * @param pits          twelve counts 0..48, a..f then A..F
 * @param toMove        the side to move
 * @param southCaptured seeds South has captured, 0..48
 * @param northCaptured seeds North has captured, 0..48; board and captures hold at most 48 seeds
 */
public record Position(int[] pits, Side toMove, int southCaptured, int northCaptured) {
    /** Seeds in a full game. */
    public static final int TOTAL_SEEDS = 48;

    /** The start of a game: four seeds in every pit, South to move. */
    public static final Position START =
            new Position(new int[] {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, Side.SOUTH, 0, 0);

    /** Validates and copies. @throws IllegalArgumentException saying what is wrong */
    public Position {
        if (pits == null || pits.length != Rules.PITS) {
            throw new IllegalArgumentException("expected 12 pits, got "
                    + (pits == null ? "none" : pits.length));
        }
        if (toMove == null) {
            throw new IllegalArgumentException("side to move missing");
        }
        pits = pits.clone();
        // every count is checked against 0..48 before anything is added, so no sum can overflow
        int sum = 0;
        for (int i = 0; i < Rules.PITS; i++) {
            if (pits[i] < 0 || pits[i] > TOTAL_SEEDS) {
                throw new IllegalArgumentException("pit " + pitName(Side.SOUTH, i) + " holds " + pits[i]
                        + " seeds: " + (pits[i] < 0 ? "counts must be 0 or more" : "at most " + TOTAL_SEEDS));
            }
            sum += pits[i];
        }
        checkCaptured("South", southCaptured);
        checkCaptured("North", northCaptured);
        if (sum + southCaptured + northCaptured > TOTAL_SEEDS) {
            throw new IllegalArgumentException("board and captures hold " + (sum + southCaptured + northCaptured)
                    + " seeds: at most " + TOTAL_SEEDS + " (" + sum + " on the board, " + southCaptured
                    + " captured by South, " + northCaptured + " by North)");
        }
    }

    private static void checkCaptured(String side, int captured) {
        if (captured < 0 || captured > TOTAL_SEEDS) {
            throw new IllegalArgumentException(side + " has captured " + captured + " seeds: "
                    + (captured < 0 ? "counts must be 0 or more" : "at most " + TOTAL_SEEDS));
        }
    }

    /** A position with nothing captured yet. */
    public Position(int[] pits, Side toMove) {
        this(pits, toMove, 0, 0);
    }

    /** Parses the notation of {@link Notation}. @throws NotationException on bad input */
    public static Position parse(String text) {
        return Notation.parse(text);
    }

    /**
     * The position whose mover-relative board is {@code board}, with {@code side} to move.
     */
    public static Position fromMoverRelative(int[] board, Side side) {
        int[] abs = board.clone();
        if (side == Side.NORTH) {
            Rules.rotate(abs);
        }
        return new Position(abs, side);
    }

    /**
     * The same board and side to move with nothing captured: the key under which repetitions
     * are recognised (captures cannot happen between two occurrences of one board).
     */
    public Position withoutCaptures() {
        return southCaptured == 0 && northCaptured == 0 ? this : new Position(pits, toMove);
    }

    /** A copy of the pits. */
    @Override
    public int[] pits() {
        return pits.clone();
    }

    /** Seeds in pit {@code i} (0..11, a..f then A..F). */
    public int pit(int i) {
        return pits[i];
    }

    /** Seeds on the board. */
    public int seeds() {
        return Rules.seeds(pits);
    }

    /** The board as the mover sees it: mover's row first, both rows in sowing order. */
    public int[] moverRelative() {
        int[] b = pits.clone();
        if (toMove == Side.NORTH) {
            Rules.rotate(b);
        }
        return b;
    }

    /** The legal moves as letters ({@code a..f} for South, {@code A..F} for North), in order. */
    public List<Character> legalMoves(Variant variant) {
        int mask = legalMask(variant);
        List<Character> moves = new ArrayList<>();
        for (int i = 0; i < Rules.ROW; i++) {
            if ((mask & (1 << i)) != 0) {
                moves.add(moveLetter(toMove, i));
            }
        }
        return moves;
    }

    /** True when the side to move has no legal move: the game is over. */
    public boolean isGameOver(Variant variant) {
        return legalMask(variant) == 0;
    }

    private int legalMask(Variant variant) {
        return Rules.generate(moverRelative(), variant, new int[72], new int[6], new int[12]);
    }

    /**
     * Plays a move.
     *
     * @param move the pit letter, {@code a..f} for South or {@code A..F} for North
     * @throws IllegalMoveException naming the move and why it is refused
     */
    public MoveResult play(char move, Variant variant) {
        int pit = pitOf(move);
        int[] b = moverRelative();
        String why = Rules.whyIllegal(b, pit, variant);
        if (why != null) {
            throw new IllegalMoveException(move, this, why);
        }
        int[] child = new int[Rules.PITS];
        int captured = Rules.play(b, pit, variant, child);
        Side next = toMove.opponent();
        int s = southCaptured + (toMove == Side.SOUTH ? captured : 0);
        int n = northCaptured + (toMove == Side.NORTH ? captured : 0);
        Position after = new Position(fromMoverRelative(child, next).pits, next, s, n);
        if (!after.isGameOver(variant)) {
            return new MoveResult(this, move, captured, after, false, after);
        }
        // the side to move next cannot move: it has no seeds (the mover takes the rest, or under
        // grand-slam=capture-give the side without seeds does), or it cannot feed (it takes the
        // rest itself, or nobody does under no-feed=nobody-takes)
        int left = after.seeds();
        int t = Rules.restValue(child, captured, variant);
        Side taker = t > 0 ? next : t < 0 ? toMove : null;
        Position end = new Position(new int[Rules.PITS], next,
                s + (taker == Side.SOUTH ? left : 0), n + (taker == Side.NORTH ? left : 0));
        return new MoveResult(this, move, captured, after, true, end);
    }

    /** The pit index within the mover's row (0..5) named by a move letter of the side to move. */
    public int pitOf(char move) {
        boolean south = move >= 'a' && move <= 'f';
        boolean north = move >= 'A' && move <= 'F';
        if (!south && !north) {
            throw new IllegalMoveException(move, this, "moves are pit letters a-f (South) or A-F (North)");
        }
        if (south != (toMove == Side.SOUTH)) {
            throw new IllegalMoveException(move, this, "that pit belongs to "
                    + (south ? "South" : "North") + " and " + name(toMove) + " is to move");
        }
        return south ? move - 'a' : move - 'A';
    }

    /** The letter of the mover's pit {@code i} (0..5). */
    public static char moveLetter(Side side, int i) {
        return (char) ((side == Side.SOUTH ? 'a' : 'A') + i);
    }

    static String pitName(Side side, int absolute) {
        return String.valueOf(absolute < 6 ? (char) ('a' + absolute) : (char) ('A' + absolute - 6));
    }

    static String name(Side side) {
        return side == Side.SOUTH ? "South" : "North";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && Arrays.equals(pits, p.pits) && toMove == p.toMove
                && southCaptured == p.southCaptured && northCaptured == p.northCaptured;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(pits) * 31 + toMove.hashCode() * 7 + southCaptured * 3 + northCaptured;
    }

    /** The notation of {@link Notation#format(Position)}. */
    @Override
    public String toString() {
        return Notation.format(this);
    }
}
