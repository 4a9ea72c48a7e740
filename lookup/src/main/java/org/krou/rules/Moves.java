package org.krou.rules;

/**
 * The one definition of which moves of a mover-relative board are legal and which capture, under
 * every rule set (see {@code docs/RULES.md}): {@link Rules#generate}, the generator's exit phase
 * and the resolution of "don't care" entries all read it, so that the table writer and the table
 * reader cannot disagree on a legal move or a capture.
 *
 * <p>{@link #classify} sows only the moves whose last seed makes 2 or 3 in the opponent's row
 * ({@link #endsOnTwoOrThree}, read from the board alone), the only moves that may capture; every
 * other move captures nothing under any rule set and is classified without being sown. It returns
 * bit masks of the mover's pits (bit {@code i} for pit {@code i}) packed in one int; it allocates
 * nothing.
 *
 * <pre>{@code
 * int[] b = {0, 0, 0, 1, 3, 0, 1, 2, 0, 0, 0, 0};    // worked example 10 of RULES.md
 * int[] children = new int[72];
 * int[] captured = new int[6];
 * int m = Moves.classify(b, Variant.AWARI, children, captured);
 * Moves.legal(m);      // 0b001000: d alone (e would empty North's row)
 * Moves.sown(m);       // 0b010000: e, whose child is children[48..59], captured[4] = 5
 * Moves.captures(m);   // 0: no legal move captures
 * }</pre>
 */
public final class Moves {
    private Moves() {
    }

    /**
     * Classifies the moves of board {@code b} under {@code variant}.
     *
     * <p>Legal moves: the mover's non-empty pits; if the opponent's row is empty, only those that
     * sow into it (feeding), and if none does, none ({@code no-feed=play-on}: every non-empty
     * pit); under {@code grand-slam=forbid}, then only those that are no grand slam, unless every
     * one is; under {@link Variant#AWARI}, only those that leave the opponent at least one seed
     * after capture, unless none does (then every non-empty pit, feeding or not, provided one
     * feeds). No legal move: the game is over ({@link Rules#terminalValue}).
     *
     * <p>The moves that may capture are played, legal or not (legality may depend on them): the
     * child of pit {@code i}, rotated, in {@code children[12*i..12*i+11]}, and the seeds it takes
     * in {@code captured[i]} (0 for a cancelled grand slam or a chain dropped over the cap). For
     * the other pits neither array is written.
     *
     * @param children {@code int[72]}
     * @param captured {@code int[6]}
     * @return the masks, read with {@link #legal}, {@link #sown} and {@link #captures}
     */
    public static int classify(int[] b, Variant variant, int[] children, int[] captured) {
        // kept under the JIT's limit for inlining a hot method (325 bytes of bytecode), so that
        // the move kernels that call it keep the children in registers: the row sums and the
        // choice of the legal moves are small methods of their own
        boolean mustFeed = Rules.opponentSeeds(b) == 0;
        boolean awari = variant.isAwari();
        int nonEmpty = 0;
        int feeding = 0;
        int sown = 0;
        int taking = 0;
        int slams = 0;
        int keeping = 0; // moves that leave the opponent seeds (counted under awari alone, which asks)
        for (int pit = 0; pit < Rules.ROW; pit++) {
            int s = b[pit];
            if (s == 0) {
                continue;
            }
            int bit = 1 << pit;
            nonEmpty |= bit;
            if (mustFeed && s < Rules.ROW - pit) {
                continue; // stays in the mover's row, which an empty opponent row forbids
            }
            feeding |= bit;
            if (!endsOnTwoOrThree(b, pit)) {
                // captures nothing and is no grand slam; it leaves the opponent the seeds they had
                // or, if they had none, the ones it sowed into their row
                keeping |= bit;
                continue;
            }
            int code = Rules.playMove(b, pit, variant, children, pit * Rules.PITS);
            int c = Rules.captured(code);
            captured[pit] = c;
            sown |= bit;
            if (c != 0) {
                taking |= bit;
            }
            if (Rules.grandSlam(code)) {
                slams |= bit;
            }
            // the child is rotated: its mover's row is the opponent's
            if (awari && Rules.moverSeeds(children, pit * Rules.PITS) > 0) {
                keeping |= bit;
            }
        }
        int legal = legalMoves(variant, mustFeed, nonEmpty, feeding, keeping, slams);
        return legal | sown << 8 | (taking & legal) << 16;
    }

    /**
     * The legal pits, from the masks of {@link #classify}: the non-empty pits, those that feed
     * an empty opponent row, those that leave the opponent seeds (awari) and the grand slams.
     */
    private static int legalMoves(Variant variant, boolean mustFeed, int nonEmpty, int feeding, int keeping,
            int slams) {
        if (feeding == 0) {
            return mustFeed && variant.noFeed() == Variant.NoFeed.PLAY_ON ? nonEmpty : 0;
        }
        if (variant.isAwari()) {
            return keeping != 0 ? keeping : nonEmpty;
        }
        if (slams != 0 && slams != feeding && variant.grandSlam() == Variant.GrandSlam.FORBID) {
            return feeding & ~slams;
        }
        return feeding;
    }

    /** The legal pits of a {@link #classify} result; 0 if the game is over. */
    public static int legal(int moves) {
        return moves & 0x3F;
    }

    /** The pits {@link #classify} played (their children and captures written), legal or not. */
    public static int sown(int moves) {
        return moves >>> 8 & 0x3F;
    }

    /** The legal pits that capture at least one seed (a subset of {@link #sown}). */
    public static int captures(int moves) {
        return moves >>> 16 & 0x3F;
    }

    /**
     * True if the last seed sown from the mover's pit {@code pit} lands in the opponent's row on
     * a pit then holding 2 or 3, which every capture needs: a move for which this is false
     * captures nothing under any rule set (an empty pit gives false). A sowing of {@code s} seeds
     * from pit {@code i} gives each of the other 11 pits {@code s / 11} seeds and the first
     * {@code s % 11} after the origin one more, so its last seed lands {@code s % 11} pits on (11
     * if that is 0).
     */
    static boolean endsOnTwoOrThree(int[] b, int pit) {
        // one look-up and no branch: the pit the last seed lands on and the seeds the sowing
        // adds to it (LANDING); a landing in the mover's own row adds 127, never 2 or 3
        int x = LANDING[(pit << 6 | b[pit]) & (LANDING.length - 1)];
        return ((b[x >>> 8] + (x & 0xFF) - 2) & ~1) == 0;
    }

    /**
     * {@code LANDING[pit << 6 | s]}, for {@code s} seeds sown from the mover's pit {@code pit}:
     * {@code land << 8 | added}, where the last seed lands on the opponent's pit {@code land}
     * ({@code s} pits on, 11 if {@code s} is a multiple of 11) which receives {@code added =
     * s / 11 + (s % 11 == 0 ? 0 : 1)} seeds; {@code 0 << 8 | 127} if {@code s} is 0 or the last
     * seed lands in the mover's row. The length is a power of two, so that an index masked by
     * it needs no bounds check.
     */
    private static final int[] LANDING = new int[512];

    static {
        for (int pit = 0; pit < Rules.ROW; pit++) {
            for (int s = 0; s < 64; s++) {
                int r = s % 11;
                int land = (pit + (r == 0 ? 11 : r)) % Rules.PITS;
                LANDING[pit << 6 | s] = s > 0 && land >= Rules.ROW ? land << 8 | (s / 11 + (r == 0 ? 0 : 1)) : 127;
            }
        }
    }
}
