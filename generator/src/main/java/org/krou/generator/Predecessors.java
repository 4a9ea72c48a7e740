package org.krou.generator;

import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;

/**
 * Un-move generation: the same-layer predecessors of a board.
 *
 * <p>A predecessor of a mover-relative board {@code p} (X to move) is a board {@code q} (Y to
 * move) with a legal move that captures nothing and leads to {@code p}. In Y's frame
 * {@code r = rotate(p)}, Y's move emptied some pit {@code i} of Y's row ({@code r[i] == 0}) and
 * sowed {@code s >= 1} seeds over the other eleven pits in order: the pit {@code d} steps after
 * {@code i} received {@code s/11 + (d <= s%11 ? 1 : 0)} seeds. Un-sowing takes them back, and
 * the forward move is then replayed on the capture rule ({@link Rules#settle}, under the
 * variant's options): the last seed must not make a capture (a cancelled or spared grand slam,
 * or a chain over the cap under {@code over-cap=none}, captures nothing and counts as quiet).
 * Moves that reach {@code p} with a non-empty X row are legal (they fed X if X had to be fed,
 * and they do not leave X without seeds) except a grand slam that {@code grand-slam=forbid}
 * refuses, which is checked against the move list of {@code q}. A board whose mover has no
 * seeds has same-layer predecessors only under {@code no-feed=play-on} and awari, where a move
 * that does not feed may be legal; those are checked against the move list too.
 *
 * <p>Every (predecessor, move) pair is produced once, so the number of predecessors found over a
 * layer equals the number of same-layer moves counted by {@link ExitPhase}. Allocation-free:
 * one instance per thread.
 *
 * <pre>{@code
 * Predecessors pred = new Predecessors(Variant.ABAPA);
 * int k = pred.generate(board);      // ranks in pred.ranks()[0..k)
 * }</pre>
 */
public final class Predecessors {
    /** Upper bound on the predecessors of one board: 6 pits times at most 48 seed counts. */
    public static final int MAX = 6 * 49;

    private final Variant variant;
    private final boolean forbid;
    private final boolean starve;
    private final int[] r = new int[12];
    private final int[] children = new int[72];
    private final int[] captured = new int[6];
    private final int[] scratch = new int[12];
    private final int[] q = new int[12];
    private final long[] ranks = new long[MAX];
    private final long[] packed = new long[MAX];
    /** Boards of up to this many seeds are packed five bits a pit, the others in unary. */
    private final int fiveBitMax;
    private boolean five;
    /** The bars of the board r packed in unary: the bit of the zero after each of pits 0..10. */
    private final int[] bars = new int[11];

    /** A generator for one thread. */
    public Predecessors(Variant variant) {
        this(variant, FIVE_BITS);
    }

    /**
     * A generator packing the boards of more than {@code fiveBitMax} seeds in unary
     * ({@link #packUnary}); 0 packs every board so (for tests).
     */
    Predecessors(Variant variant, int fiveBitMax) {
        this.variant = variant;
        this.forbid = variant.grandSlam() == Variant.GrandSlam.FORBID;
        this.starve = variant.quietMoveMayStarve();
        this.fiveBitMax = Math.min(fiveBitMax, FIVE_BITS);
    }

    /**
     * The boards written by the last {@link #generate(int[])}, packed as {@link #pack(int[], int)}
     * packs them.
     */
    public long[] packed() {
        return packed;
    }

    /** Boards of up to this many seeds fit five bits a pit ({@link #packFive}). */
    public static final int FIVE_BITS = 31;

    /**
     * Boards of up to this many seeds fit a long in unary ({@link #packUnary}): a bit a seed and
     * one between pits, {@code n + 11} bits. Every layer ({@link PositionIndex#MAX_SEEDS}).
     */
    public static final int PACKABLE = 53;

    /**
     * Packs board {@code b} of {@code seeds} seeds into a long: five bits a pit up to
     * {@link #FIVE_BITS} seeds (unless this generator was made to pack in unary), else in unary.
     */
    public long pack(int[] b, int seeds) {
        return seeds <= fiveBitMax ? packFive(b) : packUnary(b);
    }

    /** Unpacks a board of {@code seeds} seeds packed by {@link #pack(int[], int)}. */
    public void unpack(long x, int seeds, int[] out) {
        if (seeds <= fiveBitMax) {
            unpackFive(x, out);
        } else {
            unpackUnary(x, out);
        }
    }

    /** Packs a board of at most {@link #FIVE_BITS} seeds into a long, five bits a pit, pit 0 lowest. */
    public static long packFive(int[] b) {
        long x = 0;
        for (int i = 11; i >= 0; i--) {
            x = (x << 5) | b[i];
        }
        return x;
    }

    /** Unpacks a board packed by {@link #packFive(int[])}. */
    public static void unpackFive(long x, int[] out) {
        for (int i = 0; i < 12; i++) {
            out[i] = (int) (x & 31);
            x >>>= 5;
        }
    }

    /**
     * Packs a board of at most {@link #PACKABLE} seeds into a long in unary, pit 0 lowest: each
     * pit's seeds as that many one bits, a zero bit after each pit but the last.
     */
    public static long packUnary(int[] b) {
        long x = (1L << b[11]) - 1;
        for (int i = 10; i >= 0; i--) {
            x = (x << (b[i] + 1)) | ((1L << b[i]) - 1);
        }
        return x;
    }

    /**
     * Board {@code x} packed in unary with a seed more in the pit below the zero at bit {@code a}
     * and one less in the pit above the zero at bit {@code b >= a}: the zeros from {@code a} to
     * {@code b} move up one bit, a one enters at {@code a} and the one above {@code b} leaves.
     */
    static long unsowUnary(long x, int a, int b) {
        long span = (-1L >>> (62 - b)) & (-1L << a); // bits a..b+1
        return (x & ~span) | (((x << 1) | (1L << a)) & span);
    }

    /** Unpacks a board packed by {@link #packUnary(int[])}. */
    public static void unpackUnary(long x, int[] out) {
        for (int i = 0; i < 11; i++) {
            int c = Long.numberOfTrailingZeros(~x);
            out[i] = c;
            x >>>= c + 1;
        }
        out[11] = Long.bitCount(x);
    }

    /** The ranks written by the last {@link #generate(int[])}. */
    public long[] ranks() {
        return ranks;
    }

    /**
     * Finds the same-layer predecessors of {@code p} (mover-relative) and writes their ranks
     * (in the layer of {@code p}'s seed count) to {@link #ranks()}.
     *
     * @return how many were found
     */
    public int generate(int[] p) {
        return generate(p, ranks, packed, 0);
    }

    /**
     * As {@link #generate(int[])}, writing the ranks to {@code ranksOut[at..]} and the boards,
     * packed as {@link #pack(int[], int)} packs them, to {@code packedOut[at..]}: each array
     * needs room for {@link #MAX} entries from {@code at}.
     *
     * @return how many were found
     */
    public int generate(int[] p, long[] ranksOut, long[] packedOut, int at) {
        if (!starve && p[0] + p[1] + p[2] + p[3] + p[4] + p[5] == 0) {
            return 0;
        }
        for (int k = 0; k < 6; k++) {
            r[k] = p[k + 6];
            r[k + 6] = p[k];
        }
        int xSeeds = r[6] + r[7] + r[8] + r[9] + r[10] + r[11];
        five = xSeeds + r[0] + r[1] + r[2] + r[3] + r[4] + r[5] <= fiveBitMax;
        long rp;
        if (five) {
            rp = packFive(r);
        } else {
            rp = packUnary(r);
            int bar = -1;
            for (int k = 0; k < 11; k++) {
                bar += r[k] + 1;
                bars[k] = bar;
            }
        }
        int count = at;
        for (int i = 0; i < 6; i++) {
            if (r[i] != 0) {
                continue;
            }
            System.arraycopy(r, 0, q, 0, 12);
            // q packed, kept in step with it: each un-sown seed leaves pit j for pit i
            long qp = rp;
            int d = 1;
            for (; d <= 11; d++) {
                int j = i + d < 12 ? i + d : i + d - 12;
                if (r[j] == 0) {
                    break;
                }
                q[j]--;
                q[i] = d;
                if (five) {
                    qp += (1L << 5 * i) - (1L << 5 * j);
                } else if (j > i) {
                    // pits i+1..j-1 were un-sown before: bar i of q stands d-1 after r's, bars
                    // i+1..j-1 where r's do; bars i..j-1 now move up one
                    qp = unsowUnary(qp, bars[i] + d - 1, bars[j - 1]);
                } else {
                    qp = packUnary(q); // past pit 11: pits 0.. too
                }
                if (quietAndLegal(i, j, xSeeds)) {
                    ranksOut[count] = PositionIndex.rank(q);
                    packedOut[count++] = qp;
                }
            }
            if (d == 12) {
                count = longSowings(i, xSeeds, ranksOut, packedOut, count);
            }
        }
        return count - at;
    }

    /** Sowings of 12 seeds or more from pit {@code i}: every other pit received at least one. */
    private int longSowings(int i, int xSeeds, long[] ranksOut, long[] packedOut, int count) {
        for (int s = 12; ; s++) {
            int full = s / 11;
            int rem = s - full * 11;
            for (int d = 1; d <= 11; d++) {
                int j = i + d < 12 ? i + d : i + d - 12;
                int take = full + (d <= rem ? 1 : 0);
                if (r[j] < take) {
                    return count; // more seeds need at least as many in every pit
                }
                q[j] = r[j] - take;
            }
            q[i] = s;
            int last = i + (rem == 0 ? 11 : rem);
            if (quietAndLegal(i, last < 12 ? last : last - 12, xSeeds)) {
                ranksOut[count] = PositionIndex.rank(q);
                packedOut[count++] = five ? packFive(q) : packUnary(q);
            }
        }
    }

    /**
     * Is the move of pit {@code i} from {@code q}, whose last seed fell in {@code last} (Y's
     * frame, sown board {@code r}), legal and without capture? A move that leaves X seeds is
     * legal unless it is a grand slam that {@code grand-slam=forbid} refuses; one that leaves X
     * none (possible only under play-on and awari) is checked against the whole move list.
     */
    private boolean quietAndLegal(int i, int last, int xSeeds) {
        int code = Rules.settle(r, last, variant);
        if (Rules.captured(code) != 0) {
            return false;
        }
        if (xSeeds == 0 || (forbid && Rules.grandSlam(code))) {
            return (Rules.generate(q, variant, children, captured, scratch) & (1 << i)) != 0;
        }
        return true;
    }
}
