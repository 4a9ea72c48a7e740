package org.krou.generator.reference;

import java.util.Arrays;
import org.krou.generator.reference.RuleSet.GrandSlam;
import org.krou.generator.reference.RuleSet.NoFeed;

/**
 * The moves of {@link ReferenceSolver}, from the rules document alone (the rules it implements
 * are listed there): sowing, the capture settled under a rule set, legal moves and finished games.
 * Package-private for the tests that check them against the documented examples.
 */
final class ReferenceMoves {
    private static final int PITS = ReferenceIndex.PITS;

    private ReferenceMoves() {
    }

    /**
     * The board right after a move, from the mover's view (not rotated), and the seeds captured.
     * {@code grandSlam}: the chain left after the cap held every seed of the opponent's row (never set
     * under {@code awari}). {@code givesRest}: a {@code capture-give} grand slam, which ends the game with
     * the seeds left (all on the mover's side, still in {@code after}) going to the opponent.
     */
    record Play(int[] after, int captured, boolean grandSlam, boolean givesRest) {
    }

    /** Plays pit (0..5, non-empty) of the mover under abapa (true) or awari (false). */
    static Play play(int[] board, int pit, boolean abapa) {
        return play(board, pit, abapa ? RuleSet.ABAPA : RuleSet.AWARI);
    }

    /**
     * Plays pit (0..5, non-empty) of the mover: sowing, then the capture settled under the rule set. Does
     * not check legality; a {@code forbid} grand slam is played as under {@code cancel}.
     */
    static Play play(int[] board, int pit, RuleSet rules) {
        if (pit < 0 || pit > 5 || board[pit] == 0) {
            throw new IllegalArgumentException("not a playable pit: " + pit);
        }
        int[] a = board.clone();
        int seeds = a[pit];
        a[pit] = 0;
        int pos = pit;
        while (seeds > 0) {
            pos = (pos + 1) % PITS;
            if (pos == pit) {
                continue; // the origin is skipped on every lap
            }
            a[pos]++;
            seeds--;
        }
        // The chain q1..qL: q(k+1) is pit pos - k.
        int length = 0;
        while (pos - length >= 6 && (a[pos - length] == 2 || a[pos - length] == 3)) {
            length++;
        }
        // The part of the chain captured: q(from+1)..q(to).
        int from = 0;
        int to = length;
        boolean grandSlam = false;
        boolean givesRest = false;
        if (!rules.awari() && length > 0) {
            if (length > rules.cap()) {
                to = rules.overCapNone() ? 0 : rules.cap();
            }
            int chainSeeds = 0;
            for (int k = 0; k < to; k++) {
                chainSeeds += a[pos - k];
            }
            int row = 0;
            for (int k = 6; k < PITS; k++) {
                row += a[k];
            }
            grandSlam = to > 0 && chainSeeds == row;
            if (grandSlam) {
                switch (rules.grandSlam()) {
                    case CANCEL, FORBID -> to = 0;
                    case CAPTURE -> { }
                    case SPARE_FIRST -> from = 1;
                    case SPARE_LAST -> to = to - 1;
                    case CAPTURE_GIVE -> givesRest = true;
                    default -> throw new IllegalStateException();
                }
            }
        }
        int captured = 0;
        for (int k = from; k < to; k++) {
            captured += a[pos - k];
            a[pos - k] = 0;
        }
        return new Play(a, captured, grandSlam, givesRest);
    }

    /** Mover-relative child of a board seen from the mover: the opponent's six pits, then the mover's. */
    static int[] rotate(int[] after) {
        return rotate(after, new int[PITS]);
    }

    /** {@link #rotate(int[])} into a given array, which it returns. */
    static int[] rotate(int[] after, int[] c) {
        for (int k = 0; k < PITS; k++) {
            c[k] = after[(k + 6) % PITS];
        }
        return c;
    }

    /** Legal pits under abapa (true) or awari (false). */
    static int[] legalPits(int[] board, boolean abapa) {
        return legalPits(board, abapa ? RuleSet.ABAPA : RuleSet.AWARI);
    }

    /** Legal pits in ascending order; empty when the mover has no seeds or the game cannot be fed (except play-on). */
    static int[] legalPits(int[] board, RuleSet rules) {
        int opponent = 0;
        for (int k = 6; k < PITS; k++) {
            opponent += board[k];
        }
        int[] candidates = new int[6]; // the mover's non-empty pits
        int nc = 0;
        int[] feeders = new int[6];    // those that sow at least one seed into the opponent's row
        int nf = 0;
        for (int p = 0; p < 6; p++) {
            if (board[p] > 0) {
                candidates[nc++] = p;
                if (opponent > 0 || board[p] >= 6 - p) {
                    feeders[nf++] = p;
                }
            }
        }
        if (nc == 0) {
            return new int[0];
        }
        if (nf == 0) { // the opponent's row is empty and no move can feed it
            return rules.awari() || rules.noFeed() != NoFeed.PLAY_ON ? new int[0] : Arrays.copyOf(candidates, nc);
        }
        if (rules.awari()) {
            int[] leaving = new int[6]; // candidates that leave the opponent at least one seed
            int nl = 0;
            for (int i = 0; i < nc; i++) {
                int[] a = play(board, candidates[i], rules).after();
                int left = 0;
                for (int k = 6; k < PITS; k++) {
                    left += a[k];
                }
                if (left > 0) {
                    leaving[nl++] = candidates[i];
                }
            }
            return nl > 0 ? Arrays.copyOf(leaving, nl) : Arrays.copyOf(candidates, nc);
        }
        if (rules.grandSlam() == GrandSlam.FORBID) {
            int[] notSlams = new int[6];
            int ns = 0;
            for (int i = 0; i < nf; i++) {
                if (!play(board, feeders[i], rules).grandSlam()) {
                    notSlams[ns++] = feeders[i];
                }
            }
            return ns > 0 ? Arrays.copyOf(notSlams, ns) : Arrays.copyOf(feeders, nf);
        }
        return Arrays.copyOf(feeders, nf);
    }

    /** Terminal value under abapa (true) or awari (false). */
    static Integer terminalValue(int[] board, boolean abapa) {
        return terminalValue(board, abapa ? RuleSet.ABAPA : RuleSet.AWARI);
    }

    /** The value fixed by the rules when the board has no legal move, or null when it has one. */
    static Integer terminalValue(int[] board, RuleSet rules) {
        int n = sum(board);
        if (moverSeeds(board) == 0) {
            return -n;
        }
        if (legalPits(board, rules).length == 0) {
            return cannotFeedValue(n, rules);
        }
        return null;
    }

    /** Value of a board whose mover has seeds but no legal move: the opponent's row cannot be fed (not play-on). */
    static int cannotFeedValue(int n, RuleSet rules) {
        return !rules.awari() && rules.noFeed() == NoFeed.NOBODY_TAKES ? 0 : n;
    }

    static int moverSeeds(int[] board) {
        int s = 0;
        for (int k = 0; k < 6; k++) {
            s += board[k];
        }
        return s;
    }

    static int sum(int[] board) {
        int n = 0;
        for (int s : board) {
            n += s;
        }
        return n;
    }
}
