package org.krou.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.krou.generator.DistanceVerifier;
import org.krou.generator.TableVerifier;
import org.krou.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.table.TablePaths;
import org.krou.util.Words;

/** {@code krou verify}: checksums and sampled consistency of every table. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Check every table: that no layer is missing below the highest present, every block "
                + "checksum and the whole-file checksum, the statistics files (values-NN.stats: own checksum, "
                + "table checksum, counts summing to the layer size), then sampled positions of every layer "
                + "against their moves (each value must equal the best over its legal moves of seeds captured "
                + "minus the child's value). Prints a verdict per file; exits with 1 if anything failed."})
final class VerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
            description = "Table directory (default: ${DEFAULT-VALUE}).")
    Path data;

    /** Only this rule set (default: every rule set with tables in DIR). */
    @Mixin
    RuleOptions rules;

    @Option(names = "--samples", paramLabel = "K", defaultValue = "20000",
            description = "Positions sampled per layer (default: ${DEFAULT-VALUE}); 0 checks the checksums only.")
    int samples;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Random seed of the sampling (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (samples < 0) {
            throw new IllegalArgumentException("--samples " + samples + ": expected 0 or more");
        }
        Variant variant = rules.variant(null);
        List<Variant> variants = new ArrayList<>();
        for (Variant v : TablePaths.variantsIn(data)) {
            if ((variant == null || variant.equals(v)) && Files.isDirectory(data.resolve(v.id()))) {
                variants.add(v);
            }
        }
        if (variants.isEmpty()) {
            throw new org.krou.table.MissingTableException(variant == null ? Variant.ABAPA : variant, 0,
                    org.krou.table.TablePaths.valuesPath(data, variant == null ? Variant.ABAPA : variant, 0));
        }
        boolean ok = true;
        for (Variant v : variants) {
            out.println("Verifying " + v.id() + " tables in " + data.resolve(v.id()));
            TableVerifier.Report r = TableVerifier.verify(data, v, samples, seed, line -> out.println("  " + line));
            List<String> dtc = r.maxSeeds() < 0 ? List.of()
                    : DistanceVerifier.verify(data, v, samples, seed, line -> out.println("  " + line));
            boolean good = r.ok() && dtc.isEmpty();
            long missing = r.files().stream().filter(f -> f.checksum() != null && f.checksum().startsWith("missing"))
                    .count();
            int distances = DistanceVerifier.count(data, v);
            out.println(v.id() + ": " + (good ? "OK" : "FAILED") + " ("
                    + Words.count(r.files().size() - missing, "value table", "value tables")
                    + (missing > 0 ? ", " + missing + " missing" : "")
                    + (distances > 0 ? ", " + Words.count(distances, "distance table", "distance tables") : "")
                    + ", coverage " + (r.maxSeeds() < 0 ? "none" : "0.." + r.maxSeeds() + " seeds")
                    + (samples == 0 ? "; checksums only, no positions sampled (--samples 0)" : "") + ")");
            ok &= good;
        }
        return ok ? Main.OK : Main.FAILED;
    }
}
