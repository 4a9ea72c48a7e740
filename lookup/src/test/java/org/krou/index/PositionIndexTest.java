package org.krou.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PositionIndex}: a bijection per layer onto {@code 0..size-1}, in the documented order
 * (rank ascending = {@code (p11, p10, ..., p0)} lexicographically descending), with
 * {@code next} stepping through the ranks in order.
 */
class PositionIndexTest {

    /** C(m, k) by the factorial formula, exactly. */
    static BigInteger binom(int m, int k) {
        if (k < 0 || k > m) {
            return BigInteger.ZERO;
        }
        BigInteger num = BigInteger.ONE;
        BigInteger den = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            num = num.multiply(BigInteger.valueOf(m - i));
            den = den.multiply(BigInteger.valueOf(i + 1));
        }
        return num.divide(den);
    }

    @Test
    void binomialTable() {
        for (int m = 0; m < 64; m++) {
            for (int k = 0; k <= 12; k++) {
                assertEquals(binom(m, k).longValueExact(), PositionIndex.binomial(m, k), "C(" + m + "," + k + ")");
            }
        }
    }

    @Test
    void sizes() {
        BigInteger cumulative = BigInteger.ZERO;
        for (int n = 0; n <= 48; n++) {
            BigInteger size = binom(n + 11, 11);
            cumulative = cumulative.add(size);
            assertEquals(size.longValueExact(), PositionIndex.size(n), "size(" + n + ")");
            assertEquals(cumulative.longValueExact(), PositionIndex.cumulativeSize(n), "cumulativeSize(" + n + ")");
        }
        assertEquals(12, PositionIndex.size(1));
        assertEquals(78, PositionIndex.size(2));
        assertEquals(1, PositionIndex.size(0));
        assertTrue(PositionIndex.size(48) > Integer.MAX_VALUE, "the 48-seed layer needs long ranks");
        // as documented: layers above 2^31 boards from 29 seeds on
        assertTrue(PositionIndex.size(28) < (1L << 31) && PositionIndex.size(29) > (1L << 31));
        for (int bad : new int[] {-1, 49, 1000}) {
            assertThrows(IllegalArgumentException.class, () -> PositionIndex.size(bad));
            assertThrows(IllegalArgumentException.class, () -> PositionIndex.cumulativeSize(bad));
        }
    }

    /**
     * Every board of every layer {@code n <= 10}, enumerated by nested loops with
     * {@code p11} outermost and each pit from its largest possible value down: that is the
     * documented order, so the ranks must come out as 0, 1, 2, ... exactly, which proves the
     * order, that rank is onto {@code 0..size-1} and one-to-one. Every board also unranks
     * back and {@code next} steps from each board to the following one.
     */
    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void exhaustiveLayer(int n) {
        long size = PositionIndex.size(n);
        long[] counter = {0};
        int[] board = new int[12];
        int[] walker = new int[12];
        int[] out = new int[12];
        PositionIndex.unrank(n, 0, walker);
        BitSet seen = new BitSet();
        enumerate(board, 11, n, () -> {
            long expected = counter[0]++;
            long r = PositionIndex.rank(board);
            if (r != expected) {
                fail("n=" + n + ": " + Arrays.toString(board) + " ranked " + r + ", expected " + expected
                        + " (documented order)");
            }
            seen.set((int) r);
            PositionIndex.unrank(n, r, out);
            if (!Arrays.equals(board, out)) {
                fail("n=" + n + ": unrank(" + r + ") = " + Arrays.toString(out) + ", expected "
                        + Arrays.toString(board));
            }
            if (!Arrays.equals(board, walker)) {
                fail("n=" + n + ": next() walk at step " + expected + " is " + Arrays.toString(walker)
                        + ", expected " + Arrays.toString(board));
            }
            boolean more = PositionIndex.next(walker);
            if (more != (expected < size - 1)) {
                fail("n=" + n + ": next() returned " + more + " at rank " + expected + " of " + size);
            }
        });
        assertEquals(size, counter[0], "boards enumerated for n=" + n);
        assertEquals(size, seen.cardinality(), "distinct ranks for n=" + n);
        // the walk ended on the last board and next() left it unchanged
        int[] last = new int[12];
        last[0] = n;
        assertArrayEquals(last, walker, "last board in rank order: every seed in p0");
        assertFalse(PositionIndex.next(walker));
        assertArrayEquals(last, walker, "next() at the last rank must leave the board unchanged");
        int[] first = new int[12];
        first[11] = n;
        assertEquals(0, PositionIndex.rank(first), "rank 0: every seed in p11");
    }

    /** Fills {@code b[pit]} and below with {@code left} seeds, larger values first; calls {@code visit} per board. */
    private static void enumerate(int[] b, int pit, int left, Runnable visit) {
        if (pit == 0) {
            b[0] = left;
            visit.run();
            return;
        }
        for (int v = left; v >= 0; v--) {
            b[pit] = v;
            enumerate(b, pit - 1, left - v, visit);
        }
        b[pit] = 0;
    }

    /** A uniformly random board with {@code n} seeds (stars and bars). */
    static int[] randomBoard(SplittableRandom rnd, int n) {
        int[] cuts = new int[11];
        BitSet used = new BitSet();
        for (int i = 0; i < 11; i++) {
            int c;
            do {
                c = rnd.nextInt(n + 11);
            } while (used.get(c));
            used.set(c);
        }
        int[] b = new int[12];
        int pit = 0;
        for (int slot = 0; slot < n + 11; slot++) {
            if (used.get(slot)) {
                pit++;
            } else {
                b[pit]++;
            }
        }
        return b;
    }

    /** The rank is the formula docs/FORMAT.md gives: the sum of C(b_j, j+1) over the 11 bars. */
    @Test
    void rankIsTheDocumentedFormula() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
            for (int k = 0; k < 2000; k++) {
                int[] b = randomBoard(rnd, n);
                BigInteger rank = BigInteger.ZERO;
                int bar = -1;
                for (int j = 0; j <= 10; j++) {
                    bar += b[j] + 1;
                    rank = rank.add(binom(bar, j + 1));
                }
                assertEquals(rank.longValueExact(), PositionIndex.rank(b), java.util.Arrays.toString(b));
            }
        }
    }

    @Test
    void randomRoundTripsForEveryLayer() {
        SplittableRandom rnd = new SplittableRandom(11);
        int[] out = new int[12];
        for (int n = 0; n <= 48; n++) {
            long size = PositionIndex.size(n);
            // all seeds in one pit, for every pit
            for (int pit = 0; pit < 12; pit++) {
                int[] b = new int[12];
                b[pit] = n;
                roundTrip(n, b, out);
            }
            // random boards
            for (int k = 0; k < 2_000; k++) {
                roundTrip(n, randomBoard(rnd, n), out);
            }
            // random ranks, and the ends of the range
            for (int k = 0; k < 2_000; k++) {
                long r = k == 0 ? 0 : k == 1 ? size - 1 : rnd.nextLong(size);
                PositionIndex.unrank(n, r, out);
                assertEquals(n, Arrays.stream(out).sum(), "unrank(" + n + ", " + r + ") seed count");
                for (int x : out) {
                    assertTrue(x >= 0, "negative pit in unrank(" + n + ", " + r + ")");
                }
                assertEquals(r, PositionIndex.rank(out), "rank(unrank(" + n + ", " + r + "))");
            }
        }
    }

    private static void roundTrip(int n, int[] b, int[] out) {
        long r = PositionIndex.rank(b);
        assertTrue(r >= 0 && r < PositionIndex.size(n), "rank " + r + " of " + Arrays.toString(b) + " out of range");
        PositionIndex.unrank(n, r, out);
        assertArrayEquals(b, out, "unrank(rank(" + Arrays.toString(b) + "))");
    }

    @Test
    void nextMatchesRankPlusOneOnRandomBoards() {
        SplittableRandom rnd = new SplittableRandom(12);
        int[] out = new int[12];
        for (int k = 0; k < 50_000; k++) {
            int n = rnd.nextInt(49);
            int[] b = randomBoard(rnd, n);
            long r = PositionIndex.rank(b);
            int[] before = b.clone();
            boolean more = PositionIndex.next(b);
            assertEquals(r < PositionIndex.size(n) - 1, more, "next() of " + Arrays.toString(before));
            if (more) {
                PositionIndex.unrank(n, r + 1, out);
                assertArrayEquals(out, b, "next(" + Arrays.toString(before) + ") must be the board of rank r+1");
            } else {
                assertArrayEquals(before, b);
            }
        }
    }

    /** (a11, a10, ..., a0) compared lexicographically. */
    static int compareReversed(int[] a, int[] b) {
        for (int i = 11; i >= 0; i--) {
            if (a[i] != b[i]) {
                return Integer.compare(a[i], b[i]);
            }
        }
        return 0;
    }

    @Test
    void documentedOrderOnRandomPairs() {
        SplittableRandom rnd = new SplittableRandom(13);
        for (int k = 0; k < 100_000; k++) {
            int n = rnd.nextInt(49);
            int[] a = randomBoard(rnd, n);
            int[] b = rnd.nextInt(4) == 0 ? a.clone() : randomBoard(rnd, n);
            if (rnd.nextInt(4) == 0) { // a near neighbour: move one seed
                b = a.clone();
                int from = rnd.nextInt(12);
                int to = rnd.nextInt(12);
                if (b[from] > 0) {
                    b[from]--;
                    b[to]++;
                }
            }
            int byRank = Long.compare(PositionIndex.rank(a), PositionIndex.rank(b));
            int byOrder = -compareReversed(a, b);
            assertEquals(Integer.signum(byOrder), Integer.signum(byRank),
                    Arrays.toString(a) + " vs " + Arrays.toString(b));
        }
    }

    @Test
    void exhaustivePairsForSmallLayers() {
        for (int n = 0; n <= 3; n++) {
            int size = (int) PositionIndex.size(n);
            int[][] boards = new int[size][12];
            for (int r = 0; r < size; r++) {
                PositionIndex.unrank(n, r, boards[r]);
            }
            for (int i = 0; i < size; i++) {
                for (int j = 0; j < size; j++) {
                    assertEquals(Integer.signum(-compareReversed(boards[i], boards[j])),
                            Integer.signum(Integer.compare(i, j)), "n=" + n + " ranks " + i + ", " + j);
                }
            }
        }
    }

    @Test
    void documentedExamples() {
        int[] b = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
        long r = PositionIndex.rank(b);
        assertTrue(r >= 0 && r < PositionIndex.size(48));
        int[] out = new int[12];
        PositionIndex.unrank(48, r, out);
        assertArrayEquals(b, out);
        // one seed: rank 0 is p11, rank 11 is p0
        for (int pit = 0; pit < 12; pit++) {
            int[] one = new int[12];
            one[pit] = 1;
            assertEquals(11 - pit, PositionIndex.rank(one), "one seed in p" + pit);
        }
        // the documented next(): p0's seeds plus one from the first non-empty pit after p0 go to the pit before it
        int[] w = {3, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1};
        assertTrue(PositionIndex.next(w));
        assertArrayEquals(new int[] {0, 0, 4, 1, 0, 0, 0, 0, 0, 0, 0, 1}, w);
    }

    @Test
    void unrankRefusesRanksOutOfRange() {
        int[] out = new int[12];
        for (int n : new int[] {0, 5, 48}) {
            long size = PositionIndex.size(n);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PositionIndex.unrank(n, size, out));
            assertTrue(e.getMessage().contains("out of range"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> PositionIndex.unrank(n, -1, out));
        }
        assertThrows(IllegalArgumentException.class, () -> PositionIndex.unrank(49, 0, out));
    }
}
