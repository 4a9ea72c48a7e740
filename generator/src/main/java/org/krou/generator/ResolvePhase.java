package org.krou.generator;

import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Phase 2 of a layer: resolves the values inside the layer, largest magnitude first, by walking
 * predecessors.
 *
 * <p>For a threshold {@code t} from {@code n} down to 1, let {@code G_t} be the positions worth at
 * least {@code t} and {@code B_t} those worth at most {@code -t}. They are the least sets with
 * <ul>
 *   <li>{@code p} in {@code G_t} if its best exit is at least {@code t} or one of its same-layer
 *       moves reaches a child in {@code B_t};</li>
 *   <li>{@code p} in {@code B_t} if its best exit is at most {@code -t} and every same-layer move
 *       reaches a child in {@code G_t}.</li>
 * </ul>
 * (Endless play is worth 0, so holding {@code t > 0} means forcing a capture in finite time: a
 * reachability game, whose winning region is the least fixed point.) Both sets only grow as
 * {@code t} falls, so each level starts from the previous one: the new members of level
 * {@code t} are worth exactly {@code +t} or {@code -t}. Seeds of the level are the positions
 * whose exit is exactly {@code t}, and those with exit exactly {@code -t} whose counter already
 * reached zero; from each new member the predecessors are generated: a {@code -t} member makes
 * every unresolved predecessor {@code +t}; a {@code +t} member lowers each unresolved
 * predecessor's counter, and a predecessor whose counter reaches zero while its exit is at most
 * {@code -t} becomes {@code -t} (otherwise it waits for the level of its exit). What is left
 * unresolved after level 1 is worth 0. Every position is expanded at most once: the phase is
 * linear in the number of moves of the layer.
 *
 * <p>The exits and counters live in the state byte ({@link StateCodes}): the seeds of level
 * {@code t} are the {@code pos(t)} and {@code zero(-t)} codes, so each level reads one byte per
 * position; an exit the code does not keep is recomputed ({@link ExitKernel}) when its counter
 * reaches zero. Each position worth its best exit is marked in {@code layer.dontCare} by the
 * thread that resolves it.
 *
 * <p>Parallel: threads take chunks of the layer, claim seeds with a compare-and-set on the state
 * byte, and follow the claims on a private stack, expanding {@value #BATCH} stacked positions at
 * a time so that the cache misses of their predecessors overlap (seeds are stacked until a batch
 * is full: draining each seed alone left most batches nearly empty); counters are lowered with
 * compare-and-set loops, so each position is resolved by exactly one thread.
 */
final class ResolvePhase {
    private static final long CHUNK = 1 << 16;
    /** Stack mark: the board is not packed (too many seeds); unrank it. */
    private static final long UNPACKED = -1;
    /** Stack mark: a seed of the level, whose board is the scan's cursor. */
    private static final long CURSOR = -2;
    /**
     * A seed this close after the cursor is reached by stepping the cursor
     * ({@link PositionIndex#next}, a few additions a step) rather than unranked (eleven
     * dependent table look-ups).
     */
    private static final long STEPS = 48;
    /** Positions expanded together, so that the cache misses of their predecessors overlap. */
    private static final int BATCH = 16;
    /** A one in each byte of a long. */
    private static final long ONES = 0x0101010101010101L;

    /** True if a byte of {@code x} is zero (exact: no false positives, no misses). */
    static boolean hasZeroByte(long x) {
        return ((x - ONES) & ~x & (ONES << 7)) != 0;
    }

    private ResolvePhase() {
    }

    /**
     * Resolves {@code layer}, whose codes {@link ExitPhase} set; afterwards {@code layer.state}
     * holds the values and {@code layer.dontCare} the positions worth their best exit.
     *
     * @param solved values of the layers below, to recompute the exits {@link LayerState} does not keep
     */
    static void run(LayerState layer, ByteBigArray[] solved, Variant variant, int threads, Progress progress) {
        int n = layer.seeds;
        Worker[] workers = new Worker[threads];
        for (int w = 0; w < threads; w++) {
            workers[w] = new Worker(layer, solved, variant);
        }
        for (int t = n; t >= 1; t--) {
            final int level = t;
            Parallel.forChunks(threads, layer.size, CHUNK, (worker, from, to) -> {
                workers[worker].seedLevel(level, from, to);
                progress.advance(to - from);
            });
        }
        Parallel.forChunks(threads, layer.size, CHUNK, (worker, from, to) -> finish(layer, from, to));
    }

    /**
     * Sets the positions of {@code [from, to)} left unresolved to 0, marking those whose best
     * exit is 0 as don't-care.
     */
    static void finish(LayerState layer, long from, long to) {
        layer.codes.settleUnresolved(layer.state, from, to, layer.dontCare::set);
    }

    /** One thread's scratch: the predecessor generator, the exit kernel, the stack and the batch's predecessors. */
    private static final class Worker {
        private final LayerState layer;
        private final ByteBigArray state;
        private final AtomicBytes atomicState;
        private final Predecessors pred;
        private final ExitKernel kernel;
        private final StateCodes codes;
        private final int[] board = new int[12];
        private final int[] scratch = new int[12];
        /** The board of rank {@link #cursorRank} of the layer, or any board if that is -1. */
        private final int[] cursor = new int[12];
        private long cursorRank = -1;
        /** The predecessors of a batch: rank, packed board, whether the position they lead to is won, state read. */
        private final long[] ranks = new long[BATCH * Predecessors.MAX];
        private final long[] boards = new long[BATCH * Predecessors.MAX];
        private final boolean[] wonBy = new boolean[BATCH * Predecessors.MAX];
        private final byte[] seen = new byte[BATCH * Predecessors.MAX];
        private final boolean packable;
        private long[] stack = new long[1 << 12];
        private int top;

        Worker(LayerState layer, ByteBigArray[] solved, Variant variant) {
            this.layer = layer;
            this.state = layer.state;
            this.atomicState = layer.atomicState;
            this.pred = new Predecessors(variant);
            this.kernel = new ExitKernel(variant, solved);
            this.codes = layer.codes;
            this.packable = layer.seeds <= Predecessors.PACKABLE;
        }

        /**
         * Claims and expands the seeds of level {@code t} in {@code [from, to)}: eight state
         * bytes are tested at once ({@link #hasZeroByte}), and only the words holding a seed are
         * looked at byte by byte. The seeds of a level are fixed when it starts (resolution makes no new
         * {@code pos(t)} or {@code zero(-t)} code during level {@code t}), so a word read while
         * the other threads write is still a true list of candidates; each is claimed with a
         * compare-and-set. Packed seeds are stacked until a whole batch is ready, so that their
         * predecessors' cache misses overlap too.
         */
        void seedLevel(int t, long from, long to) {
            byte win = StateCodes.pos(t);
            byte lose = StateCodes.zero(-t);
            long wins = (win & 0xFFL) * ONES;
            long loses = (lose & 0xFFL) * ONES;
            cursorRank = -1;
            long i = from;
            for (; i < to && (i & 7) != 0; i++) {
                seed(t, i, win, lose);
            }
            for (; i + 8 <= to; i += 8) {
                long word = state.getLong(i);
                if (hasZeroByte(word ^ wins) || hasZeroByte(word ^ loses)) {
                    for (int k = 0; k < 8; k++) {
                        seed(t, i + k, win, lose);
                    }
                }
            }
            for (; i < to; i++) {
                seed(t, i, win, lose);
            }
            drain(t, 1);
        }

        /** Claims position {@code i} if it is a seed of level {@code t} and stacks it. */
        private void seed(int t, long i, byte win, byte lose) {
            byte s = state.get(i);
            if (s != win && s != lose) {
                return;
            }
            // these codes change only by being resolved: if another thread resolved the
            // position meanwhile, the compare-and-set fails and it is no seed any more
            if (atomicState.compareAndSet(i, s, (byte) (s == win ? t : -t))) {
                layer.dontCare.set(i);
                moveCursor(i);
                if (packable) {
                    push(i, Predecessors.pack(cursor));
                    drain(t, BATCH);
                } else {
                    push(i, CURSOR);
                    drain(t, 1);
                }
            }
        }

        /**
         * Expands the stacked positions while at least {@code least} are stacked (1: until none
         * is left): a batch of up to {@link #BATCH} of them at a time, whose predecessors are
         * generated first, then read with plain loads (the cache misses of the whole batch
         * overlap), then updated (the locked updates hit the cache; a locked update would
         * serialise the misses). The order of the updates does not matter: each level's sets are
         * least fixed points.
         */
        private void drain(int t, int least) {
            while (top >= 2 * least) {
                int m = 0;
                for (int popped = 0; top > 0 && popped < BATCH; popped++) {
                    top -= 2;
                    long p = stack[top];
                    long packedBoard = stack[top + 1];
                    boolean won = state.get(p) > 0;
                    if (packedBoard == CURSOR) {
                        System.arraycopy(cursor, 0, board, 0, 12);
                    } else if (packedBoard == UNPACKED) {
                        PositionIndex.unrank(layer.seeds, p, board);
                    } else {
                        Predecessors.unpack(packedBoard, board);
                    }
                    int k = pred.generate(board, ranks, boards, m);
                    java.util.Arrays.fill(wonBy, m, m + k, won);
                    m += k;
                }
                for (int j = 0; j < m; j++) {
                    seen[j] = state.get(ranks[j]);
                }
                for (int j = 0; j < m; j++) {
                    if (!LayerState.unresolved(seen[j])) {
                        continue; // resolved positions never change again
                    }
                    long q = ranks[j];
                    long qb = packable ? boards[j] : UNPACKED;
                    if (wonBy[j]) {
                        lowerCounter(q, qb, t);
                    } else {
                        claimWinner(q, qb, t);
                    }
                }
            }
        }

        /** A child of {@code q} is worth {@code -t}: {@code q} is worth {@code +t} unless resolved. */
        private void claimWinner(long q, long qb, int t) {
            while (true) {
                byte s = state.get(q);
                int x = StateCodes.claimWin(s, t);
                if (x == StateCodes.UNCHANGED) {
                    return;
                }
                if (atomicState.compareAndSet(q, s, (byte) x)) {
                    resolved(q, qb, x);
                    return;
                }
            }
        }

        /** One more move of {@code q} reaches a child worth at least {@code t}. */
        private void lowerCounter(long q, long qb, int t) {
            int exit = StateCodes.UNKNOWN;
            while (true) {
                byte s = state.get(q);
                int x = codes.lowerCounter(s, t, exit, q);
                if (x == StateCodes.NEED_EXIT) {
                    exit = exitOf(q, qb);
                    continue;
                }
                if (x == StateCodes.UNCHANGED) {
                    return;
                }
                if (atomicState.compareAndSet(q, s, (byte) x)) {
                    resolved(q, qb, x);
                    return;
                }
            }
        }

        /** After transition {@code x} of {@code q}: marks it don't-care and stacks it as {@code x} says. */
        private void resolved(long q, long qb, int x) {
            if ((x & StateCodes.EXACT) != 0) {
                layer.dontCare.set(q);
            }
            if ((x & StateCodes.RESOLVED) != 0) {
                push(q, qb);
            }
        }

        /** The best exit of {@code q}, computed again (its code does not keep it). */
        private int exitOf(long q, long qb) {
            if (qb == UNPACKED) {
                PositionIndex.unrank(layer.seeds, q, scratch);
            } else {
                Predecessors.unpack(qb, scratch);
            }
            return ExitKernel.best(kernel.evaluate(scratch, layer.seeds));
        }

        /** Sets the cursor to the board of rank {@code r}, stepping it there if it is a little behind. */
        private void moveCursor(long r) {
            if (cursorRank >= 0 && r > cursorRank && r - cursorRank <= STEPS) {
                for (long k = cursorRank; k < r; k++) {
                    PositionIndex.next(cursor);
                }
            } else {
                PositionIndex.unrank(layer.seeds, r, cursor);
            }
            cursorRank = r;
        }

        /** Pushes a position: its rank and its packed board, or {@link #UNPACKED}. */
        private void push(long p, long packedBoard) {
            if (top == stack.length) {
                stack = java.util.Arrays.copyOf(stack, stack.length * 2);
            }
            stack[top++] = p;
            stack[top++] = packedBoard;
        }
    }
}
