package org.krou.generator;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.krou.index.PositionIndex;
import org.krou.util.Words;

/**
 * Progress on a terminal: about once a second, the layer and its phase, the positions of the
 * whole job done so far, the rate (positions computed per second, reused layers left out) and
 * the estimated time left ({@link JobEstimate}: a cost a position fitted to the layers computed
 * so far and projected to the larger ones). Each layer's line gives the wall time of its phases,
 * and {@link #phaseSummary()} where the whole job's time went. With {@link #logTo}, each layer's
 * line also goes to a log file, with the date and the estimate of the time left; a resumed run
 * reads the times that log recorded for the layers it reuses ({@link RunHistory}), so that its
 * estimate starts from them.
 */
public final class ConsoleProgress implements Progress {
    private final PrintStream out;
    private final int maxSeeds;
    private final LongSupplier clock;
    private final long start;
    private final JobEstimate estimate;
    private Path log;
    private boolean logStarted;
    private RunHistory history = RunHistory.empty();
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
        this(out, maxSeeds, System::nanoTime);
    }

    /** As {@link #ConsoleProgress(PrintStream, int)}, reading the time in nanoseconds from {@code clock}. */
    ConsoleProgress(PrintStream out, int maxSeeds, LongSupplier clock) {
        this.out = out;
        this.maxSeeds = maxSeeds;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.estimate = new JobEstimate(maxSeeds);
    }

    /**
     * Appends a line a layer to {@code file} (created if missing; a line of its own, written with
     * the first layer's, marks the start of each run, so that a run refused before its first
     * layer leaves nothing), e.g. beside the tables, so that a run of hours leaves its record.
     * The layers the file already records as computed inform the time left when this run
     * reuses them.
     */
    public synchronized ConsoleProgress logTo(Path file) {
        this.log = file;
        try {
            history = RunHistory.read(file);
        } catch (IOException e) {
            out.println("warning: could not read the log " + file + " (" + e.getMessage()
                    + "); the time left is shown once a layer is computed");
        }
        return this;
    }

    @Override
    public synchronized void phase(int seeds, String name, long units) {
        endPhase();
        phaseStart = clock.getAsLong();
        this.seeds = seeds;
        this.name = name;
        this.units = Math.max(1, units);
        done.set(0);
    }

    @Override
    public void advance(long k) {
        long d = done.addAndGet(k);
        long now = clock.getAsLong();
        if (now - lastPrint > 1_000_000_000L) {
            synchronized (this) {
                if (now - lastPrint > 1_000_000_000L) {
                    lastPrint = now;
                    print(d);
                }
            }
        }
    }

    private synchronized void print(long d) {
        int n = seeds;
        long size = PositionIndex.size(n);
        double fraction = Math.min(1.0, (double) d / units);
        long total = PositionIndex.cumulativeSize(maxSeeds);
        long done = doneLayers + (long) (size * estimate.layerFraction(name, fraction));
        double elapsed = (clock.getAsLong() - start) / 1e9;
        double workedNow = elapsed - reusedSeconds;
        double rate = workedNow > 0 ? (done - reusedPositions) / workedNow : 0;
        double inLayer = (clock.getAsLong() - phaseStart) / 1e9;
        for (double v : layerPhases.values()) {
            inLayer += v;
        }
        String eta = estimate.ready() ? ", about " + duration(estimate.secondsLeft(n, name, fraction, inLayer)) + " left" : "";
        out.printf(Locale.ROOT, "  layer %d/%d %-7s %5.1f%% | %,d of %,d positions done | %,.0f positions/s | %s elapsed%s%n",
                n, maxSeeds, name, 100 * fraction, done, total, rate, duration(elapsed), eta);
    }

    @Override
    public synchronized void reusing(boolean[] reused) {
        estimate.reusing(reused);
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
            RunHistory.Layer earlier = history.layer(seeds);
            if (earlier != null && earlier.positions() == positions) {
                // the time an earlier run took for it: the best guess of this machine's speed
                earlier.phases().forEach(estimate::phaseDone);
                estimate.layerDone(seeds, positions, earlier.seconds());
            }
        } else {
            layerPhases.forEach((k, v) -> jobPhases.merge(k, v, Double::sum));
            layerPhases.forEach(estimate::phaseDone);
            estimate.layerDone(seeds, positions, seconds);
        }
        String line = String.format(Locale.ROOT, "layer %2d: %,15d %-9s %s", seeds, positions,
                Words.noun(positions, "position", "positions"),
                reused ? "reused from disk" : String.format(Locale.ROOT, "in %6.2f s (%,.0f positions/s)%s",
                        seconds, positions / Math.max(seconds, 1e-9), phases(layerPhases, seconds)));
        out.println(line);
        if (log != null) {
            double elapsed = (clock.getAsLong() - start) / 1e9;
            String left = seeds < maxSeeds && estimate.ready()
                    ? ", about " + duration(estimate.secondsLeft(seeds + 1, "", 0)) + " left" : "";
            try {
                if (!logStarted) {
                    append(String.format(Locale.ROOT, "%s start: layers 0..%d, %,d positions",
                            Instant.now().truncatedTo(ChronoUnit.SECONDS), maxSeeds, PositionIndex.cumulativeSize(maxSeeds)));
                    logStarted = true;
                }
                append(String.format(Locale.ROOT, "%s %s; %s elapsed%s", Instant.now().truncatedTo(ChronoUnit.SECONDS),
                        line.replaceAll(" {2,}", " "), duration(elapsed), left));
            } catch (IOException e) {
                out.println("warning: could not write the log " + log + " (" + e.getMessage() + "); no more lines go to it");
                log = null;
            }
        }
        layerPhases.clear();
        lastPrint = clock.getAsLong();
    }

    /** Appends {@code line}, dated, to the log of {@link #logTo}, if there is one. */
    public synchronized void logLine(String line) {
        if (log != null) {
            try {
                append(Instant.now().truncatedTo(ChronoUnit.SECONDS) + " " + line);
            } catch (IOException e) {
                out.println("warning: could not write the log " + log + " (" + e.getMessage() + ")");
            }
        }
    }

    private void append(String line) throws IOException {
        Files.writeString(log, line + System.lineSeparator(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
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
            layerPhases.merge(name, (clock.getAsLong() - phaseStart) / 1e9, Double::sum);
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
