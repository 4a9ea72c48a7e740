package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.krou.generator.Generator;
import org.krou.generator.Progress;
import org.krou.generator.TableLayerStore;
import org.krou.rules.Variant;

/** The single-machine tables, made once per variant and size, and byte-for-byte comparison. */
final class Tables {
    private static final Map<String, Path> REFERENCE = new ConcurrentHashMap<>();

    private Tables() {
    }

    /** The directory of the single-machine tables of {@code variant}, layers {@code 0..max}. */
    static synchronized Path reference(Variant variant, int max) {
        return REFERENCE.computeIfAbsent(variant.id() + max, k -> {
            try {
                Path dir = Files.createTempDirectory("krou-reference");
                new Generator(variant, 2, new TableLayerStore(dir, variant, 2), Progress.NONE).run(max);
                return dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Asserts that the table and statistics files of both directories are the same bytes. */
    static void assertSame(Variant variant, Path expected, Path actual, int max) throws IOException {
        List<Path> want = files(expected.resolve(variant.id()));
        List<Path> got = files(actual.resolve(variant.id()));
        assertEquals(want.stream().map(Path::getFileName).toList(), got.stream().map(Path::getFileName).toList());
        assertEquals(2 * (max + 1), want.size(), "values and stats of each layer");
        for (int i = 0; i < want.size(); i++) {
            assertArrayEquals(Files.readAllBytes(want.get(i)), Files.readAllBytes(got.get(i)),
                    variant.id() + " " + got.get(i).getFileName());
        }
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }
}
