package org.krou.table;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.krou.rules.Variant;

/**
 * Where the tables are: {@code dataDir/<variant>/<kind>-NN.krou} (docs/FORMAT.md), and the rule
 * sets with a directory of tables.
 */
public final class TablePaths {
    /** File name extension. */
    public static final String EXTENSION = ".krou";

    private TablePaths() {
    }

    /** The file of a table: {@code dataDir/<variant>/<kind>-NN.krou}, e.g. {@code data/abapa/values-12.krou}. */
    public static Path path(Path dataDir, Variant variant, TableKind kind, int seeds) {
        return dataDir.resolve(variant.id()).resolve(String.format("%s-%02d%s", kind.id(), seeds, EXTENSION));
    }

    /**
     * The rule sets with a directory under {@code dataDir}: the subdirectories named by a
     * {@link Variant#id()}, presets first in their order, then the others by name. Other
     * subdirectories are ignored. Empty if {@code dataDir} is not a readable directory.
     */
    public static List<Variant> variantsIn(Path dataDir) {
        List<Variant> found = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(dataDir)) {
            dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted()
                    .forEach(name -> {
                        try {
                            Variant v = Variant.parse(name);
                            if (v.id().equals(name)) {
                                found.add(v);
                            }
                        } catch (IllegalArgumentException e) {
                            // not a rule set's directory
                        }
                    });
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        List<Variant> out = new ArrayList<>();
        for (Variant p : Variant.presets()) {
            if (found.remove(p)) {
                out.add(p);
            }
        }
        out.addAll(found);
        return out;
    }

    /** The values file of a table: {@code dataDir/<variant>/values-NN.krou}. */
    public static Path valuesPath(Path dataDir, Variant variant, int seeds) {
        return path(dataDir, variant, TableKind.VALUES, seeds);
    }
}
