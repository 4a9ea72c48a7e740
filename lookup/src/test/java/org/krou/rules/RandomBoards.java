package org.krou.rules;

import java.util.SplittableRandom;

/** Random boards and positions for the tests, reproducible from a seed. */
final class RandomBoards {
    private RandomBoards() {
    }

    /** A uniformly random board of 12 pits holding exactly {@code n} seeds (stars and bars). */
    static int[] board(SplittableRandom rnd, int n) {
        // choose 11 distinct bar positions among n + 11 slots
        boolean[] bar = new boolean[n + 11];
        int placed = 0;
        while (placed < 11) {
            int k = rnd.nextInt(n + 11);
            if (!bar[k]) {
                bar[k] = true;
                placed++;
            }
        }
        int[] b = new int[12];
        int pit = 0;
        for (boolean isBar : bar) {
            if (isBar) {
                pit++;
            } else {
                b[pit]++;
            }
        }
        return b;
    }

    /**
     * A random position: {@code n} seeds on a uniformly random board, a random side to move and
     * the other {@code 48 - n} seeds split at random between the two captured counts.
     */
    static Position position(SplittableRandom rnd, int n) {
        int[] b = board(rnd, n);
        int south = rnd.nextInt(48 - n + 1);
        return new Position(b, rnd.nextBoolean() ? Side.SOUTH : Side.NORTH, south, 48 - n - south);
    }
}
