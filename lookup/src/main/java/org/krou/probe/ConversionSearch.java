package org.krou.probe;

import java.util.Arrays;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;

/**
 * Distances to conversion computed on demand, for when no distance table covers a layer.
 *
 * <p>From a root worth {@code v != 0}, the search collects every position of the same layer that
 * value-optimal play can reach without capturing: from each position it keeps the moves whose
 * value ({@code captured - value(child)}) equals the position's value, the quiet ones leading to
 * further positions of the layer, the capturing ones leaving it. Every such position is worth
 * {@code +v} or {@code -v}, and the set is closed: whichever value-optimal moves either side
 * picks, play stays in it until a capture or the game's end. On that closed graph the distance to
 * conversion follows exactly the definition of the distance tables ({@code krou generate --dtc}):
 * a finished game is at 0; the side ahead takes the minimum and the side behind the maximum over
 * its value-optimal moves of 1 for a capture and {@code 1 +} the child's distance for a quiet
 * move. It is solved backwards from the exits in breadth-first order, so each distance is final
 * when first set.
 *
 * <p>A position of the side ahead with a value-optimal capture is at distance 1 whatever its
 * quiet moves do, so they are not followed: the graph holds only what the distances of its
 * positions depend on. It can still be large (it is a part of a layer); the search gives up,
 * returning null, once it holds more than its node budget. The result is immutable and safe to share between threads.
 */
final class ConversionSearch {
    /** What {@link #distance} returns for a board that is not in the searched graph. */
    static final int UNKNOWN = -1;

    private final int seeds;
    private final RankMap index;
    private final int[] dist;

    private ConversionSearch(int seeds, RankMap index, int[] dist) {
        this.seeds = seeds;
        this.index = index;
        this.dist = dist;
    }

    /** The seed count of the searched layer. */
    int seeds() {
        return seeds;
    }

    /** Positions in the searched graph. */
    int size() {
        return dist.length;
    }

    /**
     * The distance to conversion of a mover-relative board of the searched layer, or
     * {@link #UNKNOWN} if value-optimal play from the root cannot reach it.
     */
    int distance(int[] board) {
        if (Rules.seeds(board) != seeds) {
            return UNKNOWN;
        }
        int node = index.get(PositionIndex.rank(board));
        return node < 0 ? UNKNOWN : dist[node];
    }

    /**
     * Searches from {@code root} (a mover-relative board of {@code n} seeds worth {@code value},
     * not 0, with at least one legal move); null if more than {@code maxNodes} positions are
     * reachable.
     */
    static ConversionSearch run(Tablebase tb, int[] root, int n, int value, int maxNodes) {
        Variant variant = tb.variant();
        RankMap index = new RankMap();
        long[] ranks = new long[64];
        int[] values = new int[64];
        int[] edgeStart = new int[65];
        int[] edges = new int[256];
        boolean[] exit = new boolean[64];
        int count = 1;
        int edgeCount = 0;
        ranks[0] = PositionIndex.rank(root);
        values[0] = value;
        index.put(ranks[0], 0);

        int[] b = new int[Rules.PITS];
        int[] children = new int[Rules.ROW * Rules.PITS];
        int[] captured = new int[Rules.ROW];
        int[] scratch = new int[Rules.PITS];
        int[] child = new int[Rules.PITS];
        for (int i = 0; i < count; i++) {
            edgeStart[i] = edgeCount;
            PositionIndex.unrank(n, ranks[i], b);
            int v = values[i];
            int mask = Rules.generate(b, variant, children, captured, scratch);
            if (v > 0) {
                // the side ahead with a value-optimal capture is at distance 1 whatever its quiet
                // moves lead to: they are not needed (nor is anything reached only through them)
                for (int pit = 0; pit < Rules.ROW && !exit[i]; pit++) {
                    int c = captured[pit];
                    if ((mask & (1 << pit)) != 0 && c > 0) {
                        System.arraycopy(children, pit * Rules.PITS, child, 0, Rules.PITS);
                        exit[i] = Rules.moveValue(c, child, tb.value(child), variant) == v;
                    }
                }
            }
            for (int pit = 0; pit < Rules.ROW && !(v > 0 && exit[i]); pit++) {
                if ((mask & (1 << pit)) == 0 || (v > 0 && captured[pit] > 0)) {
                    continue;
                }
                System.arraycopy(children, pit * Rules.PITS, child, 0, Rules.PITS);
                int c = captured[pit];
                if (Rules.moveValue(c, child, tb.value(child), variant) != v) {
                    continue; // not value-optimal
                }
                if (c > 0) {
                    exit[i] = true;
                    continue;
                }
                long r = PositionIndex.rank(child);
                int j = index.get(r);
                if (j < 0) {
                    if (count == maxNodes) {
                        return null;
                    }
                    if (count == ranks.length) {
                        int grown = ranks.length * 2;
                        ranks = Arrays.copyOf(ranks, grown);
                        values = Arrays.copyOf(values, grown);
                        exit = Arrays.copyOf(exit, grown);
                        edgeStart = Arrays.copyOf(edgeStart, grown + 1);
                    }
                    j = count++;
                    ranks[j] = r;
                    values[j] = -v; // a quiet value-optimal move: the child is worth -v to its mover
                    index.put(r, j);
                }
                if (edgeCount == edges.length) {
                    edges = Arrays.copyOf(edges, edges.length * 2);
                }
                edges[edgeCount++] = j;
            }
            if (mask != 0 && !exit[i] && edgeCount == edgeStart[i]) {
                throw new IllegalStateException("no move of the board " + Arrays.toString(b) + " reaches its "
                        + "table value " + v + ": the tables are inconsistent; run 'krou verify'");
            }
        }
        edgeStart[count] = edgeCount;
        return new ConversionSearch(n, index, solve(count, values, edgeStart, edges, exit));
    }

    /**
     * Distances on the collected graph: breadth-first backwards from the finished games (0) and
     * the positions whose exit decides (1). A position ahead is set by its first child set (the
     * nearest), a position behind by its last (the farthest), counting its exit as 1.
     */
    private static int[] solve(int count, int[] values, int[] edgeStart, int[] edges, boolean[] exit) {
        int[] predStart = new int[count + 1];
        for (int e = 0; e < edgeStart[count]; e++) {
            predStart[edges[e] + 1]++;
        }
        for (int i = 0; i < count; i++) {
            predStart[i + 1] += predStart[i];
        }
        int[] preds = new int[edgeStart[count]];
        int[] fill = Arrays.copyOf(predStart, count);
        for (int i = 0; i < count; i++) {
            for (int e = edgeStart[i]; e < edgeStart[i + 1]; e++) {
                preds[fill[edges[e]]++] = i;
            }
        }
        int[] dist = new int[count];
        Arrays.fill(dist, UNKNOWN);
        int[] pending = new int[count]; // quiet moves not yet resolved, for the side behind
        int[] queue = new int[count];
        int tail = 0;
        for (int i = 0; i < count; i++) {
            int quiet = edgeStart[i + 1] - edgeStart[i];
            pending[i] = quiet;
            if (quiet == 0 && !exit[i]) {
                dist[i] = 0; // no legal move: the game is over
                queue[tail++] = i;
            }
        }
        for (int i = 0; i < count; i++) {
            if (dist[i] == UNKNOWN && exit[i] && (values[i] > 0 || pending[i] == 0)) {
                dist[i] = 1;
                queue[tail++] = i;
            }
        }
        for (int head = 0; head < tail; head++) {
            int c = queue[head];
            for (int k = predStart[c]; k < predStart[c + 1]; k++) {
                int p = preds[k];
                if (dist[p] != UNKNOWN) {
                    continue;
                }
                if (values[p] > 0 || --pending[p] == 0) {
                    dist[p] = dist[c] + 1;
                    queue[tail++] = p;
                }
            }
        }
        for (int i = 0; i < count; i++) {
            if (dist[i] == UNKNOWN) {
                throw new IllegalStateException("a position worth " + values[i] + " never converts under "
                        + "value-optimal play: the tables are inconsistent; run 'krou verify'");
            }
        }
        return dist;
    }

    /** Open addressing from ranks (never negative) to node numbers. */
    private static final class RankMap {
        private long[] keys = filled(1 << 8);
        private int[] nodes = new int[1 << 8];
        private int size;

        private static long[] filled(int n) {
            long[] k = new long[n];
            Arrays.fill(k, -1L);
            return k;
        }

        private static int slot(long key, int mask) {
            return (int) ((key * 0x9E3779B97F4A7C15L) >>> 32) & mask;
        }

        int get(long key) {
            int mask = keys.length - 1;
            for (int s = slot(key, mask); ; s = (s + 1) & mask) {
                long k = keys[s];
                if (k == key) {
                    return nodes[s];
                }
                if (k < 0) {
                    return -1;
                }
            }
        }

        void put(long key, int node) {
            if (2 * (size + 1) > keys.length) {
                long[] oldKeys = keys;
                int[] oldNodes = nodes;
                keys = filled(oldKeys.length * 2);
                nodes = new int[oldKeys.length * 2];
                size = 0;
                for (int s = 0; s < oldKeys.length; s++) {
                    if (oldKeys[s] >= 0) {
                        put(oldKeys[s], oldNodes[s]);
                    }
                }
            }
            int mask = keys.length - 1;
            int s = slot(key, mask);
            while (keys[s] >= 0) {
                s = (s + 1) & mask;
            }
            keys[s] = key;
            nodes[s] = node;
            size++;
        }
    }
}
