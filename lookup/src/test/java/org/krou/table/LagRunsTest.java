package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.krou.index.PositionIndex;

/** The lags run by run against their definition, {@code p0 + p1} of each position's board unranked. */
class LagRunsTest {
    @Test
    void theRunsGiveEveryPositionsLag() {
        SplittableRandom r = new SplittableRandom(3);
        LagRuns runs = new LagRuns();
        int[] board = new int[12];
        for (int seeds = 0; seeds <= 48; seeds++) {
            long size = PositionIndex.size(seeds);
            for (int trial = 0; trial < 20; trial++) {
                int m = (int) Math.min(size, 1 + r.nextInt(3000));
                long rank = trial == 0 ? 0 : trial == 1 ? size - m : r.nextLong(size - m + 1);
                int[] lags = new int[m];
                runs.lags(seeds, rank, m, lags);
                for (int i = 0; i < m; i++) {
                    PositionIndex.unrank(seeds, rank + i, board);
                    assertEquals(board[0] + board[1], lags[i], seeds + " seeds, rank " + (rank + i));
                }
            }
        }
    }

    @Test
    void aBoardALagBackIsTheSameBoardWithASeedMovedFromPitOneToPitTwo() {
        SplittableRandom r = new SplittableRandom(4);
        int[] board = new int[12];
        int[] back = new int[12];
        for (int seeds = 1; seeds <= 48; seeds++) {
            for (int trial = 0; trial < 200; trial++) {
                long rank = r.nextLong(PositionIndex.size(seeds));
                PositionIndex.unrank(seeds, rank, board);
                if (board[1] == 0) {
                    continue;
                }
                PositionIndex.unrank(seeds, rank - (board[0] + board[1]), back);
                board[1]--;
                board[2]++;
                assertEquals(java.util.Arrays.toString(board), java.util.Arrays.toString(back), seeds + " seeds, rank "
                        + rank);
            }
        }
    }
}
