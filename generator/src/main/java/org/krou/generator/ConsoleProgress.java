package org.krou.generator;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.krou.index.PositionIndex;

/**
 * Progress on a terminal: about once a second, the layer, the phase, positions done, the rate
 * and the estimated time left for the whole job (from the rate so far, scaled by the positions
 * of the layers still to do).
 */
public final class ConsoleProgress implements Progress {
    private final PrintStream out;
    private final int maxSeeds;
    private final long start = System.nanoTime();
    private final AtomicLong done = new AtomicLong();
    private volatile long units = 1;
    private volatile int seeds;
    private volatile String name = "";
    private volatile long workedPositions;
    private volatile double workedSeconds;
    private volatile long lastPrint;

    /** Reports to {@code out} for a job of layers {@code 0..maxSeeds}. */
    public ConsoleProgress(PrintStream out, int maxSeeds) {
        this.out = out;
        this.maxSeeds = maxSeeds;
    }

    @Override
    public void phase(int seeds, String name, long units) {
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
        double elapsed = (System.nanoTime() - start) / 1e9;
        String eta = "";
        if (workedPositions > 0 && workedSeconds > 0.5) {
            double rate = workedPositions / workedSeconds;
            double left = size * (1 - fraction);
            for (int k = n + 1; k <= maxSeeds; k++) {
                left += PositionIndex.size(k);
            }
            eta = ", about " + duration(left / rate) + " left";
        }
        out.printf(Locale.ROOT, "  layer %d/%d %-8s %5.1f%% of %,d positions, %s elapsed%s%n",
                n, maxSeeds, name, 100 * fraction, size, duration(elapsed), eta);
    }

    @Override
    public void warn(String message) {
        out.println("warning: " + message);
    }

    @Override
    public void layerDone(int seeds, long positions, double seconds, boolean reused) {
        if (!reused) {
            workedPositions += positions;
            workedSeconds += seconds;
        }
        out.printf(Locale.ROOT, "layer %2d: %,15d positions %s%n", seeds, positions,
                reused ? "reused from disk" : String.format(Locale.ROOT, "in %6.2f s (%,.0f positions/s)",
                        seconds, positions / Math.max(seconds, 1e-9)));
        lastPrint = System.nanoTime();
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
