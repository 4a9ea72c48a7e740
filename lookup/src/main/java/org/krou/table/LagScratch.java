package org.krou.table;

/**
 * A thread's scratch for the context decoder: the codes decoded (indexed by position, for the
 * look back of the contexts) and a {@link LagRuns} per stream decoded at once. Grown to the
 * largest block seen, then reused: a decode allocates nothing.
 */
final class LagScratch {
    final LagRuns a = new LagRuns();
    final LagRuns b = new LagRuns();
    private int[] codes = new int[0];

    /** The codes array for blocks of {@code m} positions (its length a power of two, at least {@code m}). */
    int[] codes(int m) {
        if (codes.length < m) {
            codes = new int[ContextModel.powerOfTwo(m)];
        }
        return codes;
    }
}
