package org.krou.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.krou.generator.Generator;
import org.krou.generator.Progress;
import org.krou.generator.TableLayerStore;
import org.krou.probe.Tablebase;
import org.krou.rules.Variant;

/** Full tables of both variants to {@link #MAX} seeds, built once per test JVM in a temporary directory. */
final class TestTables {
    /** The largest layer built. */
    static final int MAX = 14;

    private static Path dir;
    private static final Map<Variant, Tablebase> OPEN = new HashMap<>();

    private TestTables() {
    }

    /** The table directory (built on first use, deleted when the JVM ends). */
    static synchronized Path dir() {
        if (dir == null) {
            try {
                Path d = Files.createTempDirectory("krou-engine-test");
                for (Variant v : new Variant[] {Variant.ABAPA, Variant.AWARI}) {
                    new Generator(v, 2, new TableLayerStore(d, v, 2), Progress.NONE, false).run(MAX);
                }
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(d)));
                dir = d;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    /** The tables of {@code v}, opened once and kept open. */
    static synchronized Tablebase tables(Variant v) {
        return OPEN.computeIfAbsent(v, x -> Tablebase.open(dir(), x));
    }

    /** A new empty directory for a store, deleted when the JVM ends. */
    static Path tempDir() {
        try {
            Path d = Files.createTempDirectory("krou-engine-store");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(d)));
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path d) {
        try (Stream<Path> s = Files.walk(d)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // best effort at exit
        }
    }
}
