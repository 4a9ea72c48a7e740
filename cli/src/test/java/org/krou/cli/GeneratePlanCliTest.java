package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory plan of generate: printed first, and a job that cannot fit is refused before any work. */
class GeneratePlanCliTest {
    @TempDir
    Path dir;

    private long tables() throws IOException {
        Path v = dir.resolve("abapa");
        if (!Files.isDirectory(v)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(v)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".krou")).count();
        }
    }

    @Test
    void planOnlyPrintsThePlanAndComputesNothing() throws IOException {
        CliRun r = CliRun.of("generate", "--plan", "-n", "12", "--data", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Plan: the most is held while layer 12 is solved"), r.out());
        assertTrue(r.out().contains("heap needed") && r.out().contains("disk free"), r.out());
        assertEquals(0, tables());
    }

    @Test
    void aJobThatCannotFitIsRefusedBeforeItStarts() throws IOException {
        CliRun r = CliRun.of("generate", "--memory", "300m", "-n", "22", "--data", dir.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("error: layers 0..22 need a heap of about"), r.err());
        assertTrue(r.err().contains("(--memory)") && r.err().contains("--max-seeds"), r.err());
        assertEquals(0, tables(), "nothing may be computed before the refusal");
        CliRun tiny = CliRun.of("generate", "--memory", "100m", "-n", "5", "--data", dir.toString());
        assertEquals(1, tiny.exit());
        assertTrue(!tiny.err().contains("--max-seeds -1") && tiny.err().contains("KROU_JAVA_OPTS"), tiny.err());
        // the size it names as fitting does fit
        String fits = r.err().replaceAll(".*--max-seeds (\\d+) fits.*", "$1").trim();
        CliRun ok = CliRun.of("generate", "--plan", "--memory", "300m", "-n", fits, "--data", dir.toString());
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.out().contains("Plan:"), ok.out());
        CliRun over = CliRun.of("generate", "--plan", "--memory", "300m", "-n", "" + (Integer.parseInt(fits) + 1),
                "--data", dir.toString());
        assertEquals(1, over.exit(), over.err());
    }

    @Test
    void badSizesAreUsageErrors() {
        for (String bad : new String[] {"1.5x", "-3g", "", "g", "0"}) {
            CliRun r = CliRun.of("generate", "--memory", bad, "-n", "3", "--data", dir.toString());
            assertEquals(2, r.exit(), bad + ": " + r.err());
            assertTrue(r.err().contains("expected a size such as 16g"), r.err());
        }
    }
}
