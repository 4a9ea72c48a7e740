package org.krou.index;

/**
 * A bijection between the mover-relative boards with {@code n} seeds and
 * {@code 0 .. C(n+11, 11) - 1}, for {@code n} from 0 to 48.
 *
 * <h2>The order</h2>
 * A board {@code p0..p11} with {@code n} seeds is a row of {@code n} stars cut by 11 bars; bar
 * {@code j} stands at {@code b_j = p0 + ... + p_j + j}, so {@code 0 <= b_0 < ... < b_10 <= n+10}.
 * The rank is the combinatorial number system over the bars:
 * <pre>  rank = C(b_0, 1) + C(b_1, 2) + ... + C(b_10, 11)</pre>
 * which orders boards by colex order of their bar sets. In pit terms: <b>a board ranks lower than
 * another exactly when it is larger in lexicographic order of {@code (p11, p10, ..., p0)}</b>.
 * Rank 0 holds every seed in {@code p11}; the last rank holds every seed in {@code p0}. The next
 * board in rank order is {@link #next(int[])}: the seeds of {@code p0} plus one seed taken from
 * the first non-empty pit {@code p_i} after {@code p0} go into {@code p_{i-1}}.
 *
 * <p>{@link #rank(int[])} costs 11 table look-ups and additions, with no loop over seed values;
 * {@link #unrank(int, long, int[])} at most three look-ups per bar: the bar position is read
 * from a table indexed by the remainder's bit length and next 8 bits (or by the remainder
 * itself below 512), then corrected by at most one step. Ranks are {@code long}: layers above
 * 2^31 boards (from 29 seeds on) work.
 *
 * <pre>{@code
 * int[] b = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
 * long r = PositionIndex.rank(b);          // 0 <= r < PositionIndex.size(48)
 * PositionIndex.unrank(48, r, b);          // b is the start position again
 * }</pre>
 */
public final class PositionIndex {
    /** The largest seed count served. */
    public static final int MAX_SEEDS = 48;
    private static final int STRIDE = 64;
    /** {@code BIN[k * STRIDE + m] = C(m, k)} for {@code k <= 12}, {@code m < 64}. */
    private static final long[] BIN = new long[13 * STRIDE];

    /** Remainders below this are inverted by {@link #SMALL} directly. */
    private static final int SMALL_LIMIT = 512;
    /**
     * {@code SMALL[k * SMALL_LIMIT + r]}: the largest bar position {@code b} with
     * {@code C(b, k) <= r}, for {@code r < SMALL_LIMIT}.
     */
    private static final byte[] SMALL = new byte[12 * SMALL_LIMIT];
    /**
     * {@code GUESS[(k * 64 + L) * 256 + m]}: the largest {@code b} with {@code C(b, k)} at most the
     * smallest remainder of bit length {@code L} whose 8 bits after the leading one are {@code m}.
     * Consecutive {@code C(b, k)} (for {@code b < 64}) differ by a factor of at least
     * {@code 1 + 1/64}, more than the width {@code 1 + 1/256} of such a bucket, so the answer for
     * any remainder in the bucket is the guess or the next bar position.
     */
    private static final byte[] GUESS = new byte[12 * 64 * 256];

    static {
        for (int m = 0; m < STRIDE; m++) {
            BIN[m] = 1;
            for (int k = 1; k <= 12; k++) {
                BIN[k * STRIDE + m] = m == 0 ? 0 : BIN[k * STRIDE + m - 1] + BIN[(k - 1) * STRIDE + m - 1];
            }
        }
        for (int k = 1; k <= 11; k++) {
            for (int r = 0; r < SMALL_LIMIT; r++) {
                SMALL[k * SMALL_LIMIT + r] = (byte) largestBar(k, r);
            }
            for (int len = 10; len < 64; len++) {
                for (int m = 0; m < 256; m++) {
                    long low = (256L + m) << (len - 9);
                    GUESS[(k * 64 + len) * 256 + m] = (byte) largestBar(k, low);
                }
            }
        }
    }

    /** The largest {@code b < 63} with {@code C(b, k) <= r}, by a plain scan (table building only). */
    private static int largestBar(int k, long r) {
        int b = k - 1;
        while (b + 1 < STRIDE - 1 && BIN[k * STRIDE + b + 1] <= r) {
            b++;
        }
        return b;
    }

    private PositionIndex() {
    }

    /** Binomial coefficient {@code C(m, k)} for {@code 0 <= m < 64}, {@code 0 <= k <= 12}. */
    public static long binomial(int m, int k) {
        return BIN[k * STRIDE + m];
    }

    /** Number of boards with exactly {@code n} seeds: {@code C(n+11, 11)}. */
    public static long size(int n) {
        checkSeeds(n);
        return BIN[11 * STRIDE + n + 11];
    }

    /** Number of boards with {@code 0..n} seeds: {@code C(n+12, 12)}. */
    public static long cumulativeSize(int n) {
        checkSeeds(n);
        return BIN[12 * STRIDE + n + 12];
    }

    /**
     * The rank of a board among the boards with the same number of seeds. No validation: the
     * pits must be non-negative with a sum of at most {@link #MAX_SEEDS}.
     */
    public static long rank(int[] b) {
        return rank(b, 0);
    }

    /** As {@link #rank(int[])}, for the board in {@code b[at..at+11]}. */
    public static long rank(int[] b, int at) {
        int bar = b[at];
        long r = BIN[STRIDE + bar];
        bar += b[at + 1] + 1;
        r += BIN[2 * STRIDE + bar];
        bar += b[at + 2] + 1;
        r += BIN[3 * STRIDE + bar];
        bar += b[at + 3] + 1;
        r += BIN[4 * STRIDE + bar];
        bar += b[at + 4] + 1;
        r += BIN[5 * STRIDE + bar];
        bar += b[at + 5] + 1;
        r += BIN[6 * STRIDE + bar];
        bar += b[at + 6] + 1;
        r += BIN[7 * STRIDE + bar];
        bar += b[at + 7] + 1;
        r += BIN[8 * STRIDE + bar];
        bar += b[at + 8] + 1;
        r += BIN[9 * STRIDE + bar];
        bar += b[at + 9] + 1;
        r += BIN[10 * STRIDE + bar];
        bar += b[at + 10] + 1;
        r += BIN[11 * STRIDE + bar];
        return r;
    }

    /**
     * Writes into {@code out} the board with {@code n} seeds of rank {@code r}.
     *
     * @throws IllegalArgumentException if {@code n} or {@code r} is out of range
     */
    public static void unrank(int n, long r, int[] out) {
        if (r < 0 || r >= size(n)) {
            throw new IllegalArgumentException("rank " + r + " out of range 0.." + (size(n) - 1)
                    + " for " + n + " seeds");
        }
        int upper = n + 11; // bar 10 stands below this
        for (int k = 11; k >= 1; k--) {
            int base = k * STRIDE;
            int bar;
            if (r < SMALL_LIMIT) {
                bar = SMALL[k * SMALL_LIMIT + (int) r];
            } else {
                int len = 64 - Long.numberOfLeadingZeros(r);
                bar = GUESS[(k * 64 + len) * 256 + (int) ((r >>> (len - 9)) & 255)];
                if (BIN[base + bar + 1] <= r) {
                    bar++;
                }
            }
            r -= BIN[base + bar];
            out[k] = upper - bar - 1;
            upper = bar;
        }
        out[0] = upper;
    }

    /**
     * Steps {@code b} to the board of the next rank with the same seeds.
     *
     * @return false (leaving {@code b} unchanged) if {@code b} has the last rank
     */
    public static boolean next(int[] b) {
        int i = 1;
        while (i < 12 && b[i] == 0) {
            i++;
        }
        if (i == 12) {
            return false;
        }
        b[i]--;
        int p0 = b[0];
        b[0] = 0;
        b[i - 1] = p0 + 1;
        return true;
    }

    private static void checkSeeds(int n) {
        if (n < 0 || n > MAX_SEEDS) {
            throw new IllegalArgumentException("seed count " + n + " out of range 0.." + MAX_SEEDS);
        }
    }
}
