package org.krou.table;

import org.krou.index.PositionIndex;

/**
 * The <em>lag</em> of consecutive positions in rank order, run by run: what the contexts
 * of the context coding look back by (docs/FORMAT.md, "Contexts"). The lag of a board is {@code t = p0 + p1}:
 * for {@code p1 >= 1} the board {@code t} ranks before it is the same board with one seed moved
 * from {@code p1} to {@code p2}, whose value is usually close. Boards that differ only in
 * {@code p0, p1} (with the same {@code p0 + p1}) are consecutive in rank order, {@code p0}
 * counting up: a <em>run</em> of {@code t + 1} positions of lag {@code t}. Mutable and
 * allocation-free after construction; one per thread (the decoder keeps one per stream).
 *
 * <pre>{@code
 * LagRuns runs = new LagRuns();
 * runs.start(20, firstRank);          // the board of firstRank
 * int t = runs.lag();                 // its lag; runs.left() positions share it
 * runs.nextRun();                     // the run after it
 * }</pre>
 */
public final class LagRuns {
    private final int[] board = new int[12];
    private int lag;
    private int left;

    /** Positions to the board of rank {@code rank} among those of {@code seeds} seeds. */
    public void start(int seeds, long rank) {
        PositionIndex.unrank(seeds, rank, board);
        lag = board[0] + board[1];
        left = lag - board[0] + 1;
    }

    /**
     * Moves to the first board of the next run (the last rank has none: the lag is then 0 and
     * the run endless, past every block).
     */
    public void nextRun() {
        board[0] = lag;
        board[1] = 0;
        if (PositionIndex.next(board)) {
            lag = board[1];
            left = lag + 1;
        } else {
            lag = 0;
            left = Integer.MAX_VALUE;
        }
    }

    /** The lag of the current run. */
    public int lag() {
        return lag;
    }

    /** Positions of the current run from the one {@link #start} or {@link #nextRun} moved to, that one included. */
    public int left() {
        return left;
    }

    /**
     * Writes the lag of positions {@code rank .. rank + m - 1} into {@code out[0..m)}: the plain
     * form of the runs, for the writer and the tests.
     */
    public void lags(int seeds, long rank, int m, int[] out) {
        start(seeds, rank);
        int i = 0;
        while (i < m) {
            int n = Math.min(left, m - i);
            java.util.Arrays.fill(out, i, i + n, lag);
            i += n;
            if (i < m) {
                nextRun();
            }
        }
    }
}
