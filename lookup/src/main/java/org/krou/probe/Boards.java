package org.krou.probe;

import org.krou.rules.Position;
import org.krou.rules.Rules;

/** The one check of a board given as 12 pit counts: a primitive test for the search, a message for the rest. */
final class Boards {
    private Boards() {
    }

    /** The seeds of a valid board (12 pits of 0..48, at most 48 in all), or -1; builds nothing. */
    static int seeds(int[] b) {
        if (b == null || b.length != Rules.PITS) {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < Rules.PITS; i++) {
            int x = b[i];
            if (x < 0 || x > Position.TOTAL_SEEDS) {
                return -1;
            }
            n += x;
        }
        return n <= Position.TOTAL_SEEDS ? n : -1;
    }

    /** What is wrong with a board {@link #seeds} refuses: the pit and what it holds, or the total. */
    static IllegalArgumentException invalid(int[] b) {
        if (b == null || b.length != Rules.PITS) {
            return new IllegalArgumentException("a board has 12 pits, got " + (b == null ? "none" : b.length));
        }
        long sum = 0;
        for (int i = 0; i < Rules.PITS; i++) {
            if (b[i] < 0 || b[i] > Position.TOTAL_SEEDS) {
                return new IllegalArgumentException("pit " + i + " of the board holds " + b[i] + " seeds: expected 0.."
                        + Position.TOTAL_SEEDS);
            }
            sum += b[i];
        }
        return new IllegalArgumentException("the board holds " + sum + " seeds: expected at most "
                + Position.TOTAL_SEEDS);
    }
}
