package org.krou.generator.reference;

import java.util.Arrays;

/**
 * How {@link ReferenceSolver} numbers the boards of a layer, independently of the production
 * index: boards packed 5 bits a pit with {@code p0} most significant, a layer enumerated in
 * increasing packed order (the lexicographic order of {@code (p0, ..., p11)}), and the rank of a
 * board its place in that order, by a counting formula checked against the enumeration.
 */
final class ReferenceIndex {
    static final int PITS = 12;
    static final int BITS = 5;
    static final int MAX_SUPPORTED_SEEDS = (1 << BITS) - 1;

    /** WAYS[m][r]: the number of ways to put r seeds into m pits, C(r + m - 1, m - 1). */
    private static final long[][] WAYS = ways();

    private ReferenceIndex() {
    }

    static long pack(int[] board) {
        long c = 0;
        for (int k = 0; k < PITS; k++) {
            if (board[k] < 0 || board[k] > MAX_SUPPORTED_SEEDS) {
                throw new IllegalArgumentException("pit out of range: " + Arrays.toString(board));
            }
            c = (c << BITS) | board[k];
        }
        return c;
    }

    static void unpack(long code, int[] board) {
        for (int k = PITS - 1; k >= 0; k--) {
            board[k] = (int) (code & MAX_SUPPORTED_SEEDS);
            code >>>= BITS;
        }
    }

    /**
     * The index of a board among the boards with n seeds in increasing packed order, which is the
     * lexicographic order of {@code (p0, ..., p11)}: the number of boards with n seeds that are smaller.
     * A board is smaller when at the first pit k where they differ it holds fewer seeds. With
     * {@code left} seeds in pits {@code k..11} (12 - k pits), the fillings with fewer than
     * {@code p_k} seeds in pit k are all fillings, {@code WAYS[12 - k][left]}, minus those with at least
     * {@code p_k} there, which are the fillings of {@code left - p_k} seeds: {@code WAYS[12 - k][left - p_k]}.
     * Checked against the enumeration for every board solved.
     */
    static int rank(int[] board, int n) {
        long r = 0;
        int left = n;
        for (int k = 0; k < PITS - 1; k++) {
            if (board[k] < 0 || board[k] > left) {
                throw new IllegalArgumentException("board does not hold " + n + " seeds: " + Arrays.toString(board));
            }
            r += WAYS[PITS - k][left] - WAYS[PITS - k][left - board[k]];
            left -= board[k];
        }
        if (left != board[PITS - 1]) {
            throw new IllegalArgumentException("board does not hold " + n + " seeds: " + Arrays.toString(board));
        }
        return (int) r;
    }

    private static long[][] ways() {
        long[][] w = new long[PITS + 1][MAX_SUPPORTED_SEEDS + 1];
        for (int m = 1; m <= PITS; m++) {
            for (int r = 0; r <= MAX_SUPPORTED_SEEDS; r++) {
                w[m][r] = binomial(r + m - 1, m - 1);
            }
        }
        return w;
    }

    /** All boards with exactly n seeds, in increasing packed order (p0 most significant), each at its rank. */
    static long[] enumerate(int n) {
        long count = binomial(n + PITS - 1, PITS - 1);
        if (count > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("layer too large: " + n);
        }
        long[] out = new long[(int) count];
        int[] next = {0};
        fill(out, next, 0, n, 0L);
        if (next[0] != out.length) {
            throw new IllegalStateException("enumeration count mismatch");
        }
        int[] board = new int[PITS];
        for (int i = 0; i < out.length; i++) {
            unpack(out[i], board);
            if (rank(board, n) != i || (i > 0 && out[i - 1] >= out[i])) {
                throw new IllegalStateException("rank disagrees with the enumeration at " + Arrays.toString(board));
            }
        }
        return out;
    }

    private static void fill(long[] out, int[] next, int pit, int left, long prefix) {
        if (pit == PITS - 1) {
            out[next[0]++] = (prefix << BITS) | left;
            return;
        }
        for (int s = 0; s <= left; s++) {
            fill(out, next, pit + 1, left - s, (prefix << BITS) | s);
        }
    }

    static long binomial(int n, int k) {
        long r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }
}
