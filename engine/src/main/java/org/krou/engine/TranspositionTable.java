package org.krou.engine;

/**
 * The search's memory of positions, in two primitive arrays: for each position (by
 * {@link PositionKey}) the proven bounds on its value, which only ever tighten, the best move
 * found, and the heuristic score of the last search with its depth and bound type. Buckets of
 * two slots: one keeps the deeper entry, the other takes whatever comes. Not thread-safe.
 *
 * <p>An entry is one {@code long}: bits 0..7 the lower bound + 64, 8..15 the upper bound + 64,
 * 16..19 the best pit (15: none), 20..27 the heuristic depth, 28..29 the heuristic bound type,
 * 32..39 the heuristic score + 64, 40..47 the depth of the deepest bound search, bit 48 "the
 * analysis store was read for it", bit 62 "present".
 */
final class TranspositionTable {
    static final int NONE = 15;
    static final int LOWER = 1;
    static final int UPPER = 2;
    static final int EXACT = 3;
    static final long CONSULTED = 1L << 48;
    private static final long PRESENT = 1L << 62;

    private final long[] keys;
    private final long[] data;
    private final int mask;

    /** A table of {@code 2^log2} entries (16 bytes each). */
    TranspositionTable(int log2) {
        if (log2 < 1 || log2 > 30) {
            throw new IllegalArgumentException("2^" + log2 + " entries: expected 2^1..2^30");
        }
        keys = new long[1 << log2];
        data = new long[1 << log2];
        mask = (1 << log2) - 2;
    }

    /** Forgets everything. */
    void clear() {
        java.util.Arrays.fill(keys, 0);
        java.util.Arrays.fill(data, 0);
    }

    private int bucket(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & mask;
    }

    /** The entry of {@code key}, or 0 if there is none. */
    long get(long key) {
        int i = bucket(key);
        long k = ~key;
        if (keys[i] == k) {
            return data[i];
        }
        return keys[i + 1] == k ? data[i + 1] : 0;
    }

    /** The slot holding {@code key}, made if needed (evicting the shallower entry); its data is fresh if new. */
    private int slot(long key, int m) {
        int i = bucket(key);
        long k = ~key;
        if (keys[i] == k) {
            return i;
        }
        if (keys[i + 1] == k) {
            return i + 1;
        }
        int victim = keys[i] == 0 || depthOf(data[i + 1]) > depthOf(data[i]) ? i : i + 1;
        keys[victim] = k;
        data[victim] = fresh(m);
        return victim;
    }

    private static int depthOf(long e) {
        return Math.max(heuristicDepth(e), proofDepth(e));
    }

    /** An entry that knows nothing about a board of {@code m} seeds. */
    static long fresh(int m) {
        return PRESENT | (long) NONE << 16 | (long) (m + 64) << 8 | (-m + 64);
    }

    static int lower(long e) {
        return (int) (e & 0xFF) - 64;
    }

    static int upper(long e) {
        return (int) (e >>> 8 & 0xFF) - 64;
    }

    static int best(long e) {
        return (int) (e >>> 16 & 0xF);
    }

    static int heuristicDepth(long e) {
        return (int) (e >>> 20 & 0xFF);
    }

    static int heuristicType(long e) {
        return (int) (e >>> 28 & 0x3);
    }

    static int heuristicScore(long e) {
        return (int) (e >>> 32 & 0xFF) - 64;
    }

    static int proofDepth(long e) {
        return (int) (e >>> 40 & 0xFF);
    }

    /**
     * Tightens the proven bounds of {@code key} (a board of {@code m} seeds) to
     * {@code [lo, hi]} intersected with what it had, raising its proof depth to {@code depth}.
     *
     * @return true if a bound moved
     */
    boolean tighten(long key, int m, int lo, int hi, int depth) {
        int s = slot(key, m);
        long e = data[s];
        int l = Math.max(lower(e), lo);
        int h = Math.min(upper(e), hi);
        if (l > h) {
            throw new IllegalStateException("contradictory bounds for key " + key + ": [" + lower(e) + ", "
                    + upper(e) + "] and [" + lo + ", " + hi + "]");
        }
        int d = Math.min(255, Math.max(proofDepth(e), depth));
        data[s] = e & ~0xFFFFL & ~(0xFFL << 40) | (long) d << 40 | (long) (h + 64) << 8 | (l + 64);
        return l != lower(e) || h != upper(e);
    }

    /** Records the best move of {@code key}. */
    void best(long key, int m, int pit) {
        int s = slot(key, m);
        data[s] = data[s] & ~(0xFL << 16) | (long) pit << 16;
    }

    /** Records a heuristic score of {@code key} searched to {@code depth} with its bound type, and its best pit if {@code pit >= 0}. */
    void heuristic(long key, int m, int depth, int type, int score, int pit) {
        int s = slot(key, m);
        long e = data[s] & ~(0xFFFL << 20) & ~(0xFFL << 32);
        if (pit >= 0) {
            e = e & ~(0xFL << 16) | (long) pit << 16;
        }
        data[s] = e | (long) (score + 64) << 32 | (long) type << 28 | (long) Math.min(255, depth) << 20;
    }

    /** Marks {@code key} as read from the analysis store. */
    void consulted(long key, int m) {
        data[slot(key, m)] |= CONSULTED;
    }
}
