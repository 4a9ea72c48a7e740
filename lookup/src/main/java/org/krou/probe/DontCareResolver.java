package org.krou.probe;

import org.krou.rules.Moves;
import org.krou.rules.Rules;
import org.krou.rules.Variant;

/**
 * The one resolution of "don't care" entries (see {@code docs/FORMAT.md}): the true value of a
 * position whose stored value is {@code stored} is {@code max(stored, best capture)}, the best
 * capture being the greatest {@code captured - value(child)} over its capturing moves, and a
 * finished game's value is its rule value ({@link Rules#terminalValue}). {@link Tablebase} resolves
 * each probe with it, through the smaller tables (themselves resolved recursively); the generator
 * resolves whole layers with it from the true values of the smaller layers.
 *
 * <p>One instance per thread (it holds scratch arrays); it allocates nothing.
 *
 * <pre>{@code
 * DontCareResolver r = new DontCareResolver(Variant.ABAPA, new DontCareResolver.Layers() {
 *     public int stored(int[] board, int seeds) { return below[seeds].get(PositionIndex.rank(board)); }
 *     public boolean dontCare(int seeds) { return false; } // true values
 * });
 * int v = r.resolve(board, n, storedValue);
 * }</pre>
 */
public final class DontCareResolver {
    /** The stored values of the smaller layers. */
    public interface Layers {
        /** The stored value of mover-relative board {@code board} of {@code seeds} seeds. */
        int stored(int[] board, int seeds);

        /** True if the stored values of layer {@code seeds} may be don't-care entries (lower bounds). */
        boolean dontCare(int seeds);
    }

    private final Variant variant;
    private final Layers layers;
    private final ProbeContext ctx = new ProbeContext();

    /** A resolver reading the children's values from {@code layers}. */
    public DontCareResolver(Variant variant, Layers layers) {
        this.variant = variant;
        this.layers = layers;
    }

    /** The true value of mover-relative board {@code b} of {@code n} seeds whose stored value is {@code stored}. */
    public int resolve(int[] b, int n, int stored) {
        return resolve(variant, layers, ctx, b, n, stored, 0);
    }

    /** As {@link #resolve(int[], int, int)}, with the scratch arrays of {@code ctx} from {@code depth} on. */
    static int resolve(Variant variant, Layers layers, ProbeContext ctx, int[] b, int n, int stored, int depth) {
        int moves = Moves.classify(b, variant, ctx.children[depth], ctx.captured[depth]);
        if (Moves.legal(moves) == 0) {
            return Rules.terminalValue(b, variant);
        }
        int takes = Moves.captures(moves);
        if (takes == 0) {
            return stored; // nothing to resolve: no capture, and the game goes on
        }
        readChildren(variant, layers, ctx, n, depth, takes);
        return best(variant, layers, ctx, n, stored, depth, takes);
    }

    /**
     * The true value of {@code b} read from {@code layers}: as {@link #resolve} of its stored
     * value, the look-ups of its captures' children made before its own, so that the memory
     * reads of all of them overlap rather than follow one another.
     */
    static int probe(Variant variant, Layers layers, ProbeContext ctx, int[] b, int n, int depth) {
        if (!layers.dontCare(n)) {
            return layers.stored(b, n);
        }
        int moves = Moves.classify(b, variant, ctx.children[depth], ctx.captured[depth]);
        int takes = Moves.captures(moves);
        readChildren(variant, layers, ctx, n, depth, takes);
        int stored = layers.stored(b, n); // read even for a finished game: a damaged block is always refused
        if (Moves.legal(moves) == 0) {
            return Rules.terminalValue(b, variant);
        }
        return takes == 0 ? stored : best(variant, layers, ctx, n, stored, depth, takes);
    }

    /**
     * Reads the stored value of the child of each capture of {@code takes} (played by
     * {@link Moves#classify} into {@code ctx} at {@code depth}) that has no fixed value, and
     * keeps {@code c - v} for a capture of fixed value {@code v}.
     */
    private static void readChildren(Variant variant, Layers layers, ProbeContext ctx, int n, int depth, int takes) {
        int[] ch = ctx.children[depth];
        int[] cap = ctx.captured[depth];
        int[] child = ctx.boards[depth + 1];
        int[] stored = ctx.stored[depth];
        int fixedMask = 0;
        for (int rest = takes; rest != 0; rest &= rest - 1) {
            int pit = Integer.numberOfTrailingZeros(rest);
            int c = cap[pit];
            int fixed = Rules.fixedValue(c, ch, pit * Rules.PITS, variant);
            if (fixed != Rules.LOOK_UP) {
                stored[pit] = c - fixed;
                fixedMask |= 1 << pit;
            } else {
                System.arraycopy(ch, pit * Rules.PITS, child, 0, Rules.PITS);
                stored[pit] = layers.stored(child, n - c);
            }
        }
        ctx.fixed[depth] = fixedMask;
    }

    /**
     * {@code max(stored, best capture)} over the captures {@code takes} ({@link #readChildren}): a child read
     * as worth {@code cs} is worth at least that, so its move is worth at most {@code c - cs}.
     * The moves of fixed value count first (nothing to read); then the others by decreasing
     * bound, each resolved only if its bound could raise the best, so that the first resolved
     * is the likeliest best and the rest are mostly cut off without reading their children.
     */
    private static int best(Variant variant, Layers layers, ProbeContext ctx, int n, int stored, int depth,
                            int takes) {
        int[] ch = ctx.children[depth];
        int[] cap = ctx.captured[depth];
        int[] childStored = ctx.stored[depth];
        int fixedMask = ctx.fixed[depth];
        int best = stored;
        int open = 0; // capturing moves whose child is read, not fixed
        for (int rest = takes; rest != 0; rest &= rest - 1) {
            int pit = Integer.numberOfTrailingZeros(rest);
            if ((fixedMask & (1 << pit)) != 0) {
                best = Math.max(best, cap[pit] - childStored[pit]); // the fixed value, as readChildren kept it
            } else {
                open |= 1 << pit;
            }
        }
        int[] child = ctx.boards[depth + 1];
        while (open != 0 && best < n) {
            int pit = -1;
            int bound = Integer.MIN_VALUE;
            for (int rest = open; rest != 0; rest &= rest - 1) {
                int p = Integer.numberOfTrailingZeros(rest);
                int b = cap[p] - childStored[p];
                if (b > bound) {
                    bound = b;
                    pit = p;
                }
            }
            if (bound <= best) {
                break; // no other move can raise it: each is worth at most its bound
            }
            open &= ~(1 << pit);
            int c = cap[pit];
            int cv = childStored[pit];
            if (layers.dontCare(n - c)) {
                System.arraycopy(ch, pit * Rules.PITS, child, 0, Rules.PITS);
                cv = resolve(variant, layers, ctx, child, n - c, cv, depth + 1);
            }
            best = Math.max(best, c - cv);
        }
        return best;
    }
}
