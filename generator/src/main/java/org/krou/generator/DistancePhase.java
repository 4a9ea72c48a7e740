package org.krou.generator;

import java.util.Arrays;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Phase 2 of a layer when distances are wanted: the same level-by-level resolution as
 * {@link ResolvePhase}, but breadth-first, so that each position also gets its distance to
 * conversion (DTC): the plies until play leaves the layer (a capture, or the game's end) when
 * both sides keep to value-optimal moves, the side that gains getting there as soon as it can
 * and the other side putting it off as long as it can.
 *
 * <p>At level {@code t} the positions are claimed in rounds of growing distance. A finished game
 * is at distance 0; a position whose best exit realises its value is at distance 1 (the exit
 * itself), and one that must leave the layer now because all its same-layer moves are worse is
 * too. A winner ({@code +t}) reached from a loser ({@code -t}) child at distance {@code d} is at
 * {@code d + 1}, the first such child in breadth-first order being the nearest; a loser becomes
 * resolved when its last same-layer move is known to reach a {@code +t} child, the farthest
 * in breadth-first order, so it is at {@code d + 1} for that last child {@code d} (at least the
 * 1 of its exit). Children worth more than {@code t} are not value-optimal for the loser and
 * were resolved at earlier levels, so they never count. Positions worth 0 get {@link #NONE}.
 */
final class DistancePhase {
    /** The distance stored for positions worth 0 (no progress needed). */
    static final int NONE = 255;
    /** The largest storable distance. */
    static final int MAX = 254;
    private static final long CHUNK = 1 << 16;
    /** The most positions a frontier array holds. */
    static final long MAX_FRONTIER = Integer.MAX_VALUE - 8;

    private DistancePhase() {
    }

    /**
     * Resolves {@code layer} and fills {@code dist}, which must hold 0 for finished games and
     * {@link #NONE} elsewhere on entry (as {@link ExitPhase} leaves it).
     */
    static void run(LayerState layer, ByteBigArray dist, ByteBigArray[] solved, Variant variant, int threads,
                    Progress progress) {
        int n = layer.seeds;
        Frontier[] next = new Frontier[threads];
        Predecessors[] preds = new Predecessors[threads];
        ExitKernel[] kernels = new ExitKernel[threads];
        for (int w = 0; w < threads; w++) {
            next[w] = new Frontier();
            preds[w] = new Predecessors(variant);
            kernels[w] = new ExitKernel(variant, solved);
        }
        for (int t = n; t >= 1; t--) {
            final int level = t;
            // round 0 and 1: finished games (level n only), and the positions whose exit decides
            final byte winCode = StateCodes.pos(level);
            final byte loseCode = StateCodes.zero(-level);
            Parallel.forChunks(threads, layer.size, CHUNK, (w, from, to) -> {
                for (long i = from; i < to; i++) {
                    byte s = layer.state.get(i);
                    boolean win = s == winCode;
                    if ((win || s == loseCode) && layer.atomicState.compareAndSet(i, s, (byte) (win ? level : -level))) {
                        layer.dontCare.set(i);
                        if (dist.get(i) != 0) {
                            dist.set(i, (byte) 1);
                        }
                        next[w].add(i);
                    }
                }
                progress.advance(to - from);
            });
            // round 0 holds the finished games, round 1 the other seeds of the level
            long[] seeds = Frontier.drain(next);
            long zeros = 0;
            for (long p : seeds) {
                if (dist.get(p) == 0) {
                    zeros++;
                }
            }
            long[] frontier = new long[(int) zeros];
            long[] pending = new long[seeds.length - (int) zeros];
            int z = 0;
            int o = 0;
            for (long p : seeds) {
                if (dist.get(p) == 0) {
                    frontier[z++] = p;
                } else {
                    pending[o++] = p;
                }
            }
            int d = 0;
            while (frontier.length > 0 || pending.length > 0) {
                final long[] current = frontier;
                final int childDistance = d + 1;
                Parallel.forChunks(threads, current.length, 1 << 12, (w, from, to) -> {
                    int[] board = new int[12];
                    int[] scratch = new int[12];
                    for (long k = from; k < to; k++) {
                        long p = current[(int) k];
                        boolean won = layer.state.get(p) > 0;
                        PositionIndex.unrank(n, p, board);
                        int m = preds[w].generate(board);
                        long[] ranks = preds[w].ranks();
                        for (int j = 0; j < m; j++) {
                            claim(layer, dist, ranks[j], won, level, childDistance, next[w], kernels[w], scratch);
                        }
                    }
                });
                frontier = Frontier.drain(next);
                if (d == 0 && pending.length > 0) {
                    long[] merged = Arrays.copyOf(pending, pending.length + frontier.length);
                    System.arraycopy(frontier, 0, merged, pending.length, frontier.length);
                    frontier = merged;
                    pending = new long[0];
                }
                d++;
            }
        }
        for (long i = 0; i < layer.size; i++) {
            if (LayerState.unresolved(layer.state.get(i))) {
                dist.set(i, (byte) NONE);
            }
        }
        ResolvePhase.finish(layer, 0, layer.size);
    }

    /**
     * A child of {@code q} at distance {@code d - 1} was resolved at level {@code t}: claims
     * {@code q} as a winner if the child lost, else counts one more move of {@code q} reaching a
     * child worth at least {@code t} (as {@link ResolvePhase} does).
     */
    private static void claim(LayerState layer, ByteBigArray dist, long q, boolean childWon, int t, int d,
                              Frontier out, ExitKernel kernel, int[] scratch) {
        if (d > MAX) {
            throw new IllegalStateException("distance to conversion above " + MAX + " in layer " + layer.seeds
                    + ": the table format stores one byte");
        }
        int exit = StateCodes.UNKNOWN;
        while (true) {
            byte s = layer.state.get(q);
            int x = childWon ? layer.codes.lowerCounter(s, t, exit, q) : StateCodes.claimWin(s, t);
            if (x == StateCodes.NEED_EXIT) {
                PositionIndex.unrank(layer.seeds, q, scratch);
                exit = ExitKernel.best(kernel.evaluate(scratch, layer.seeds));
                continue;
            }
            if (x == StateCodes.UNCHANGED) {
                return;
            }
            if (layer.atomicState.compareAndSet(q, s, (byte) x)) {
                if ((x & StateCodes.EXACT) != 0) {
                    layer.dontCare.set(q);
                }
                if ((x & StateCodes.RESOLVED) != 0) {
                    dist.set(q, (byte) d);
                    out.add(q);
                }
                return;
            }
        }
    }

    /** A growable list of ranks, one per worker. */
    static final class Frontier {
        private long[] items = new long[1024];
        private int size;

        void add(long p) {
            if (size == items.length) {
                items = Arrays.copyOf(items, items.length * 2);
            }
            items[size++] = p;
        }

        static long[] drain(Frontier[] all) {
            long total = 0;
            for (Frontier f : all) {
                total += f.size;
            }
            if (total > MAX_FRONTIER) {
                throw new IllegalStateException("a distance frontier of " + total + " positions: more than an "
                        + "array holds (distance tables are limited to " + Generator.MAX_DTC_SEEDS + " seeds)");
            }
            long[] out = new long[(int) total];
            int at = 0;
            for (Frontier f : all) {
                System.arraycopy(f.items, 0, out, at, f.size);
                at += f.size;
                f.size = 0;
            }
            return out;
        }
    }
}
