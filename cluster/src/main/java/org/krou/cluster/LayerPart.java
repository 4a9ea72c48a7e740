package org.krou.cluster;

import java.util.Arrays;
import org.krou.generator.ExitKernel;
import org.krou.generator.Predecessors;
import org.krou.generator.StateCodes;
import org.krou.generator.table.ExitSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;
import org.krou.util.Parallel;

/**
 * One worker's share of the layer being solved: the state byte ({@link StateCodes}) and the
 * don't-care bit of each owned position, and the single-machine propagation of
 * {@code ResolvePhase} run on them. Updates of positions owned elsewhere go to the
 * {@link Outbox}; those received are {@link #apply applied} as if found locally. Each expansion
 * takes the threshold from the value of the position it expands ({@code ±t}), so updates of a
 * level may arrive before this worker starts the level. Single-threaded (the exits are
 * parallel); allocation-free per position.
 *
 * <pre>{@code
 * LayerPart part = new LayerPart(variant, blocks, n, below);
 * part.exits(threads);
 * part.startLevel(t); while (part.scan(4096) | part.expand(256)) { }
 * part.finish();
 * }</pre>
 */
final class LayerPart {
    final int seeds;
    final Blocks blocks;
    final ByteBigArray state;
    /** Don't-care bits, eight local positions a byte. */
    final ByteBigArray dontCare;
    private final Variant variant;
    private final ByteBigArray[] below;
    private final StateCodes codes;
    private final Predecessors pred;
    private final ExitKernel kernel;
    private final int[] board = new int[12];
    private final int[] scratch = new int[12];
    private final long localSize;
    private long[] stack = new long[1 << 10];
    private int top;
    private int level;
    private long scanned;
    private Outbox out;

    LayerPart(Variant variant, Blocks blocks, int seeds, ByteBigArray[] below) {
        this.variant = variant;
        this.blocks = blocks;
        this.seeds = seeds;
        this.below = below;
        this.codes = new StateCodes(seeds);
        this.pred = new Predecessors(variant);
        this.kernel = new ExitKernel(variant, below);
        this.localSize = blocks.localSize();
        this.state = new ByteBigArray(localSize);
        this.dontCare = new ByteBigArray((localSize + 7) >>> 3);
    }

    /** Where updates of positions owned elsewhere go. */
    void outbox(Outbox o) {
        this.out = o;
    }

    /** Phase 1 over the owned blocks: each position's best exit and same-layer move count. */
    void exits(int threads) {
        int[][] boards = new int[threads][12];
        ExitKernel[] kernels = new ExitKernel[threads];
        for (int w = 0; w < threads; w++) {
            kernels[w] = new ExitKernel(variant, below);
        }
        Parallel.forChunks(threads, blocks.ownedBlocks(), 1, (w, from, to) -> {
            int[] b = boards[w];
            ExitKernel k = kernels[w];
            for (long i = from; i < to; i++) {
                long first = blocks.blockStart(i);
                int len = blocks.blockLength(i);
                long local = i * blocks.blockSize;
                PositionIndex.unrank(seeds, first, b);
                for (int j = 0; j < len; j++) {
                    int r = k.evaluate(b, seeds);
                    state.set(local + j, codes.initial(ExitKernel.same(r), ExitKernel.best(r)));
                    if (j + 1 < len) {
                        PositionIndex.next(b);
                    }
                }
            }
        });
    }

    /** Starts threshold {@code t}: its seeds are scanned by {@link #scan}. */
    void startLevel(int t) {
        level = t;
        scanned = 0;
    }

    /** The threshold under way. */
    int level() {
        return level;
    }

    /** True once the seeds of the current level are all claimed and nothing is left to expand. */
    boolean quiet() {
        return scanned >= localSize && top == 0;
    }

    /** Claims the seeds among the next {@code max} positions; false if the scan is over. */
    boolean scan(int max) {
        if (scanned >= localSize || level == 0) {
            return false;
        }
        byte win = StateCodes.pos(level);
        byte lose = StateCodes.zero(-level);
        long end = Math.min(localSize, scanned + max);
        for (long l = scanned; l < end; l++) {
            byte s = state.get(l);
            if (s == win || s == lose) {
                state.set(l, (byte) (s == win ? level : -level));
                setDontCare(l);
                push(blocks.global(l));
            }
        }
        scanned = end;
        return true;
    }

    /** Expands up to {@code max} resolved positions; false if none was waiting. */
    boolean expand(int max) {
        if (top == 0) {
            return false;
        }
        for (int i = 0; i < max && top > 0; i++) {
            long p = stack[--top];
            byte v = state.get(blocks.local(p));
            boolean won = v > 0;
            int t = won ? v : -v;
            PositionIndex.unrank(seeds, p, board);
            int k = pred.generate(board);
            long[] ranks = pred.ranks();
            for (int j = 0; j < k; j++) {
                long q = ranks[j];
                int owner = blocks.owner(q);
                if (owner == blocks.self) {
                    update(q, won, t);
                } else {
                    out.add(owner, q, won, t);
                }
            }
        }
        return true;
    }

    /** Applies a batch of updates (after its {@code UPDATES, epoch} header). */
    void apply(Wire.In in) {
        int t = (int) in.varint();
        long rank = 0;
        while (in.more()) {
            long x = in.varint();
            rank += x >>> 1;
            update(rank, (x & 1) != 0, t);
        }
    }

    /**
     * An owned predecessor {@code q} has a child worth {@code +t} ({@code lower}: one counted
     * move less) or {@code -t} (it wins, {@code +t}, unless resolved).
     */
    private void update(long q, boolean lower, int t) {
        long l = blocks.local(q);
        byte s = state.get(l);
        if (!StateCodes.unresolved(s)) {
            return; // resolved positions never change again
        }
        if (!lower) {
            state.set(l, (byte) t);
            if (s == StateCodes.pos(t)) {
                setDontCare(l); // its best exit is +t too
            }
            push(q);
            return;
        }
        int c = codes.counter(s);
        if (c < 0) {
            return; // a positive exit: never negative, its counter is not kept
        }
        if (c == 0) {
            throw new IllegalStateException("counter underflow at position " + q + " of layer " + seeds
                    + ": predecessor and move counts disagree");
        }
        if (c > 1) {
            state.set(l, codes.lowered(s));
            return;
        }
        int e = codes.exit(s);
        if (e == StateCodes.UNKNOWN) {
            PositionIndex.unrank(seeds, q, scratch);
            e = ExitKernel.best(kernel.evaluate(scratch, seeds));
        }
        if (e <= -t) {
            state.set(l, (byte) -t);
            if (e == -t) {
                setDontCare(l);
            }
            push(q);
        } else {
            state.set(l, StateCodes.zero(e));
        }
    }

    /** Sets the positions left unresolved to 0, marking those whose best exit is 0 as don't-care. */
    void finish() {
        for (long l = 0; l < localSize; l++) {
            byte s = state.get(l);
            if (StateCodes.unresolved(s)) {
                if (codes.exit(s) == 0) {
                    setDontCare(l);
                }
                state.set(l, (byte) 0);
            }
        }
    }

    /**
     * The exits of the owned positions as the table writer needs them, once settled: the value
     * where it equals the best exit (don't care), else none.
     */
    ExitSource exits() {
        return new ExitSource() {
            @Override
            public long length() {
                return localSize;
            }

            @Override
            public void copyTo(long first, byte[] dst, int off, int len) {
                state.copyTo(first, dst, off, len);
                for (int i = 0; i < len; i++) {
                    if (!dontCare(first + i)) {
                        dst[off + i] = StateCodes.NO_EXIT;
                    }
                }
            }
        };
    }

    /** True if local position {@code l} is worth its best exit. */
    boolean dontCare(long l) {
        return (dontCare.get(l >>> 3) & 1 << (l & 7)) != 0;
    }

    private void setDontCare(long l) {
        long i = l >>> 3;
        dontCare.set(i, (byte) (dontCare.get(i) | 1 << (l & 7)));
    }

    private void push(long rank) {
        if (top == stack.length) {
            stack = Arrays.copyOf(stack, stack.length * 2);
        }
        stack[top++] = rank;
    }
}
