package org.krou.server;

import org.krou.rules.Position;
import org.krou.rules.Rules;

/** The fast reader of one batch line: the common well-formed line without building a {@link Position}. */
public final class BoardReader {
    private BoardReader() {
    }

    /**
     * A fast reader of the plain notation for {@code --batch}: twelve whole numbers separated by
     * spaces, tabs or commas, a {@code /} after the sixth, and optionally {@code S} or {@code N}
     * (either case) after a separator. Fills {@code board} with the mover-relative board and
     * returns true, exactly what {@code Position.parse(line).moverRelative()} gives; returns
     * false, leaving the line to {@link Position#parse}, for anything else, including every line
     * that {@code Position.parse} refuses (more than 48 seeds, a missing pit, a sign, ...).
     */
    public static boolean parseBoard(String line, int[] board) {
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
}
