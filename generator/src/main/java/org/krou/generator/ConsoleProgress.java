package org.krou.generator;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicLong;
import org.krou.index.PositionIndex;
import org.krou.util.Words;

/**
 * Progress on a terminal: about once a second, the layer and its phase, the positions of the
 * whole job done so far, the rate (positions computed per second, reused layers left out) and
 * the estimated time left at that rate. The rate falls somewhat as layers grow, so the estimate
 * is on the short side. Each layer's line gives the wall time of its phases, and
 * {@link #phaseSummary()} where the whole job's time went.
 */
public final class ConsoleProgress implements Progress {
    private final PrintStream out;
    private final int maxSeeds;
    private final long start = System.nanoTime();
    private final AtomicLong done = new AtomicLong();
    private volatile long units = 1;
    private volatile int seeds;
    private volatile String name = "";
    private volatile long doneLayers;
    private volatile long reusedPositions;
    private volatile double reusedSeconds;
    private volatile long lastPrint;
    /** Wall seconds per phase name: of the layer in progress, and of the whole job (computed layers). */
    private final Map<String, Double> layerPhases = new LinkedHashMap<>();
    private final Map<String, Double> jobPhases = new LinkedHashMap<>();
    private long phaseStart;

    /** Reports to {@code out} for a job of layers {@code 0..maxSeeds}. */
    public ConsoleProgress(PrintStream out, int maxSeeds) {
        this.out = out;
        this.maxSeeds = maxSeeds;
    }

    @Override
    public synchronized void phase(int seeds, String name, long units) {
        endPhase();
        phaseStart = System.nanoTime();
        this.seeds = seeds;
        this.name = name;
        this.units = Math.max(1, units);
        done.set(0);
    }

    @Override
    public void advance(long k) {
        long d = done.addAndGet(k);
        long now = System.nanoTime();
        if (now - lastPrint > 1_000_000_000L) {
            synchronized (this) {
                if (now - lastPrint > 1_000_000_000L) {
                    lastPrint = now;
                    print(d);
                }
            }
        }
    }

    private void print(long d) {
        int n = seeds;
        long size = PositionIndex.size(n);
        double fraction = Math.min(1.0, (double) d / units);
        // share of a layer's time spent before and in each phase, roughly as measured
        double layerFraction = switch (name) {
            case "exits" -> 0.35 * fraction;
            case "resolve" -> 0.35 + 0.5 * fraction;
            default -> 0.85 + 0.15 * fraction;
        };
        long total = PositionIndex.cumulativeSize(maxSeeds);
        long done = doneLayers + (long) (size * layerFraction);
        double elapsed = (System.nanoTime() - start) / 1e9;
        double workedNow = elapsed - reusedSeconds;
        double rate = workedNow > 0 ? (done - reusedPositions) / workedNow : 0;
        String eta = rate > 0 && done > reusedPositions ? ", about " + duration((total - done) / rate) + " left" : "";
        out.printf(Locale.ROOT, "  layer %d/%d %-7s %5.1f%% | %,d of %,d positions done | %,.0f positions/s | %s elapsed%s%n",
                n, maxSeeds, name, 100 * fraction, done, total, rate, duration(elapsed), eta);
    }

    @Override
    public void warn(String message) {
        out.println("warning: " + message);
    }

    @Override
    public synchronized void layerDone(int seeds, long positions, double seconds, boolean reused) {
        endPhase();
        doneLayers += positions;
        if (reused) {
            reusedPositions += positions;
            reusedSeconds += seconds;
        } else {
            layerPhases.forEach((k, v) -> jobPhases.merge(k, v, Double::sum));
        }
        out.printf(Locale.ROOT, "layer %2d: %,15d %-9s %s%n", seeds, positions,
                Words.noun(positions, "position", "positions"),
                reused ? "reused from disk" : String.format(Locale.ROOT, "in %6.2f s (%,.0f positions/s)%s",
                        seconds, positions / Math.max(seconds, 1e-9), phases(layerPhases, seconds)));
        layerPhases.clear();
        lastPrint = System.nanoTime();
    }

    /**
     * Where the computed layers' time went, e.g. {@code "exits 31.2 s (34%), resolve 52.0 s
     * (57%), writing 8.1 s (9%)"}; empty if no layer was computed.
     */
    public synchronized String phaseSummary() {
        double total = jobPhases.values().stream().mapToDouble(Double::doubleValue).sum();
        StringJoiner j = new StringJoiner(", ");
        jobPhases.forEach((k, v) -> j.add(String.format(Locale.ROOT, "%s %.1f s (%.0f%%)", k, v, 100 * v / total)));
        return j.toString();
    }

    /** Adds the time since the current phase started to it. */
    private void endPhase() {
        if (!name.isEmpty()) {
            layerPhases.merge(name, (System.nanoTime() - phaseStart) / 1e9, Double::sum);
            name = "";
        }
    }

    /** The phases of a layer of {@code seconds}, if it took long enough for them to mean something. */
    private static String phases(Map<String, Double> phases, double seconds) {
        if (seconds < 1 || phases.isEmpty()) {
            return "";
        }
        StringJoiner j = new StringJoiner(", ", ": ", "");
        phases.forEach((k, v) -> j.add(String.format(Locale.ROOT, "%s %.1f s", k, v)));
        return j.toString();
    }

    static String duration(double s) {
        if (s < 60) {
            return String.format(Locale.ROOT, "%.0fs", s);
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", (long) s / 60, (long) s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", (long) s / 3600, (long) s % 3600 / 60);
    }
}
