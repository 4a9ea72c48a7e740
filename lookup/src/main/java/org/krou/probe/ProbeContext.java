package org.krou.probe;

/** Per-thread scratch of the probe: one set of arrays per recursion depth, so probes allocate nothing. */
final class ProbeContext {
    /** Captures take at least 2 seeds: at most 24 nested captures from 48 seeds. */
    static final int DEPTH = 26;

    final int[][] boards = new int[DEPTH][12];
    final int[][] children = new int[DEPTH][72];
    final int[][] captured = new int[DEPTH][6];
    /** The stored value of each capture's child (for a fixed value v of the move, c - v). */
    final int[][] stored = new int[DEPTH][6];
    /** The captures whose value is fixed by the rules ({@code Rules.fixedValue}), a bit per pit. */
    final int[] fixed = new int[DEPTH];
    final int[] scratch = new int[12];
}
