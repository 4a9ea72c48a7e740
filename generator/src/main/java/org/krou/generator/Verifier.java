package org.krou.generator;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Recomputes values from the rules: each checked value must equal the best over its legal moves
 * of (seeds captured minus the child's value), a finished game its rule value. Independent of
 * the phases: it uses only {@link Rules} and {@link PositionIndex}.
 *
 * <pre>{@code
 * String problem = Verifier.check(Variant.ABAPA, values, 16, 100_000, 42);  // null when sound
 * }</pre>
 */
public final class Verifier {
    private Verifier() {
    }

    /**
     * Checks {@code samples} random positions of layer {@code n} (every position if the layer is
     * no larger than {@code samples}).
     *
     * @return null if all agree, else a description of the first disagreement
     */
    public static String check(Variant variant, ByteBigArray[] values, int n, long samples, long seed) {
        long size = PositionIndex.size(n);
        SplittableRandom random = new SplittableRandom(seed);
        boolean all = size <= samples;
        long count = all ? size : samples;
        int[] b = new int[12];
        int[] children = new int[72];
        int[] captured = new int[6];
        int[] scratch = new int[12];
        int[] child = new int[12];
        for (long k = 0; k < count; k++) {
            long r = all ? k : random.nextLong(size);
            PositionIndex.unrank(n, r, b);
            int stored = values[n].get(r);
            int mask = Rules.generate(b, variant, children, captured, scratch);
            int best;
            if (mask == 0) {
                best = Rules.terminalValue(b);
            } else {
                best = Integer.MIN_VALUE;
                for (int pit = 0; pit < 6; pit++) {
                    if ((mask & (1 << pit)) != 0) {
                        System.arraycopy(children, pit * 12, child, 0, 12);
                        int c = captured[pit];
                        best = Math.max(best, c - values[n - c].get(PositionIndex.rank(child)));
                    }
                }
            }
            if (best != stored) {
                return variant.id() + " layer " + n + " rank " + r + " board " + Arrays.toString(b)
                        + ": stored " + stored + " but the best move gives " + best;
            }
        }
        return null;
    }
}
