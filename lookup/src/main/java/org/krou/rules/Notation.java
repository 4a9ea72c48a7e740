package org.krou.rules;

import org.krou.util.Words;

/**
 * Position notation: South's pits {@code a..f}, a slash, North's pits {@code A..F}, then the
 * side to move, {@code S} or {@code N} (South if omitted). Counts are separated by spaces or
 * commas; a count is written with the digits 0-9 alone (no sign). Example:
 * {@code 4 4 4 4 4 4 / 4 4 4 4 4 4 S}.
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
     * Parses a position (nothing captured yet). A leading byte order mark ({@code U+FEFF}, as
     * some editors write at the start of a UTF-8 file) is ignored.
     *
     * @throws NotationException naming what is wrong and showing the expected form
     */
    public static Position parse(String text) {
        String s = text == null ? "" : stripByteOrderMark(text).trim();
        if (s.isEmpty()) {
            throw new NotationException(text, "empty position");
        }
        int slash = s.indexOf('/');
        if (slash < 0) {
            throw new NotationException(text, "no '/' between South's and North's pits");
        }
        if (s.indexOf('/', slash + 1) >= 0) {
            throw new NotationException(text, "more than one '/'");
        }
        String[] south = tokens(s.substring(0, slash));
        String[] north = tokens(s.substring(slash + 1));
        Side side = Side.SOUTH;
        int northCount = north.length;
        String last = northCount > 0 ? north[northCount - 1] : "";
        // a trailing word is the side to move when it is S/N or follows six pits; otherwise it is
        // a bad pit (e.g. "... 4 4 x"), reported as such below
        boolean sideGiven = isSide(last);
        if (sideGiven || (northCount == 7 && !looksLikeNumber(last))) {
            if (!sideGiven) {
                throw new NotationException(text, "unknown side to move '" + excerpt(last) + "': use S or N");
            }
            side = Character.toUpperCase(last.charAt(0)) == 'N' ? Side.NORTH : Side.SOUTH;
            northCount--;
        }
        if (south.length != 6) {
            throw new NotationException(text, "South has " + Words.count(south.length, "pit", "pits")
                    + ": expected 6 before '/'");
        }
        if (northCount > 6) {
            extraAfterNorth(text, north, northCount, sideGiven ? last : null);
        }
        if (northCount != 6) {
            throw new NotationException(text, "North has " + Words.count(northCount, "pit", "pits")
                    + ": expected 6 after '/'");
        }
        int[] pits = new int[Rules.PITS];
        int sum = 0;
        for (int i = 0; i < Rules.PITS; i++) {
            int v = count(text, i < 6 ? south[i] : north[i - 6], Position.pitName(Side.SOUTH, i));
            pits[i] = v;
            sum += v;
        }
        if (sum > Position.TOTAL_SEEDS) {
            throw new NotationException(text, "the board holds " + sum + " seeds: at most 48");
        }
        return new Position(pits, side);
    }

    /**
     * Words after North's six pits that are not one side letter: the side written twice
     * ({@code "... S S"}) or stray words. Returns when everything after the pits is a number,
     * which the caller reports as too many pits.
     */
    private static void extraAfterNorth(String text, String[] north, int northCount, String side) {
        boolean words = false;
        boolean allSides = true;
        StringBuilder extra = new StringBuilder();
        for (int i = 6; i < northCount; i++) {
            words |= !looksLikeNumber(north[i]);
            allSides &= isSide(north[i]);
            extra.append(i == 6 ? "" : " ").append(north[i]);
        }
        if (side != null && allSides) {
            throw new NotationException(text, "the side to move is given more than once ('"
                    + excerpt(extra + " " + side) + "'): write S or N once, at the end");
        }
        if (words) {
            throw new NotationException(text, "unexpected '" + excerpt(extra.toString())
                    + "' after North's 6 pits: only the side to move, S or N, may follow");
        }
    }

    /**
     * The count of one pit, 0..48, written with the ASCII digits 0-9 alone: a sign ({@code -1},
     * {@code -0}, {@code +4}) or another script's digits ({@code １}, Unicode's full-width one,
     * which {@link Integer#parseInt} would take) is refused, saying so.
     */
    private static int count(String text, String t, String pit) {
        if (!t.matches("[0-9]+")) {
            String problem;
            if (t.matches("-[0-9]*[1-9][0-9]*")) {
                problem = excerpt(t) + ": counts must be 0 or more";
            } else if (t.matches("[+-][0-9]+")) {
                problem = "'" + excerpt(t) + "': write counts without a sign";
            } else if (t.matches("[+-]?\\p{Nd}+")) {
                problem = "'" + excerpt(t) + "': write counts with the digits 0-9";
            } else {
                problem = "'" + excerpt(t) + "': expected a whole number of seeds";
            }
            throw new NotationException(text, "pit " + pit + " holds " + problem);
        }
        // digits only (leading zeros allowed): beyond an int, far too many seeds
        String d = t.replaceFirst("^0+(?=.)", "");
        int v = d.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(d);
        if (v > Position.TOTAL_SEEDS) {
            throw new NotationException(text, "pit " + pit + " holds " + excerpt(t) + ": at most 48 seeds in a game");
        }
        return v;
    }

    private static boolean isSide(String t) {
        return t.equalsIgnoreCase("S") || t.equalsIgnoreCase("N");
    }

    private static boolean looksLikeNumber(String t) {
        char c = t.charAt(0);
        return Character.isDigit(c) || c == '-' || c == '+';
    }

    /**
     * The allocation-free reader of the plain notation (for {@code krou probe --batch}, or an engine
     * reading many positions): twelve whole numbers separated by
     * spaces, tabs or commas, a {@code /} after the sixth, and optionally {@code S} or {@code N}
     * (either case) after a separator. Fills {@code board} with the mover-relative board and
     * returns true, exactly what {@code parse(line).moverRelative()} gives; returns
     * false, leaving the line to {@link #parse}, for anything else, including every line
     * that {@code parse} refuses (more than 48 seeds, a missing pit, a sign, ...).
     */
    public static boolean readBoard(String line, int[] board) {
        int len = line.length();
        int i = skipSeparators(line, 0);
        int sum = 0;
        for (int pit = 0; pit < Rules.PITS; pit++) {
            if (pit == 6) {
                if (i >= len || line.charAt(i) != '/') {
                    return false;
                }
                i = skipSeparators(line, i + 1);
            }
            int start = i;
            int v = 0;
            while (i < len) {
                char c = line.charAt(i);
                if (c < '0' || c > '9') {
                    break;
                }
                v = v * 10 + (c - '0');
                if (v > Position.TOTAL_SEEDS) {
                    return false;
                }
                i++;
            }
            if (i == start) {
                return false;
            }
            board[pit] = v;
            sum += v;
            int after = skipSeparators(line, i);
            // a number ends at a separator, at the end, or (the sixth) at the slash
            if (after == i && i < len && !(pit == 5 && line.charAt(i) == '/')) {
                return false;
            }
            i = after;
        }
        if (sum > Position.TOTAL_SEEDS) {
            return false;
        }
        boolean north = false;
        if (i < len) {
            char c = line.charAt(i);
            if (c == 'N' || c == 'n') {
                north = true;
            } else if (c != 'S' && c != 's') {
                return false;
            }
            if (!isSeparator(line.charAt(i - 1)) || skipSeparators(line, i + 1) != len) {
                return false;
            }
        }
        if (north) {
            Rules.rotate(board);
        }
        return true;
    }

    private static int skipSeparators(String s, int i) {
        while (i < s.length() && isSeparator(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Characters both {@code String.trim} and the notation's {@code [\s,]} separators accept. */
    private static boolean isSeparator(char c) {
        return c == ' ' || c == ',' || c == '\t' || c == '\r' || c == '\f' || c == '\u000B';
    }

    /** {@code text} without a leading byte order mark {@code U+FEFF}. */
    public static String stripByteOrderMark(String text) {
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** The most characters of someone's input that an error message quotes. */
    public static final int EXCERPT_LENGTH = 60;

    /**
     * Input as error messages quote it: at most {@link #EXCERPT_LENGTH} characters followed by
     * {@code …} when longer, control characters shown as {@code ?} so that nothing typed or read
     * can drive the terminal.
     */
    public static String excerpt(String text) {
        if (text == null) {
            return "";
        }
        int cut = text.length() <= EXCERPT_LENGTH ? text.length() : EXCERPT_LENGTH;
        if (cut < text.length() && Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        StringBuilder sb = new StringBuilder(cut + 1);
        for (int i = 0; i < cut; i++) {
            char c = text.charAt(i);
            sb.append(Character.isISOControl(c) ? '?' : c);
        }
        return cut < text.length() ? sb.append('\u2026').toString() : sb.toString();
    }

    private static String[] tokens(String part) {
        // separators at either end (e.g. the commas of "4,4,4,4,4,4,/,4,...") separate nothing
        String t = part.replaceAll("^[\\s,]+|[\\s,]+$", "");
        return t.isEmpty() ? new String[0] : t.split("[\\s,]+");
    }
}
