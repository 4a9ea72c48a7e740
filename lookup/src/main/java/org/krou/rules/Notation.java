package org.krou.rules;

/**
 * Position notation: South's pits {@code a..f}, a slash, North's pits {@code A..F}, then the
 * side to move, {@code S} or {@code N} (South if omitted). Counts are separated by spaces or
 * commas. Example: {@code 4 4 4 4 4 4 / 4 4 4 4 4 4 S}.
 *
 * <pre>{@code
 * Position p = Notation.parse("0,0,0,0,0,1 / 1,0,0,0,0,0 N");
 * Notation.format(p);   // "0 0 0 0 0 1 / 1 0 0 0 0 0 N"
 * }</pre>
 */
public final class Notation {
    /** The expected form, quoted in every parse error. */
    public static final String FORM = "expected 'a b c d e f / A B C D E F [S|N]', e.g. '4 4 4 4 4 4 / 4 4 4 4 4 4 S'";

    private Notation() {
    }

    /** Prints a position; {@link #parse(String)} reads it back to an equal board and side. */
    public static String format(Position p) {
        StringBuilder sb = new StringBuilder(40);
        for (int i = 0; i < Rules.PITS; i++) {
            if (i == 6) {
                sb.append("/ ");
            }
            sb.append(p.pit(i)).append(' ');
        }
        return sb.append(p.toMove().letter()).toString();
    }

    /**
     * Parses a position (nothing captured yet).
     *
     * @throws NotationException naming what is wrong and showing the expected form
     */
    public static Position parse(String text) {
        if (text == null || text.isBlank()) {
            throw new NotationException(text, "empty position");
        }
        String s = text.trim();
        int slash = s.indexOf('/');
        if (slash < 0) {
            throw new NotationException(text, "no '/' between South's and North's pits");
        }
        if (s.indexOf('/', slash + 1) >= 0) {
            throw new NotationException(text, "more than one '/'");
        }
        String[] south = tokens(s.substring(0, slash));
        String[] northAndSide = tokens(s.substring(slash + 1));
        Side side = Side.SOUTH;
        int northCount = northAndSide.length;
        String last = northCount > 0 ? northAndSide[northCount - 1] : "";
        // a trailing word is the side to move when it is S/N or follows six pits; otherwise it is
        // a bad pit (e.g. "... 4 4 x"), reported as such below
        if (northCount > 0 && !Character.isDigit(last.charAt(0)) && last.charAt(0) != '-'
                && (northCount == 7 || last.equalsIgnoreCase("S") || last.equalsIgnoreCase("N"))) {
            if (last.equalsIgnoreCase("S")) {
                side = Side.SOUTH;
            } else if (last.equalsIgnoreCase("N")) {
                side = Side.NORTH;
            } else {
                throw new NotationException(text, "unknown side to move '" + last + "': use S or N");
            }
            northCount--;
        }
        if (south.length != 6) {
            throw new NotationException(text, "South has " + south.length + " pits: expected 6 before '/'");
        }
        if (northCount != 6) {
            throw new NotationException(text, "North has " + northCount + " pits: expected 6 after '/'");
        }
        int[] pits = new int[Rules.PITS];
        int sum = 0;
        for (int i = 0; i < Rules.PITS; i++) {
            String t = i < 6 ? south[i] : northAndSide[i - 6];
            String pit = Position.pitName(Side.SOUTH, i);
            int v;
            try {
                v = Integer.parseInt(t);
            } catch (NumberFormatException e) {
                throw new NotationException(text, "pit " + pit + " holds '" + t + "': expected a whole number of seeds");
            }
            if (v < 0) {
                throw new NotationException(text, "pit " + pit + " holds " + v + ": counts must be 0 or more");
            }
            if (v > Position.TOTAL_SEEDS) {
                throw new NotationException(text, "pit " + pit + " holds " + v + ": at most 48 seeds in a game");
            }
            pits[i] = v;
            sum += v;
        }
        if (sum > Position.TOTAL_SEEDS) {
            throw new NotationException(text, "the board holds " + sum + " seeds: at most 48");
        }
        return new Position(pits, side);
    }

    private static String[] tokens(String part) {
        // separators at either end (e.g. the commas of "4,4,4,4,4,4,/,4,...") separate nothing
        String t = part.replaceAll("^[\\s,]+|[\\s,]+$", "");
        return t.isEmpty() ? new String[0] : t.split("[\\s,]+");
    }
}
