package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Perft: the number of move sequences of exactly {@code d} plies (leaf nodes of the game tree
 * at depth {@code d}; a game that ends earlier contributes nothing), counted three ways:
 * <ul>
 *   <li>{@link #perftPosition}: through the edge API, {@link Position#legalMoves} and
 *       {@link Position#play} on absolute positions;</li>
 *   <li>{@link #perftKernel}: through {@link Rules#generate} on mover-relative boards, whose
 *       children come back rotated (the path the generator uses);</li>
 *   <li>{@link ReferenceRules#perft}: the independent naive implementation in the test sources
 *       (absolute boards, seed-by-seed sowing, feeding found by simulation, written from
 *       docs/RULES.md only).</li>
 * </ul>
 * How the expected numbers were obtained: computed with {@link ReferenceRules#perft} (start
 * position to depth 10, the other positions to depth 12), then recomputed once, offline, by
 * {@link #perftPosition} and {@link #perftKernel} to the same depths: all three agreed on every
 * number; then pasted here. The test re-runs each path as deep as stays fast. From the start no capture is possible for
 * several plies, so the counts only drop below 6^d through emptied pits (depth 3: 190, not 216);
 * abapa and awari agree from the start up to depth 10 (18137964), so positions where grand
 * slams, feeding and awari starvation occur early are checked too.
 */
class PerftTest {
    /** Start position, depth 1..8; identical under abapa and awari. Depth 9: 3592872, 10: 18137964. */
    static final long[] START = {6, 36, 190, 1014, 5219, 27332, 139157, 711414};

    /** Worked example 4 (a grand slam on the first move), depth 1..10. */
    static final String GRAND_SLAM = "0 0 0 3 0 6 / 1 2 1 2 1 2 S";
    static final long[] GRAND_SLAM_ABAPA = {2, 11, 23, 109, 305, 1320, 4131, 16713, 55769, 213945};
    static final long[] GRAND_SLAM_AWARI = {1, 5, 12, 58, 142, 654, 1887, 8029, 25420, 100265};

    /** A sparse ending, North to move, depth 1..10 (the variants part at depth 8). */
    static final String SPARSE = "1 0 2 0 0 1 / 0 1 0 2 0 1 N";
    static final long[] SPARSE_ABAPA = {3, 8, 25, 68, 192, 561, 1502, 4390, 11339, 34186};
    static final long[] SPARSE_AWARI = {3, 8, 25, 68, 192, 561, 1502, 4388, 11330, 34152};

    /** A 14-seed lap sowing into a nearly empty row, depth 1..10. */
    static final String LAP = "0 0 0 0 0 14 / 1 1 1 0 1 1 S";
    static final long[] LAP_ABAPA = {1, 3, 12, 24, 76, 111, 333, 509, 1335, 2267};
    static final long[] LAP_AWARI = {1, 3, 12, 24, 76, 111, 332, 508, 1313, 2240};

    static long perftPosition(Position p, Variant v, int depth) {
        if (depth == 0) {
            return 1;
        }
        long n = 0;
        for (char m : p.legalMoves(v)) {
            MoveResult r = p.play(m, v);
            n += r.gameOver() ? (depth == 1 ? 1 : 0) : perftPosition(r.after(), v, depth - 1);
        }
        return n;
    }

    static long perftKernel(int[] b, Variant v, int depth) {
        if (depth == 0) {
            return 1;
        }
        int[] children = new int[72];
        int mask = Rules.generate(b, v, children, new int[6], new int[12]);
        if (depth == 1) {
            return Integer.bitCount(mask);
        }
        long n = 0;
        int[] child = new int[12];
        for (int i = 0; i < 6; i++) {
            if ((mask & (1 << i)) != 0) {
                System.arraycopy(children, 12 * i, child, 0, 12);
                n += perftKernel(child, v, depth - 1);
            }
        }
        return n;
    }

    private static void check(String position, Variant v, long[] expected, int positionDepth, int kernelDepth,
                              int referenceDepth) {
        Position p = Notation.parse(position);
        for (int d = 1; d <= expected.length; d++) {
            String at = "perft(" + d + ") of " + position + " under " + v.id();
            if (d <= referenceDepth) {
                assertEquals(expected[d - 1], ReferenceRules.perft(p.pits(), p.toMove() == Side.SOUTH, v, d),
                        at + " by the reference kernel");
            }
            if (d <= kernelDepth) {
                assertEquals(expected[d - 1], perftKernel(p.moverRelative(), v, d), at + " by Rules.generate");
            }
            if (d <= positionDepth) {
                assertEquals(expected[d - 1], perftPosition(p, v, d), at + " by Position.play");
            }
        }
    }

    @Test
    void startAbapa() {
        check(Notation.format(Position.START), Variant.ABAPA, START, 7, 8, 6);
    }

    @Test
    void startAwari() {
        check(Notation.format(Position.START), Variant.AWARI, START, 7, 8, 6);
    }

    @Test
    void grandSlamPosition() {
        check(GRAND_SLAM, Variant.ABAPA, GRAND_SLAM_ABAPA, 9, 10, 8);
        check(GRAND_SLAM, Variant.AWARI, GRAND_SLAM_AWARI, 9, 10, 8);
    }

    @Test
    void sparsePosition() {
        check(SPARSE, Variant.ABAPA, SPARSE_ABAPA, 10, 10, 10);
        check(SPARSE, Variant.AWARI, SPARSE_AWARI, 10, 10, 10);
    }

    @Test
    void lapPosition() {
        check(LAP, Variant.ABAPA, LAP_ABAPA, 10, 10, 10);
        check(LAP, Variant.AWARI, LAP_AWARI, 10, 10, 10);
    }
}
