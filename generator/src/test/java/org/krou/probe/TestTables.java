package org.krou.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.krou.rules.Variant;
import org.krou.table.TablePaths;
import org.krou.testkit.TinySolver;
import org.krou.generator.table.TableWriter;
import org.krou.generator.table.WriterOptions;

/** Real tables of a few seeds, solved by {@link TinySolver} and written once per test run. */
final class TestTables {
    /** Seeds covered by the test tables. */
    static final int MAX = 8;
    /** Options giving several blocks per table. */
    static final WriterOptions OPTIONS = WriterOptions.DEFAULT.withBlockSize(2000);

    private static final Map<Variant, TinySolver> SOLVERS = new HashMap<>();
    private static final Map<Variant, Path> DIRS = new HashMap<>();

    private TestTables() {
    }

    static synchronized TinySolver solver(Variant v) {
        return SOLVERS.computeIfAbsent(v, x -> new TinySolver(x, MAX));
    }

    /** A data directory holding {@code <variant>/values-00..08.krou} with don't-care entries. */
    static synchronized Path dir(Variant v) {
        return DIRS.computeIfAbsent(v, x -> {
            try {
                Path d = Files.createTempDirectory("krou-test-tables");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(d)));
                write(d, x, OPTIONS, true);
                return d;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Writes the solver's tables of {@code v} into {@code dir}. */
    static void write(Path dir, Variant v, WriterOptions o, boolean exits) throws IOException {
        TinySolver s = solver(v);
        for (int n = 0; n <= MAX; n++) {
            TableWriter.write(TablePaths.valuesPath(dir, v, n), v, n, s.values[n], exits ? s.exits[n] : null, o);
        }
    }

    /** Copies the tables of {@code v} into {@code to}. */
    static void copy(Variant v, Path to) throws IOException {
        Path from = dir(v).resolve(v.id());
        Files.createDirectories(to.resolve(v.id()));
        try (Stream<Path> s = Files.list(from)) {
            for (Path p : s.toList()) {
                Files.copy(p, to.resolve(v.id()).resolve(p.getFileName()));
            }
        }
    }

    static void delete(Path d) {
        try (Stream<Path> s = Files.walk(d)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort
        }
    }
}
