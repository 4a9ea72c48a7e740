package org.krou.probe;

import java.util.Arrays;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.table.TableFile;

/**
 * {@link Tablebase#probeAll}: the look-ups of a batch sorted by seeds and rank, so that those of
 * one block come together and each block is read at most once.
 *
 * <p>A look-up is packed into one {@code long}: the seeds in the top 6 bits, the rank (below
 * {@code 2^41} for every layer up to 48 seeds) in the next 41, the place in the chunk in the low
 * {@value #INDEX_BITS}; the batch is processed in chunks of {@code 2^17} boards.
 */
final class SortedBatch {
    private static final int INDEX_BITS = 17;
    private static final int CHUNK = 1 << INDEX_BITS;
    private static final int SEEDS_SHIFT = 58;
    private static final long RANK_MASK = (1L << (SEEDS_SHIFT - INDEX_BITS)) - 1;

    private SortedBatch() {
    }

    static void probe(Tablebase tb, int[] boards, int[] out) {
        ProbeContext ctx = tb.context();
        int[] b = ctx.boards[0];
        long[] keys = new long[Math.min(CHUNK, out.length)];
        long[] ranks = new long[keys.length];
        int[] symbols = new int[keys.length];
        for (int from = 0; from < out.length; from += CHUNK) {
            int to = Math.min(out.length, from + CHUNK);
            int m = 0;
            for (int i = from; i < to; i++) {
                System.arraycopy(boards, Rules.PITS * i, b, 0, Rules.PITS);
                int n = Boards.seeds(b);
                if (n < 0 || !tb.covers(n)) {
                    out[i] = Tablebase.NO_VALUE;
                } else {
                    keys[m++] = ((long) n << SEEDS_SHIFT) | (PositionIndex.rank(b) << INDEX_BITS) | (i - from);
                }
            }
            Arrays.sort(keys, 0, m);
            for (int j = 0; j < m; j++) {
                ranks[j] = (keys[j] >>> INDEX_BITS) & RANK_MASK;
            }
            for (int g = 0; g < m; ) {
                int n = (int) (keys[g] >>> SEEDS_SHIFT);
                int e = g + 1;
                while (e < m && (int) (keys[e] >>> SEEDS_SHIFT) == n) {
                    e++;
                }
                TableFile t = tb.table(n);
                t.symbolsAt(ranks, g, e, symbols);
                for (int j = g; j < e; j++) {
                    int i = from + (int) (keys[j] & (CHUNK - 1));
                    if (t.dontCare()) {
                        System.arraycopy(boards, Rules.PITS * i, b, 0, Rules.PITS);
                        out[i] = tb.resolve(ctx, b, n, symbols[j], 0);
                    } else {
                        out[i] = symbols[j];
                    }
                }
                g = e;
            }
        }
    }
}
