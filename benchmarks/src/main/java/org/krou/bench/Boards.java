package org.krou.bench;

import java.util.SplittableRandom;

/** Random mover-relative boards for the benchmarks. */
final class Boards {
    private Boards() {
    }

    /** A uniformly random board of 12 pits holding exactly {@code n} seeds (stars and bars). */
    static int[] random(SplittableRandom rnd, int n) {
        boolean[] bar = new boolean[n + 11];
        for (int placed = 0; placed < 11; ) {
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
}
