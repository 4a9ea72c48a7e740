package org.krou.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.krou.rules.Variant;

/**
 * Two JVMs write into one store file at the same time (overlapping keys, merged); nothing is
 * lost or torn, as this JVM and a third JVM started afterwards (the store surviving a restart)
 * both check.
 */
class MultiProcessStoreTest {
    private static final int FROM0 = 0;
    private static final int TO0 = 30_000;
    private static final int FROM1 = 15_000;
    private static final int TO1 = 45_000;

    @Test
    void twoWritersConcurrentlyLoseNothing() throws Exception {
        Path dir = TestTables.tempDir();
        try (AnalysisStore s = AnalysisStore.open(dir, Variant.ABAPA, 100_000)) {
            assertEquals(0, s.size()); // created before the writers race to create it
        }
        Process a = start("write", dir.toString(), "0", "" + FROM0, "" + TO0);
        Process b = start("write", dir.toString(), "1", "" + FROM1, "" + TO1);
        assertEquals(0, finish(a), "writer 0");
        assertEquals(0, finish(b), "writer 1");
        try (AnalysisStore s = AnalysisStore.open(dir, Variant.ABAPA, 100_000)) {
            assertNull(StoreWriter.check(s, FROM0, TO0, FROM1, TO1));
        }
        Process c = start("check", dir.toString(), "" + FROM0, "" + TO0, "" + FROM1, "" + TO1);
        assertEquals(0, finish(c), "a new JVM reading the store");
    }

    private static Process start(String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-") || a.startsWith("-Dchronicle.")) {
                cmd.add(a);
            }
        }
        cmd.add("-Xmx256m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(StoreWriter.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static int finish(Process p) throws Exception {
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("a writer did not finish in 120 s");
        }
        if (p.exitValue() != 0) {
            System.err.println(new String(out, StandardCharsets.UTF_8));
        }
        return p.exitValue();
    }
}
