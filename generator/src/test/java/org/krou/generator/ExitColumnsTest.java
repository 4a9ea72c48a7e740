package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Moves;
import org.krou.rules.Variant;

/**
 * The exit phase's columns: every board of a layer once, each opponent's row of a column a run
 * of consecutive ranks, and a column's captured children within {@code 6 * GROUP} windows of
 * each child layer (boards sharing their opponent's row).
 */
class ExitColumnsTest {

    /** Every row of six pits holding {@code k} seeds, in the order the ranks give them: larger in (p5, ..., p0) first. */
    private static List<int[]> rows(int k) {
        List<int[]> out = new ArrayList<>();
        for (int a = k; a >= 0; a--) { // p5
            for (int b = k - a; b >= 0; b--) { // p4
                for (int c = k - a - b; c >= 0; c--) {
                    for (int d = k - a - b - c; d >= 0; d--) {
                        for (int e = k - a - b - c - d; e >= 0; e--) {
                            out.add(new int[] {k - a - b - c - d - e, e, d, c, b, a});
                        }
                    }
                }
            }
        }
        return out;
    }

    @Test
    void rowCountsAreBinomials() {
        for (int k = 0; k <= 48; k++) {
            if (k <= 14) {
                assertEquals(rows(k).size(), ExitColumns.rowCount(k), "k = " + k);
            }
        }
        assertEquals(2_869_685, ExitColumns.rowCount(48)); // C(53, 5) = 53 * 52 * 51 * 50 * 49 / 120
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 5, 9, 13})
    void columnsVisitEveryBoardOnceInRunsOfConsecutiveRanks(int n) {
        ExitColumns columns = new ExitColumns(n);
        long size = PositionIndex.size(n);
        boolean[] seen = new boolean[(int) size];
        long visited = 0;
        int[] row = new int[12];
        int[] scratch = new int[12];
        for (int c = 0; c < columns.count(); c++) {
            int k = columns.moverSeeds(c);
            List<int[]> movers = rows(k);
            ExitColumns.moverRow(k, columns.firstRow(c), row, scratch);
            assertTrue(Arrays.equals(movers.get(columns.firstRow(c)), Arrays.copyOf(row, 6)),
                    "column " + c + ": first mover's row");
            ExitColumns.firstOpponentRow(n - k, row);
            long opponents = 0;
            do {
                opponents++;
                int[] b = new int[12];
                System.arraycopy(row, 6, b, 6, 6);
                System.arraycopy(movers.get(columns.firstRow(c)), 0, b, 0, 6);
                long first = PositionIndex.rank(b);
                for (int j = 0; j < columns.rows(c); j++) {
                    System.arraycopy(movers.get(columns.firstRow(c) + j), 0, b, 0, 6);
                    long r = PositionIndex.rank(b);
                    assertEquals(first + j, r, "layer " + n + " column " + c + ": mover's row " + j);
                    assertTrue(!seen[(int) r], "rank " + r + " visited twice");
                    seen[(int) r] = true;
                    visited++;
                }
            } while (ExitColumns.nextOpponentRow(row));
            assertEquals(rows(n - k).size(), opponents, "column " + c + ": every opponent's row once");
            assertEquals((long) columns.rows(c) * opponents, columns.size(c));
        }
        assertEquals(size, visited);
    }

    @Test
    void columnsChildrenFallInFewWindows() {
        int n = 16;
        ExitColumns columns = new ExitColumns(n);
        int[] row = new int[12];
        int[] b = new int[12];
        int[] children = new int[72];
        int[] captured = new int[6];
        int widest = 0;
        for (int c = 0; c < columns.count(); c++) {
            int k = columns.moverSeeds(c);
            List<Set<List<Integer>>> windows = new ArrayList<>(); // for each child layer, its children's opponent's rows
            for (int m = 0; m < n; m++) {
                windows.add(new HashSet<>());
            }
            ExitColumns.moverRow(k, columns.firstRow(c), row, b);
            ExitColumns.firstOpponentRow(n - k, row);
            do {
                System.arraycopy(row, 0, b, 0, 12);
                for (int j = 0; j < columns.rows(c); j++) {
                    int moves = Moves.classify(b, Variant.ABAPA, children, captured);
                    for (int rest = Moves.captures(moves); rest != 0; rest &= rest - 1) {
                        int pit = Integer.numberOfTrailingZeros(rest);
                        List<Integer> w = new ArrayList<>();
                        for (int p = 6; p < 12; p++) {
                            w.add(children[pit * 12 + p]);
                        }
                        windows.get(n - captured[pit]).add(w);
                    }
                    PositionIndex.next(b);
                }
            } while (ExitColumns.nextOpponentRow(row));
            for (int m = 0; m < n; m++) {
                int count = windows.get(m).size();
                widest = Math.max(widest, count);
                assertTrue(count <= 6 * ExitColumns.GROUP, "column " + c + ", layer " + m + ": " + count + " windows");
            }
        }
        assertTrue(widest > ExitColumns.GROUP, "the bound is approached: " + widest);
    }
}
