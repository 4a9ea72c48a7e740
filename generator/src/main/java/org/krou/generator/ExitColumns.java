package org.krou.generator;

import org.krou.index.PositionIndex;

/**
 * The order in which {@link ExitPhase} visits a layer: in columns, so that the captured children
 * it looks up lie in a few small windows of their layers at any time, which the page cache holds
 * when those layers are memory-mapped from disk.
 *
 * <p>A board is the mover's row (pits 0..5, {@code k} seeds) and the opponent's row (pits
 * 6..11). Its rank is a part that depends on the mover's row alone plus one that depends on the
 * opponent's row and {@code k} ({@link PositionIndex}: the sum over bars, bars 0..5 lying in the
 * mover's row): for a fixed opponent's row, the boards whose mover's rows are consecutive in
 * rank order among the rows of {@code k} seeds have consecutive ranks. A column is a group of
 * {@value #GROUP} such consecutive mover's rows with every opponent's row of {@code n - k} seeds;
 * it is visited one opponent's row at a time, each a run of consecutive ranks.
 *
 * <p>Why: the child of a capture is the board after the move seen from the other side, whose
 * opponent's row, and so the larger part of its rank, is the mover's row after the move, which
 * depends on the mover's row and the pit alone. A column's children therefore fall in at most
 * {@code 6 * GROUP} windows of each child layer (the boards with a given opponent's row: at most
 * {@code C(n + 3, 5)} consecutive ranks), read again and again while the column is visited. In
 * plain rank order the mover's row changes with every board and the children are spread over
 * their whole layers (docs/PERFORMANCE.md has the page-cache simulation and the timings).
 *
 * <p>Used by {@link ExitPhase} and by the decoder of tables with don't-care entries
 * ({@code LayerResolver}), whose one-ply look-ups read the same children.
 *
 * <pre>{@code
 * ExitColumns columns = new ExitColumns(n);
 * for (int c = 0; c < columns.count(); c++) {          // columns are independent: one a thread
 *     columns.visit(c, new int[12], new int[12], (board, first, count) -> {
 *         // boards of ranks first .. first + count - 1, board the first; step it with PositionIndex.next
 *     });
 * }
 * }</pre>
 */
public final class ExitColumns {
    /** What a visit of a column does with one of its runs of consecutive ranks. */
    @FunctionalInterface
    public interface Run {
        /**
         * Visits the {@code count} boards of ranks {@code first ..}; {@code board} is the first
         * of them, and may be stepped with {@link PositionIndex#next} through the run.
         */
        void visit(int[] board, long first, int count);
    }

    /** Mover's rows a column: two runs of {@link ExitKernel#BATCH}, a cache line of states for each opponent's row. */
    static final int GROUP = 64;

    private final int seeds;
    private final int[] moverSeeds;
    private final int[] firstRow;
    private final int[] rows;

    /** The columns of layer {@code seeds}. */
    public ExitColumns(int seeds) {
        this.seeds = seeds;
        int count = 0;
        for (int k = 0; k <= seeds; k++) {
            count += (rowCount(k) + GROUP - 1) / GROUP;
        }
        moverSeeds = new int[count];
        firstRow = new int[count];
        rows = new int[count];
        int i = 0;
        for (int k = 0; k <= seeds; k++) {
            int all = rowCount(k);
            for (int first = 0; first < all; first += GROUP) {
                moverSeeds[i] = k;
                firstRow[i] = first;
                rows[i++] = Math.min(GROUP, all - first);
            }
        }
    }

    /** The rows of six pits holding {@code k} seeds: {@code C(k + 5, 5)}. */
    static int rowCount(int k) {
        long c = 1;
        for (int j = 1; j <= 5; j++) {
            c = c * (k + j) / j;
        }
        return (int) c;
    }

    /** The number of columns. */
    public int count() {
        return moverSeeds.length;
    }

    /** The seeds of column {@code i}'s mover's rows. */
    int moverSeeds(int i) {
        return moverSeeds[i];
    }

    /** The place of column {@code i}'s first mover's row among the rows of its seeds, in rank order. */
    int firstRow(int i) {
        return firstRow[i];
    }

    /** The mover's rows of column {@code i} (at most {@link #GROUP}). */
    int rows(int i) {
        return rows[i];
    }

    /** The boards of column {@code i}. */
    public long size(int i) {
        return (long) rows[i] * rowCount(seeds - moverSeeds[i]);
    }

    /**
     * Visits column {@code i}: one run for each opponent's row, in rank order of the opponent's
     * rows. {@code board} and {@code row} are the caller's scratch boards (allocation-free).
     */
    public void visit(int i, int[] board, int[] row, Run run) {
        int k = moverSeeds[i];
        moverRow(k, firstRow[i], row, board);
        firstOpponentRow(seeds - k, row);
        do {
            System.arraycopy(row, 0, board, 0, 12); // the run may step board
            run.visit(board, PositionIndex.rank(board), rows[i]);
        } while (nextOpponentRow(row));
    }

    /**
     * Sets pits 0..5 of {@code b} to the {@code place}-th row of {@code k} seeds in rank order
     * (pits 6..11 are left as they are). The rows of {@code k} seeds are those of the last
     * {@code C(k + 5, 5)} boards of layer {@code k}, whose pits 6..11 are empty.
     */
    static void moverRow(int k, int place, int[] b, int[] scratch) {
        PositionIndex.unrank(k, PositionIndex.size(k) - rowCount(k) + place, scratch);
        System.arraycopy(scratch, 0, b, 0, 6);
    }

    /** Sets pits 6..11 of {@code b} to the first opponent's row of {@code s} seeds in rank order: all in pit 11. */
    static void firstOpponentRow(int s, int[] b) {
        for (int p = 6; p < 11; p++) {
            b[p] = 0;
        }
        b[11] = s;
    }

    /**
     * Steps pits 6..11 of {@code b} to the next opponent's row in rank order, as
     * {@link PositionIndex#next} steps a board: the seeds of pit 6 plus one taken from the first
     * non-empty pit after it go into the pit before that one. A copy of that loop on purpose:
     * {@code next} written as a call to one ranged version slowed the resolve phase, whose cursor
     * it steps (docs/PERFORMANCE.md, "A copy kept on purpose").
     *
     * @return false (leaving {@code b} unchanged) after the last row
     */
    static boolean nextOpponentRow(int[] b) {
        int i = 7;
        while (i < 12 && b[i] == 0) {
            i++;
        }
        if (i == 12) {
            return false;
        }
        b[i]--;
        int low = b[6];
        b[6] = 0;
        b[i - 1] = low + 1;
        return true;
    }
}
