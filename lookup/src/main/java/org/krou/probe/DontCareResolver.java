package org.krou.probe;

import org.krou.rules.CaptureFilter;
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
        if (CaptureFilter.noCapture(b)) {
            return stored; // nothing to resolve: no capture, and the game goes on
        }
        int mask = captureMoves(variant, layers, ctx, b, n, depth);
        return mask < 0 ? Rules.terminalValue(b, variant) : best(variant, layers, ctx, n, stored, depth, mask);
    }

    /**
     * The true value of {@code b} read from {@code layers}: as {@link #resolve} of its stored
     * value, the look-ups of its captures' children made before its own, so that the memory
     * reads of all of them overlap rather than follow one another.
     */
    static int probe(Variant variant, Layers layers, ProbeContext ctx, int[] b, int n, int depth) {
        if (!layers.dontCare(n) || CaptureFilter.noCapture(b)) {
            return layers.stored(b, n);
        }
        int mask = captureMoves(variant, layers, ctx, b, n, depth);
        int stored = layers.stored(b, n); // read even for a finished game: a damaged block is always refused
        return mask < 0 ? Rules.terminalValue(b, variant) : best(variant, layers, ctx, n, stored, depth, mask);
    }

    /**
     * Plays the moves of {@code b} that may capture into {@code ctx} at {@code depth} and reads
     * the stored value of each capture's child that has no fixed value; returns the mask of the
     * moves played, or -1 if the game is over.
     */
    private static int captureMoves(Variant variant, Layers layers, ProbeContext ctx, int[] b, int n, int depth) {
        int[] ch = ctx.children[depth];
        int[] cap = ctx.captured[depth];
        int mask;
        if (CaptureFilter.everyPitLegal(b, variant)) {
            mask = CaptureFilter.captures(b, variant, ch, cap, ctx.scratch); // the game goes on: only captures matter
        } else {
            mask = Rules.generate(b, variant, ch, cap, ctx.scratch);
            if (mask == 0) {
                return -1;
            }
        }
        int[] child = ctx.boards[depth + 1];
        int[] stored = ctx.stored[depth];
        int fixedMask = 0;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            int c = cap[pit];
            if ((mask & (1 << pit)) == 0 || c == 0) {
                continue;
            }
            System.arraycopy(ch, pit * Rules.PITS, child, 0, Rules.PITS);
            int fixed = Rules.fixedValue(c, child, variant);
            if (fixed != Rules.LOOK_UP) {
                stored[pit] = c - fixed;
                fixedMask |= 1 << pit;
            } else {
                stored[pit] = layers.stored(child, n - c);
            }
        }
        ctx.fixed[depth] = fixedMask;
        return mask;
    }

    /**
     * {@code max(stored, best capture)} over the moves {@link #captureMoves} played: a child read
     * as worth {@code cs} is worth at least that, so its move is worth at most {@code c - cs}.
     * The moves of fixed value count first (nothing to read); then the others by decreasing
     * bound, each resolved only if its bound could raise the best, so that the first resolved
     * is the likeliest best and the rest are mostly cut off without reading their children.
     */
    private static int best(Variant variant, Layers layers, ProbeContext ctx, int n, int stored, int depth,
                            int mask) {
        int[] ch = ctx.children[depth];
        int[] cap = ctx.captured[depth];
        int[] childStored = ctx.stored[depth];
        int fixedMask = ctx.fixed[depth];
        int best = stored;
        int open = 0; // capturing moves whose child is read, not fixed
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) == 0 || cap[pit] == 0) {
                continue;
            }
            if ((fixedMask & (1 << pit)) != 0) {
                best = Math.max(best, cap[pit] - childStored[pit]); // the fixed value, as captureMoves kept it
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
