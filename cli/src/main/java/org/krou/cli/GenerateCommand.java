package org.krou.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.krou.cluster.ClusterSecret;
import org.krou.generator.ConsoleProgress;
import org.krou.generator.Generator;
import org.krou.generator.MemoryPlan;
import org.krou.generator.PlanRefusedException;
import org.krou.generator.TableLayerStore;
import org.krou.index.PositionIndex;
import org.krou.generator.table.Fill;
import org.krou.generator.table.WriterOptions;
import org.krou.util.Words;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code krou generate}: solve layers 0..N and write them as tables. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Solve every board with 0..N seeds by retrograde analysis and write one table per layer "
                + "to DIR/<variant>/. Finished layers already on disk (intact header and checksums) are reused, "
                + "so an interrupted run loses at most the layer in progress."})
final class GenerateCommand implements Callable<Integer> {
    /** The default size: builds in about a minute on a 2-core machine. */
    static final int DEFAULT_SEEDS = 18;

    @Spec
    CommandSpec spec;

    @Option(names = {"-n", "--max-seeds"}, paramLabel = "N", defaultValue = "" + DEFAULT_SEEDS,
            description = "Largest seed count to solve, 0..48 (default: ${DEFAULT-VALUE}).")
    int maxSeeds;


    @Mixin
    TableOptions tables;

    @Option(names = "--threads", paramLabel = "T",
            description = "Worker threads (default: the number of cores).")
    Integer threads;

    @Option(names = "--dtc",
            description = "Also compute and store distance-to-conversion tables (DIR/<variant>/dtc-NN.krou), "
                    + "which let the best move make progress. Slower. Layers on disk without them are computed "
                    + "again, value tables too: distances come out of the same pass that solves the values, which "
                    + "would cost as much with the values known.")
    boolean dtc;

    @Option(names = "--codec", paramLabel = "C",
            description = "Block coding of the tables: context (the default: context-modelled rANS, 1,536 "
                    + "positions per block, about 2.45 bits a position) or raw (one byte a position, for tools). "
                    + "Given, layers on disk coded otherwise are computed and written again; not given, new "
                    + "layers are context-coded and intact layers on disk are reused whatever their coding.")
    String codec;

    @Option(names = "--memory", paramLabel = "SIZE",
            description = "Most memory the job may plan to hold, e.g. 16g or 800m (default: the JVM's heap limit, "
                    + "set by KROU_JAVA_OPTS; the launcher's default is 75%% of the machine's memory). When the "
                    + "finished layers do not fit, the largest are memory-mapped from working files "
                    + "(DIR/<variant>/work/values-NN.raw, one byte a position, removed at the end); a job whose "
                    + "layer being solved alone does not fit, or whose files the disk cannot hold, is refused "
                    + "before it starts, saying what would fit.")
    String memory;

    @Option(names = "--cluster", paramLabel = "HOST:PORT", split = ",",
            description = "Solve on a cluster: the workers (`krou worker`) at these addresses, comma-separated, "
                    + "compute; this process coordinates and writes the tables into DIR (the workers send their "
                    + "blocks; nothing need be shared but the network). Needs --secret-file FILE (the workers' secret) or, explicitly, "
                    + "--insecure. Not with --dtc, --codec or --plan.")
    List<String> cluster;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "5700",
            description = "With --cluster: the port of this coordinating member (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--host", paramLabel = "HOST",
            description = "With --cluster: the address this member binds to (default: chosen by Hazelcast).")
    String host;

    @Option(names = "--workers", paramLabel = "W",
            description = "With --cluster: workers to wait for (default: the number of --cluster addresses).")
    Integer workers;

    @Option(names = "--cluster-name", paramLabel = "NAME", defaultValue = "krou",
            description = "With --cluster: the cluster's name, as given to the workers (default: ${DEFAULT-VALUE}).")
    String clusterName;

    @Option(names = "--peer-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "With --cluster: a worker that sends nothing (no acknowledgement, no heartbeat) for this "
                    + "long, or leaves a message unacknowledged this long, is reported lost and the layer fails "
                    + "naming it (default: ${DEFAULT-VALUE}); give the workers the same.")
    int peerTimeout;

    @Mixin
    ClusterSecurityOptions security;

    @Option(names = "--map-finished-layers",
            description = "Memory-map every finished layer the job reads again from its working file, however "
                    + "much memory there is (slower where the page cache cannot hold them; for tests and to "
                    + "leave the memory to others).")
    boolean mapAll;

    @Option(names = "--plan",
            description = "Print the memory and disk plan of the job (which finished layers stay in the heap, "
                    + "which are memory-mapped) and stop, computing and writing nothing (DIR is only read).")
    boolean planOnly;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (maxSeeds < 0 || maxSeeds > PositionIndex.MAX_SEEDS) {
            throw new IllegalArgumentException("--max-seeds " + maxSeeds + " is out of range: expected 0..48");
        }
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1 || t > 1024) {
            throw new IllegalArgumentException("--threads " + t + " is out of range: expected 1..1024");
        }
        refuseFileOnTheWay(tables.data, tables.data.resolve(tables.variant().id()));
        if (cluster != null) {
            if (dtc || codec != null || planOnly) {
                throw new IllegalArgumentException("--cluster does not take --dtc, --codec or --plan");
            }
            ClusterSecret secret = security.secret(spec.commandLine().getErr());
            return ClusterGenerate.run(out, tables.variant(), tables.data, maxSeeds, t, cluster, host, port,
                    workers == null ? cluster.size() : workers, clusterName, secret, peerTimeout);
        }
        if (security.given()) {
            throw new IllegalArgumentException("--secret-file and --insecure go with --cluster");
        }
        // every value checked before anything is said or made
        WriterOptions options = switch (codec == null ? "context" : codec.toLowerCase(Locale.ROOT)) {
            case "context" -> WriterOptions.DEFAULT;
            case "raw" -> WriterOptions.RAW.withFill(Fill.CONTEXT);
            default -> throw new IllegalArgumentException("--codec '" + codec + "': expected context or raw");
        };
        long heap = Runtime.getRuntime().maxMemory();
        long budget = memory == null ? heap : Math.min(heap, Sizes.parse("--memory", memory));
        long positions = PositionIndex.cumulativeSize(maxSeeds);
        out.printf(Locale.ROOT, "%s %s layers 0..%d (%s)%s into %s with %s%n",
                planOnly ? "Plan to generate" : "Generating", tables.variant().id(), maxSeeds, Words.grouped(positions, "position", "positions"),
                dtc ? " with distances to conversion" : "", tables.data.resolve(tables.variant().id()),
                Words.count(t, "thread", "threads"));
        long t0 = System.nanoTime();
        TableLayerStore store = new TableLayerStore(tables.data, tables.variant(), t, options, codec != null);
        ConsoleProgress progress = new ConsoleProgress(System.out, maxSeeds);
        Path dir = tables.data.resolve(tables.variant().id());
        boolean raw = "raw".equalsIgnoreCase(codec);
        Path work = store.workDirectory();
        Generator.PlanCheck check = plan -> {
            long free = Sizes.usableSpace(dir);
            plan.describe(budget, free, work).forEach(out::println);
            String readAhead = plan.mapsAny() ? ReadAhead.warning(work, ReadAhead.of(work)) : null;
            if (readAhead != null) {
                out.println(readAhead);
            }
            out.flush();
            refuseIfTooBig(plan, budget, heap, dir, free < 0 ? free : free + Sizes.bytesIn(work));
        };
        Generator generator = new Generator(tables.variant(), t, store, progress, dtc).memory(budget, mapAll)
                .beforeStart(check, raw);
        if (planOnly) {
            check.check(generator.plan(maxSeeds)); // reads the directory, writes nothing
            return Main.OK;
        }
        progress.logTo(dir.resolve("generate.log"));
        generator.run(maxSeeds);
        MemoryPlan plan = generator.plan();
        if (plan != null && plan.mapsAny()) {
            out.printf(Locale.ROOT, "Mapped: layers %s read from working files in %s (%s; %d of them from an earlier "
                            + "run's files, the others written by this one), removed%n",
                    MemoryPlan.ranges(plan.mapped()), work, Sizes.format(plan.mappedBytes()), generator.mappedReused());
        }
        if (!store.removedTemporaries().isEmpty()) {
            out.printf(Locale.ROOT, "Removed %s left by stopped runs%n",
                    Words.count(store.removedTemporaries().size(), "temporary file", "temporary files"));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long bytes = store.totalBytes(maxSeeds);
        String done = String.format(Locale.ROOT, "Done: %s in %.1f s (%,.0f positions/s), %s computed, %d reused "
                        + "(%d of them decoded); tables: %,d bytes (%.3f bits/position)",
                Words.grouped(positions, "position", "positions"), seconds, positions / seconds,
                Words.count(generator.computed(), "layer", "layers"), generator.reused(), generator.decoded(), bytes,
                bytes * 8.0 / positions);
        out.println(done);
        progress.logLine(done);
        String phases = progress.phaseSummary();
        if (!phases.isEmpty()) {
            out.println("Time per phase: " + phases);
            progress.logLine("Time per phase: " + phases);
        }
        long rss = peakRssMiB();
        if (rss >= 0) {
            out.printf(Locale.ROOT, "Memory: peak RSS %d MiB%n", rss);
            progress.logLine("Memory: peak RSS " + rss + " MiB");
        }
        return Main.OK;
    }

    /**
     * Refuses a {@code --data} that is a file or lies under one, before anything is said: no table
     * could be written there, and creating the directories would fail only after the plan.
     */
    private static void refuseFileOnTheWay(Path data, Path dir) {
        Path p = Sizes.nearestExisting(dir);
        if (p != null && !Files.isDirectory(p)) {
            throw new IllegalArgumentException("--data " + data + ": " + p + " is a file, not a directory");
        }
    }

    /**
     * Refuses a plan the heap ({@code budget}) cannot hold even with every finished layer it can
     * map memory-mapped, or whose tables and working files the disk ({@code free} bytes, or -1 if
     * unknown) cannot hold, saying what would fit.
     */
    private void refuseIfTooBig(MemoryPlan plan, long budget, long heap, Path dir, long free) {
        if (!plan.fits(budget)) {
            int fits = MemoryPlan.largestFittingMapped(budget, dtc, "raw".equalsIgnoreCase(codec));
            String advice;
            if (budget < heap && plan.fits(heap)) {
                // only --memory is too small: the heap the JVM has would hold the job
                long mib = (plan.heapNeeded() + (1L << 20) - 1) >> 20;
                advice = String.format(Locale.ROOT, "--memory allows %s: give a larger --memory, at least %s "
                        + "(--memory %dm; the JVM's heap limit, %s, would hold it)", Sizes.format(budget),
                        Sizes.format(mib << 20), mib, Sizes.format(heap));
            } else if (budget < heap) {
                advice = String.format(Locale.ROOT, "--memory allows %s and the JVM's heap limit is %s: give the JVM "
                        + "more (KROU_JAVA_OPTS=-Xmx%dg) and a larger --memory", Sizes.format(budget),
                        Sizes.format(heap), (plan.heapNeeded() >> 30) + 1);
            } else {
                advice = String.format(Locale.ROOT, "%s is available (the JVM's heap limit): give the JVM more "
                        + "(KROU_JAVA_OPTS=-Xmx%dg)", Sizes.format(budget), (plan.heapNeeded() >> 30) + 1);
            }
            throw new PlanRefusedException(String.format(Locale.ROOT, "layers 0..%d need a heap of about %s "
                            + "(%s held while layer %d is solved%s) but %s%s",
                    maxSeeds, Sizes.format(plan.heapNeeded()), Sizes.format(plan.peakBytes()), plan.peakLayer(),
                    plan.mapsAny() ? ", finished layers " + MemoryPlan.ranges(plan.mapped()) + " memory-mapped" : "",
                    advice, fits < 0 ? "" : ", or generate fewer seeds (--max-seeds " + fits + " fits)"));
        }
        if (free >= 0 && plan.diskNeeded() > free) {
            throw new PlanRefusedException(String.format(Locale.ROOT, "the tables of layers 0..%d need about %s "
                            + "of disk%s but %s has %s free: free some space or choose another --data%s",
                    maxSeeds, Sizes.format(plan.diskBytes()),
                    plan.mapsAny() ? " and the working files of the memory-mapped layers "
                            + MemoryPlan.ranges(plan.mapped()) + " " + Sizes.format(plan.mappedBytes()) + " more" : "",
                    dir, Sizes.format(free),
                    plan.mapsAny() && !mapAll ? ", or give the JVM more memory (fewer layers are mapped)" : ""));
        }
    }

    /** The process's peak resident set size from /proc/self/status, or -1 where unavailable. */
    static long peakRssMiB() {
        try {
            for (String line : java.nio.file.Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
