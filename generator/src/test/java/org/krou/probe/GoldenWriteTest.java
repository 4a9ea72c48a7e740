package org.krou.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * writer must still write exactly the committed bytes. KROU_GOLDEN_WRITE=DIR writes them anew into
 * DIR instead (then bump the format version).
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
        String out = System.getenv("KROU_GOLDEN_WRITE");
        Path target = out != null ? Path.of(out).resolve(codec) : dir;
        for (int n = 0; n <= Golden.MAX; n++) {
            Path file = TablePaths.valuesPath(target, Variant.ABAPA, n);
            Files.createDirectories(file.getParent());
            TableWriter.write(file, Variant.ABAPA, n, solver.values[n], solver.exits[n], options(codec));
            if (out != null) {
                continue; // writing the golden files anew: nothing to compare with
            }
            assertArrayEquals(Golden.golden(codec, n), Files.readAllBytes(file), codec + " layer " + n
                    + ": the writer no longer writes the golden bytes");
        }
    }
}
