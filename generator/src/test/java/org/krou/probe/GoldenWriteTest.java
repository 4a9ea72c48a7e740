package org.krou.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.generator.table.TableWriter;
import org.krou.generator.table.WriterOptions;
import org.krou.rules.Variant;
import org.krou.table.TablePaths;
import org.krou.testkit.Golden;
import org.krou.testkit.TinySolver;

/**
 * The writer half of {@link GoldenTableTest} (which reads the golden tables, {@link Golden}): the
 * writer must still write exactly the committed bytes. The comparison always runs: with
 * KROU_GOLDEN_WRITE=DIR the files written are also copied into {@code DIR/<codec>/} (to replace
 * the committed ones after a deliberate change of the format, then bump its version), and the test
 * still fails wherever they differ from the committed bytes, so the variable can never make a run
 * pass that would fail without it.
 */
class GoldenWriteTest {
    @TempDir
    Path dir;

    static WriterOptions options(String codec) {
        return (codec.equals("raw") ? WriterOptions.RAW : WriterOptions.DEFAULT).withBlockSize(512);
    }

    @ParameterizedTest
    @ValueSource(strings = {"raw", "context"})
    void theGoldenBytesAreStillWritten(String codec) throws IOException {
        TinySolver solver = TestTables.solver(Variant.ABAPA);
        for (int n = 0; n <= Golden.MAX; n++) {
            Path file = TablePaths.valuesPath(dir, Variant.ABAPA, n);
            Files.createDirectories(file.getParent());
            TableWriter.write(file, Variant.ABAPA, n, solver.values[n], solver.exits[n], options(codec));
        }
        String out = System.getenv("KROU_GOLDEN_WRITE");
        if (out != null) { // every layer copied before the first difference fails the test
            for (int n = 0; n <= Golden.MAX; n++) {
                Path to = TablePaths.valuesPath(Path.of(out).resolve(codec), Variant.ABAPA, n);
                Files.createDirectories(to.getParent());
                Files.copy(TablePaths.valuesPath(dir, Variant.ABAPA, n), to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        for (int n = 0; n <= Golden.MAX; n++) {
            byte[] written = Files.readAllBytes(TablePaths.valuesPath(dir, Variant.ABAPA, n));
            assertArrayEquals(Golden.golden(codec, n), written, codec + " layer " + n
                    + ": the writer no longer writes the golden bytes");
        }
    }
}
