package org.krou.generator;

import java.util.ArrayList;
import java.util.List;
import org.krou.index.PositionIndex;

/**
 * The time a generation of layers {@code 0..maxSeeds} has left, from the layers it computed.
 * Layer {@code k} is modelled as taking {@code size(k) * (a + b k)} seconds: a cost a position
 * that grows with the seeds (the resolve phase makes one threshold level a seed, and the larger
 * layers miss the caches more). {@code a} and {@code b} are fitted by least squares to the per
 * position time of the computed layers of at least {@link #MIN_POSITIONS} positions (where the
 * JIT's warm-up and the fixed costs of a layer no longer dominate), each weighted by its
 * positions, so that the largest layers, which are most like the ones to come, count most; with
 * fewer than two such layers the cost is the mean over all computed layers. {@code b} is kept at
 * least 0: a cost that falls with the seeds is an artefact of the small layers, and projecting it
 * to the large ones would promise too little.
 *
 * <p>The layer in progress: its share done is read from its phases, weighted by the shares of
 * time the phases took in the computed layers (or by {@link #DEFAULT_SHARES} before there are
 * any).
 *
 * <pre>{@code
 * JobEstimate e = new JobEstimate(32);
 * e.layerDone(20, PositionIndex.size(20), 41.0);
 * e.phaseDone("exits", 12.0); e.phaseDone("resolve", 25.0); e.phaseDone("writing", 4.0);
 * double left = e.secondsLeft(21, "resolve", 0.5);
 * }</pre>
 */
final class JobEstimate {
    /** Layers smaller than this are left out of the fit. */
    static final long MIN_POSITIONS = 1_000_000;
    /**
     * The phases' shares of a layer's time before a layer was computed (exits, resolve, writing,
     * and mapping the layer when the memory plan maps it), as measured at 30 seeds.
     */
    static final double[] DEFAULT_SHARES = {0.30, 0.62, 0.08, 0};
    private static final String[] PHASES = {"exits", "resolve", "writing", "mapping"};

    private final int maxSeeds;
    private final List<double[]> layers = new ArrayList<>(); // {k, positions, seconds}
    /** The layers a resumed job reads back instead of computing; null: none. */
    private boolean[] reused;
    private final double[] phaseSeconds = new double[PHASES.length];

    JobEstimate(int maxSeeds) {
        this.maxSeeds = maxSeeds;
    }

    /**
     * The job reads back the layers {@code k} with {@code reused[k]} instead of computing them:
     * they are left out of the time left (the time to read them is not estimated).
     */
    void reusing(boolean[] reused) {
        this.reused = reused.clone();
    }

    private boolean isReused(int k) {
        return reused != null && k < reused.length && reused[k];
    }

    /** Layer {@code k} of {@code positions} was computed in {@code seconds}. */
    void layerDone(int k, long positions, double seconds) {
        layers.add(new double[] {k, positions, seconds});
    }

    /** A phase of a computed layer took {@code seconds} (phases other than those of {@link #DEFAULT_SHARES} are left out). */
    void phaseDone(String phase, double seconds) {
        int i = indexOf(phase);
        if (i >= 0) {
            phaseSeconds[i] += seconds;
        }
    }

    /**
     * True once the computed layers hold {@link #MIN_POSITIONS} positions: before, their time is
     * mostly the JVM's warm-up and a layer's fixed costs, and an estimate from it would be
     * absurd.
     */
    boolean ready() {
        double positions = 0;
        for (double[] l : layers) {
            positions += l[1];
        }
        return positions >= MIN_POSITIONS;
    }

    /** Seconds a position of layer {@code k} is expected to take. */
    double perPosition(int k) {
        double sw = 0;
        double swx = 0;
        double swy = 0;
        double swxx = 0;
        double swxy = 0;
        int fitted = 0;
        double seconds = 0;
        double positions = 0;
        for (double[] l : layers) {
            seconds += l[2];
            positions += l[1];
            if (l[1] < MIN_POSITIONS) {
                continue;
            }
            double w = l[1];
            double x = l[0];
            double y = l[2] / l[1];
            sw += w;
            swx += w * x;
            swy += w * y;
            swxx += w * x * x;
            swxy += w * x * y;
            fitted++;
        }
        if (fitted < 2) {
            return positions > 0 ? seconds / positions : 0;
        }
        double det = sw * swxx - swx * swx;
        double b = det > 0 ? Math.max(0, (sw * swxy - swx * swy) / det) : 0;
        double a = (swy - b * swx) / sw; // the weighted line through the weighted means
        return Math.max(a + b * k, Double.MIN_NORMAL);
    }

    /**
     * Seconds left in the job while layer {@code n} is in phase {@code phase}, {@code fraction}
     * of it done; layers above {@code n} are still to compute, but for those {@link #reusing}
     * named.
     */
    double secondsLeft(int n, String phase, double fraction) {
        return secondsLeft(n, phase, fraction, 0);
    }

    /**
     * As {@link #secondsLeft(int, String, double)}, layer {@code n} having run for
     * {@code layerSeconds} so far: once a twentieth of it is done, its own pace
     * ({@code layerSeconds} over the share done) counts for that share of its time and the
     * model for the rest. The model comes from other layers (and, in a resumed run, from an
     * earlier run's log), which the machine's speed today may not match.
     */
    double secondsLeft(int n, String phase, double fraction, double layerSeconds) {
        double f = layerFraction(phase, fraction);
        double layer = PositionIndex.size(n) * perPosition(n);
        if (f >= 0.05 && layerSeconds > 0) {
            layer = layerSeconds + (1 - f) * layer; // its pace, layerSeconds / f, weighted f; the model 1 - f
        }
        double left = isReused(n) ? 0 : layer * (1 - f);
        for (int k = n + 1; k <= maxSeeds; k++) {
            if (!isReused(k)) {
                left += PositionIndex.size(k) * perPosition(k);
            }
        }
        return left;
    }

    /** The share of a layer done when {@code phase} is {@code fraction} done. */
    double layerFraction(String phase, double fraction) {
        double[] shares = shares();
        int i = indexOf(phase);
        if (i < 0) {
            return 0; // reading or mapping finished layers, before the exits
        }
        double before = 0;
        for (int j = 0; j < i; j++) {
            before += shares[j];
        }
        return before + shares[i] * Math.min(1, Math.max(0, fraction));
    }

    private double[] shares() {
        double total = 0;
        for (double s : phaseSeconds) {
            total += s;
        }
        if (total <= 0) {
            return DEFAULT_SHARES;
        }
        double[] shares = new double[PHASES.length];
        for (int i = 0; i < PHASES.length; i++) {
            shares[i] = phaseSeconds[i] / total;
        }
        return shares;
    }

    private static int indexOf(String phase) {
        for (int i = 0; i < PHASES.length; i++) {
            if (PHASES[i].equals(phase)) {
                return i;
            }
        }
        return -1;
    }
}
