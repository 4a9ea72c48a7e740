package org.krou.generator;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The one check of a position's value against its moves, shared by the generator's tests
 * ({@link #check}, on values in memory) and {@code krou verify} ({@link TableVerifier}, on the
 * tables through the probing API): a finished game must be worth its rule value
 * ({@link Rules#terminalValue}); any other position the best over its legal moves of
 * {@code captured - value(child)}. Independent of the phases: it uses only {@link Rules},
 * {@link PositionIndex} and the values it is given.
 *
 * <pre>{@code
 * String problem = Verifier.check(Variant.ABAPA, values, 16, 100_000, 42);  // null when sound
 * }</pre>
 */
public final class Verifier {
    /** The values the check reads for the children of a position. */
    @FunctionalInterface
    public interface ChildValues {
        /** The value for its mover of mover-relative board {@code child} of {@code seeds} seeds. */
        int value(int[] child, int seeds);
    }

    private final Variant variant;
    private final int[] children = new int[Rules.ROW * Rules.PITS];
    private final int[] captured = new int[Rules.ROW];
    private final int[] scratch = new int[Rules.PITS];
    private final int[] child = new int[Rules.PITS];

    /** A checker for one thread (it holds scratch arrays). */
    public Verifier(Variant variant) {
        this.variant = variant;
    }

    /**
     * Null if {@code value} is the value of board {@code b} of {@code n} seeds given its
     * children's values, else what is wrong: "below the best move" or "above it" (endless play is
     * worth 0 only through a move to a child worth 0, so a position worth 0 must have such a
     * move too).
     */
    public String problem(int[] b, int n, int value, ChildValues values) {
        int mask = Rules.generate(b, variant, children, captured, scratch);
        if (mask == 0) {
            int t = Rules.terminalValue(b, variant);
            return value == t ? null : "finished game worth " + t + " by the rules, table says " + value;
        }
        int best = Integer.MIN_VALUE;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) != 0) {
                System.arraycopy(children, pit * Rules.PITS, child, 0, Rules.PITS);
                int c = captured[pit];
                best = Math.max(best, Rules.moveValue(c, child, values.value(child, n - c), variant));
            }
        }
        if (value < best) {
            return "value " + value + " below the best move's " + best;
        }
        if (value != best) {
            return "value " + value + " but the best move is worth " + best + (value == 0 ? " (no move reaches 0)" : "");
        }
        return null;
    }

    /**
     * Checks {@code samples} random positions of layer {@code n} (every position if the layer is
     * no larger than {@code samples}) against the true values {@code values[0..n]}.
     *
     * @return null if all agree, else a description of the first disagreement
     */
    public static String check(Variant variant, ByteBigArray[] values, int n, long samples, long seed) {
        long size = PositionIndex.size(n);
        SplittableRandom random = new SplittableRandom(seed);
        boolean all = size <= samples;
        long count = all ? size : samples;
        Verifier v = new Verifier(variant);
        ChildValues below = (child, seeds) -> values[seeds].get(PositionIndex.rank(child));
        int[] b = new int[Rules.PITS];
        for (long k = 0; k < count; k++) {
            long r = all ? k : random.nextLong(size);
            PositionIndex.unrank(n, r, b);
            String why = v.problem(b, n, values[n].get(r), below);
            if (why != null) {
                return variant.id() + " layer " + n + " rank " + r + " board " + Arrays.toString(b) + ": " + why;
            }
        }
        return null;
    }
}
