package org.krou.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A second, deliberately naive implementation of the move rules, written from
 * {@code docs/RULES.md} only and sharing no code with {@link Rules} or {@link Position}: it works
 * on <em>absolute</em> boards ({@code 0..5} = South's {@code a..f}, {@code 6..11} = North's
 * {@code A..F}), sows seed by seed around the ring, finds feeding moves by simulating the sowing
 * and applies the filters in the order of docs/RULES.md. Tests compare the production kernel against it.
 */
final class ReferenceRules {
    /** The result of one move on an absolute board. */
    record Result(int[] board, int captured, int lastPit) {
    }

    private ReferenceRules() {
    }

    /** First absolute pit of the row of {@code south ? South : North}. */
    static int rowStart(boolean south) {
        return south ? 0 : 6;
    }

    static boolean inRow(int pit, boolean south) {
        return south ? pit < 6 : pit >= 6;
    }

    static int rowSum(int[] board, boolean south) {
        int s = 0;
        for (int i = rowStart(south); i < rowStart(south) + 6; i++) {
            s += board[i];
        }
        return s;
    }

    /** Sows absolute pit {@code origin} seed by seed, skipping the origin; returns the last pit. */
    static int sowInPlace(int[] board, int origin) {
        int seeds = board[origin];
        board[origin] = 0;
        int pos = origin;
        while (seeds > 0) {
            pos = (pos + 1) % 12;
            if (pos == origin) {
                continue;
            }
            board[pos]++;
            seeds--;
        }
        return pos;
    }

    /** Plays absolute pit {@code origin} for the side {@code south}; legality not checked. */
    static Result play(int[] before, boolean south, int origin, Variant variant) {
        int[] board = before.clone();
        int last = sowInPlace(board, origin);
        int captured = 0;
        boolean opp = !south;
        if (inRow(last, opp) && (board[last] == 2 || board[last] == 3)) {
            List<Integer> chain = new ArrayList<>();
            int i = last;
            while (i >= rowStart(opp) && inRow(i, opp) && (board[i] == 2 || board[i] == 3)) {
                chain.add(i);
                i--;
            }
            int total = 0;
            for (int c : chain) {
                total += board[c];
            }
            boolean grandSlam = total == rowSum(board, opp);
            if (!(grandSlam && variant == Variant.ABAPA)) {
                for (int c : chain) {
                    board[c] = 0;
                }
                captured = total;
            }
        }
        return new Result(board, captured, last);
    }

    /** True if sowing absolute pit {@code origin} puts at least one seed in the opponent's row. */
    static boolean feeds(int[] board, boolean south, int origin) {
        int[] b = board.clone();
        int before = rowSum(b, !south);
        sowInPlace(b, origin);
        return rowSum(b, !south) > before;
    }

    /** The legal absolute origin pits, in order a..f or A..F. */
    static List<Integer> legal(int[] board, boolean south, Variant variant) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = rowStart(south); i < rowStart(south) + 6; i++) {
            if (board[i] > 0) {
                candidates.add(i);
            }
        }
        boolean starved = rowSum(board, !south) == 0;
        if (starved && candidates.stream().noneMatch(i -> feeds(board, south, i))) {
            return new ArrayList<>(); // no move can feed: the game is over
        }
        if (variant == Variant.AWARI) {
            // a move leaving the opponent no seeds is illegal unless every move does so
            List<Integer> leaving = new ArrayList<>();
            for (int i : candidates) {
                if (rowSum(play(board, south, i, variant).board(), !south) > 0) {
                    leaving.add(i);
                }
            }
            return leaving.isEmpty() ? candidates : leaving;
        }
        if (starved) {
            candidates.removeIf(i -> !feeds(board, south, i));
        }
        return candidates;
    }

    /** Number of move sequences of exactly {@code depth} plies (games ending earlier count 0). */
    static long perft(int[] board, boolean south, Variant variant, int depth) {
        if (depth == 0) {
            return 1;
        }
        long n = 0;
        for (int i : legal(board, south, variant)) {
            n += perft(play(board, south, i, variant).board(), !south, variant, depth - 1);
        }
        return n;
    }
}
