package org.krou.generator;

import java.util.concurrent.atomic.AtomicLong;
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
 * <p>Parallel: threads take chunks of the layer and claim and expand their seeds, each with its
 * own {@link Propagator} (the propagation loop the cluster's workers run too).
 */
final class ResolvePhase {
    private static final long CHUNK = 1 << 16;

    private ResolvePhase() {
    }

    /**
     * Resolves {@code layer}, whose codes {@link ExitPhase} set; afterwards {@code layer.state}
     * holds the values and {@code layer.dontCare} the positions worth their best exit.
     *
     * @param solved values of the layers below, to recompute the exits {@link LayerState} does not keep
     */
    static void run(LayerState layer, ByteBigArray[] solved, Variant variant, int threads, Progress progress) {
        run(layer, solved, variant, threads, progress, Propagator.Boards.PACKED);
    }

    /**
     * As {@link #run(LayerState, ByteBigArray[], Variant, int, Progress)}, keeping the boards of
     * stacked positions as {@code boards} says (another way than the packed boards for tests).
     */
    static void run(LayerState layer, ByteBigArray[] solved, Variant variant, int threads, Progress progress,
                    Propagator.Boards boards) {
        int n = layer.seeds;
        Propagator[] workers = new Propagator[threads];
        for (int w = 0; w < threads; w++) {
            workers[w] = Propagator.whole(layer, solved, variant, boards);
        }
        AtomicLong reported = new AtomicLong();
        for (int t = n; t >= 1; t--) {
            final int level = t;
            Parallel.forChunks(threads, layer.size, CHUNK, (worker, from, to) -> {
                Propagator p = workers[worker];
                long before = p.resolvedCount();
                p.seedLevel(level, from, to);
                long units = (to - from) / n + (p.resolvedCount() - before);
                reported.addAndGet(units);
                progress.advance(units);
            });
        }
        Parallel.forChunks(threads, layer.size, CHUNK, (worker, from, to) -> finish(layer, from, to));
        progress.advance(progressUnits(layer) - reported.get()); // the draws, never expanded, and what the scans' shares rounded off
    }

    /**
     * The units of progress of resolving {@code layer}: each level's scan counts a share of one
     * unit a position, and each position resolved (and so expanded) one unit. The expansions are
     * most of the phase's work and fall mostly in the last levels (most values are small): with
     * a unit a level scanned, abapa layer 34 showed 70% done 3 minutes into a 22-minute phase, and
     * the time left of its run fell 32% short.
     */
    static long progressUnits(LayerState layer) {
        return 2 * layer.size;
    }

    /**
     * Sets the positions of {@code [from, to)} left unresolved to 0, marking those whose best
     * exit is 0 as don't-care.
     */
    static void finish(LayerState layer, long from, long to) {
        layer.codes.settleUnresolved(layer.state, from, to, layer.dontCare::set);
    }
}
