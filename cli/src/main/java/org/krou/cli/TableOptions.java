package org.krou.cli;

import java.nio.file.Path;
import org.krou.rules.Variant;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options every table-reading command shares: the directory and the rule set. */
final class TableOptions {
    @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
            description = "Table directory, holding <variant>/values-NN.krou (default: ${DEFAULT-VALUE}).")
    Path data;

    @Mixin
    RuleOptions rules;

    private Variant variant;

    /** The rule set given ({@code abapa} if none); its tables are in {@code DIR/<variant id>/}. */
    Variant variant() {
        if (variant == null) {
            variant = rules.variant(Variant.ABAPA);
        }
        return variant;
    }
}
