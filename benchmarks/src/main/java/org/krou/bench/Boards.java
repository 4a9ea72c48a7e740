package org.krou.bench;

import java.util.SplittableRandom;
import org.krou.index.PositionIndex;

/** Random mover-relative boards for the benchmarks. */
final class Boards {
    private Boards() {
    }

    /**
     * A uniformly random board of 12 pits holding exactly {@code n} seeds: the board of a
     * uniformly random rank of layer {@code n} (the index is a bijection onto its ranks).
     */
    static int[] random(SplittableRandom rnd, int n) {
        int[] b = new int[12];
        PositionIndex.unrank(n, rnd.nextLong(PositionIndex.size(n)), b);
        return b;
    }
}
