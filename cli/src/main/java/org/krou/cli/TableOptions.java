package org.krou.cli;

import java.nio.file.Path;
import org.krou.rules.Variant;
import picocli.CommandLine.Option;

/** The options every table-reading command shares. */
final class TableOptions {
    @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
            description = "Table directory, holding <variant>/values-NN.krou (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(names = "--variant", paramLabel = "V", defaultValue = "abapa", converter = VariantConverter.class,
            description = "abapa or awari (default: ${DEFAULT-VALUE}).")
    Variant variant;
}
