package org.krou.generator.table;

/**
 * Chooses the stored symbols of a block: the true value where it must be kept, and for a "don't
 * care" entry (value equal to its best exit, which the reader recovers with a one-ply search)
 * any value {@code s <= exit}, picked so that the block compresses well.
 */
final class DontCareFill {
    /** Exit marker: no capturing move and not a finished game. */
    static final byte NO_EXIT = Byte.MIN_VALUE;

    private DontCareFill() {
    }

    /**
     * For each exit {@code e} (index {@code e + 128}), the most frequent value {@code <= e}
     * (ties: the larger value).
     *
     * @param counts occurrences of each value, index {@code value + 128}
     */
    static byte[] bestAtMost(long[] counts) {
        byte[] best = new byte[256];
        int arg = -128;
        long max = -1;
        for (int e = -128; e < 128; e++) {
            if (counts[e + 128] >= max && counts[e + 128] > 0) {
                max = counts[e + 128];
                arg = e;
            }
            best[e + 128] = (byte) arg;
        }
        return best;
    }

    /**
     * Fills {@code out[0..m)} from the values {@code v} and exits {@code e} (null: no exits).
     *
     * @param first the rank of position 0 of the block, for error messages
     * @return the number of don't-care entries
     * @throws IllegalArgumentException if an exit is above its value
     */
    static int fill(Fill mode, byte[] v, byte[] e, int m, byte[] best, Transitions succ, byte[] out, long first) {
        if (e == null || mode == Fill.NONE) {
            System.arraycopy(v, 0, out, 0, m);
            return e == null ? 0 : count(v, e, m, first);
        }
        switch (mode) {
            case PREVIOUS:
                return previous(v, e, m, best, out, first);
            case RUNS:
                return runs(v, e, m, best, out, first);
            default:
                return context(v, e, m, best, succ, out, first);
        }
    }

    /**
     * Transition statistics for {@link Fill#CONTEXT}: the successors of each value by decreasing
     * count ({@code succ[prev & 0xFF]}, {@code succ[256]} for the block start) and the cost in
     * bits of each transition.
     */
    static final class Transitions {
        final byte[][] succ = new byte[257][];
        /** {@code cost[prev * 256 + next]}: {@code -log2 P(next | prev)}, 24 if never seen. */
        final float[] cost = new float[257 * 256];

        /** @param counts {@code counts[prev * 256 + next]}, bytes as unsigned indexes, prev 256 = block start */
        Transitions(long[] counts) {
            for (int p = 0; p <= 256; p++) {
                final int base = p * 256;
                Integer[] order = new Integer[256];
                int n = 0;
                long total = 0;
                for (int s = 0; s < 256; s++) {
                    total += counts[base + s];
                    if (counts[base + s] > 0) {
                        order[n++] = s;
                    }
                }
                java.util.Arrays.sort(order, 0, n, (x, y) -> Long.compare(counts[base + y], counts[base + x]));
                succ[p] = new byte[n];
                for (int i = 0; i < n; i++) {
                    succ[p][i] = (byte) (int) order[i];
                }
                for (int s = 0; s < 256; s++) {
                    long c = counts[base + s];
                    cost[base + s] = c == 0 ? 24f : (float) (Math.log((double) total / c) / Math.log(2));
                }
            }
        }
    }

    /**
     * Most probable successor, looking one position ahead: if the next entry is kept, the
     * allowed value {@code s} minimising {@code cost(prev, s) + cost(s, next)}; otherwise the
     * allowed value that most often follows {@code prev}.
     */
    private static int context(byte[] v, byte[] e, int m, byte[] best, Transitions t, byte[] out, long first) {
        int n = 0;
        int second = org.krou.table.TableFormat.ransSecondStream(m);
        for (int i = 0; i < m; i++) {
            if (!free(v, e, i, first)) {
                out[i] = v[i];
                continue;
            }
            n++;
            int prev = i == 0 || i == second ? 256 : out[i - 1] & 0xFF;
            byte[] list = t.succ[prev];
            byte pick = best[e[i] + 128];
            boolean ahead = i + 1 < m && !free(v, e, i + 1, first);
            float bestCost = Float.MAX_VALUE;
            for (byte s : list) {
                if (s <= e[i]) {
                    if (!ahead) {
                        pick = s;
                        break;
                    }
                    float c = t.cost[prev * 256 + (s & 0xFF)] + t.cost[(s & 0xFF) * 256 + (v[i + 1] & 0xFF)];
                    if (c < bestCost) {
                        bestCost = c;
                        pick = s;
                    }
                }
            }
            out[i] = pick;
        }
        return n;
    }

    private static boolean free(byte[] v, byte[] e, int i, long first) {
        byte x = e[i];
        if (x == NO_EXIT) {
            return false;
        }
        if (x > v[i]) {
            throw new IllegalArgumentException("exit " + x + " above value " + v[i] + " at rank " + (first + i));
        }
        return x == v[i];
    }

    private static int count(byte[] v, byte[] e, int m, long first) {
        int n = 0;
        for (int i = 0; i < m; i++) {
            if (free(v, e, i, first)) {
                n++;
            }
        }
        return n;
    }

    private static int previous(byte[] v, byte[] e, int m, byte[] best, byte[] out, long first) {
        int n = 0;
        for (int i = 0; i < m; i++) {
            if (!free(v, e, i, first)) {
                out[i] = v[i];
            } else {
                n++;
                out[i] = i > 0 && out[i - 1] <= e[i] ? out[i - 1] : best[e[i] + 128];
            }
        }
        return n;
    }

    /**
     * Greedy furthest reach: the allowed set of a run is a single value (a kept entry was met)
     * or every value up to a bound (only don't-care entries so far); the run ends where that
     * set would become empty.
     */
    private static int runs(byte[] v, byte[] e, int m, byte[] best, byte[] out, long first) {
        int n = 0;
        int i = 0;
        while (i < m) {
            boolean single;
            int s;
            if (free(v, e, i, first)) {
                n++;
                single = false;
                s = e[i];
            } else {
                single = true;
                s = v[i];
            }
            int j = i + 1;
            for (; j < m; j++) {
                if (free(v, e, j, first)) {
                    if (single ? s > e[j] : false) {
                        break;
                    }
                    n++;
                    if (!single && e[j] < s) {
                        s = e[j];
                    }
                } else {
                    if (single ? v[j] != s : v[j] > s) {
                        break;
                    }
                    single = true;
                    s = v[j];
                }
            }
            byte sym = single ? (byte) s : best[s + 128];
            for (int k = i; k < j; k++) {
                out[k] = sym;
            }
            i = j;
        }
        return n;
    }
}
