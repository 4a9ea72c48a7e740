package org.krou.engine;

/**
 * How much an analysis may search: whichever of the depth, the node count and the time runs out
 * first ends it. The first iteration (depth 1) always completes.
 *
 * <pre>{@code
 * Limits.ofSeconds(10);                 // ten seconds
 * Limits.ofNodes(5_000_000);            // five million nodes
 * Limits.ofDepth(12).withSeconds(30);   // twelve plies, at most thirty seconds
 * }</pre>
 *
 * @param depth   the deepest iteration in plies, 1..{@link #MAX_DEPTH}
 * @param nodes   the most nodes, at least 1
 * @param seconds the most time in seconds, more than 0
 */
public record Limits(int depth, long nodes, double seconds) {
    /** The deepest search possible. */
    public static final int MAX_DEPTH = Search.MAX_PLY - 2;
    /** No bound on nodes or time. */
    public static final Limits NONE = new Limits(MAX_DEPTH, Long.MAX_VALUE, Double.POSITIVE_INFINITY);

    /**
     * Validates.
     *
     * @throws IllegalArgumentException naming the limit out of range
     */
    public Limits {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth " + depth + ": expected 1.." + MAX_DEPTH + " plies");
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes " + nodes + ": expected at least 1");
        }
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("time " + seconds + " s: expected more than 0 seconds");
        }
    }

    /** At most {@code s} seconds. */
    public static Limits ofSeconds(double s) {
        return NONE.withSeconds(s);
    }

    /** At most {@code n} nodes. */
    public static Limits ofNodes(long n) {
        return NONE.withNodes(n);
    }

    /** At most {@code d} plies. */
    public static Limits ofDepth(int d) {
        return NONE.withDepth(d);
    }

    /** The same with a time limit. */
    public Limits withSeconds(double s) {
        return new Limits(depth, nodes, s);
    }

    /** The same with a node limit. */
    public Limits withNodes(long n) {
        return new Limits(depth, n, seconds);
    }

    /** The same with a depth limit. */
    public Limits withDepth(int d) {
        return new Limits(d, nodes, seconds);
    }
}
