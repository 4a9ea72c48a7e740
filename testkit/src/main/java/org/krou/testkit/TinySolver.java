package org.krou.testkit;

import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * A small, slow solver for test tables (a few seeds): per layer, the threshold fixed points
 * {@code W_t} (mover can force at least {@code t}) and {@code L_t} (opponent can force at most
 * {@code -t}) computed by plain sweeps. Also gives each position's best exit, as the generator does.
 * It shares no code with the generator, so tables it values are an independent reference.
 *
 * <pre>{@code
 * TinySolver s = new TinySolver(Variant.ABAPA, 8);
 * int v = s.values[n].get(PositionIndex.rank(board));   // the mover's value of a board of n seeds
 * }</pre>
 */
public final class TinySolver {
    /** The value of each position, by seeds on the board then rank ({@code values[n].get(rank)}). */
    public final ByteBigArray[] values;
    /**
     * The exit value of each position ({@code exits[n].get(rank)}), as the table writer takes them:
     * the best value among its moves that capture (and so leave the layer), its value if it has no
     * legal move, or {@link Byte#MIN_VALUE} if it has moves and none of them captures.
     */
    public final ByteBigArray[] exits;

    private static final int NONE = Integer.MIN_VALUE;

    /** Solves every layer of {@code variant} from 0 to {@code maxSeeds} seeds (a few seconds up to 8). */
    public TinySolver(Variant variant, int maxSeeds) {
        values = new ByteBigArray[maxSeeds + 1];
        exits = new ByteBigArray[maxSeeds + 1];
        for (int n = 0; n <= maxSeeds; n++) {
            solve(variant, n);
        }
    }

    private void solve(Variant variant, int n) {
        int size = (int) PositionIndex.size(n);
        int[][] same = new int[size][];
        int[] exit = new int[size];
        boolean[] term = new boolean[size];
        int[] b = new int[12];
        int[] ch = new int[72];
        int[] cap = new int[6];
        int[] scratch = new int[12];
        int[] child = new int[12];
        ByteBigArray ex = new ByteBigArray(size);
        for (int i = 0; i < size; i++) {
            PositionIndex.unrank(n, i, b);
            int mask = Rules.generate(b, variant, ch, cap, scratch);
            exit[i] = NONE;
            if (mask == 0) {
                term[i] = true;
                exit[i] = Rules.terminalValue(b, variant);
                same[i] = new int[0];
            } else {
                int k = 0;
                int[] s = new int[6];
                for (int p = 0; p < 6; p++) {
                    if ((mask & (1 << p)) == 0) {
                        continue;
                    }
                    System.arraycopy(ch, 12 * p, child, 0, 12);
                    if (cap[p] == 0) {
                        s[k++] = (int) PositionIndex.rank(child);
                    } else {
                        exit[i] = Math.max(exit[i], cap[p] - values[n - cap[p]].get(PositionIndex.rank(child)));
                    }
                }
                same[i] = java.util.Arrays.copyOf(s, k);
            }
            ex.set(i, (byte) (exit[i] == NONE ? Byte.MIN_VALUE : exit[i]));
        }
        ByteBigArray val = new ByteBigArray(size);
        for (int i = 0; i < size; i++) {
            if (term[i]) {
                val.set(i, (byte) exit[i]);
            }
        }
        boolean[] w = new boolean[size];
        boolean[] l = new boolean[size];
        for (int t = 1; t <= n; t++) {
            for (int i = 0; i < size; i++) {
                w[i] = term[i] && exit[i] >= t;
                l[i] = term[i] && exit[i] <= -t;
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int i = 0; i < size; i++) {
                    if (term[i]) {
                        continue;
                    }
                    if (!w[i]) {
                        boolean win = exit[i] != NONE && exit[i] >= t;
                        for (int c : same[i]) {
                            win |= l[c];
                        }
                        if (win) {
                            w[i] = changed = true;
                        }
                    }
                    if (!l[i]) {
                        boolean lose = exit[i] == NONE || exit[i] <= -t;
                        for (int c : same[i]) {
                            lose &= w[c];
                        }
                        if (lose) {
                            l[i] = changed = true;
                        }
                    }
                }
            }
            for (int i = 0; i < size; i++) {
                if (!term[i] && w[i]) {
                    val.set(i, (byte) t);
                } else if (!term[i] && l[i]) {
                    val.set(i, (byte) -t);
                }
            }
        }
        values[n] = val;
        exits[n] = ex;
    }
}
