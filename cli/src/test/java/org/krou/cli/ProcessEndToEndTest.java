package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The krou command in a JVM of its own, as {@code scripts/krou} runs it: a tiny heap and a full
 * disk end in one error line and exit 1, never a stack trace.
 */
class ProcessEndToEndTest {
    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private Run krou(List<String> jvm, File stdin, File stdout, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvm);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile())
                .redirectOutput(stdout != null ? stdout : out.toFile());
        if (stdin != null) {
            pb.redirectInput(stdin);
        }
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "krou finished");
        return new Run(p.exitValue(), stdout != null ? "" : Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void tooSmallAHeapIsOneLineSayingWhatToDo() throws Exception {
        Run r = krou(List.of("-Xmx12m"), null, null, "generate", "--max-seeds", "20", "--threads", "1",
                "--data", dir.resolve("data").toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        // refused by the memory plan before any work (or, were the plan wrong, out of memory):
        // either way one line saying to give the JVM more
        assertTrue(r.err().startsWith("error: ") && r.err().contains("KROU_JAVA_OPTS=-Xmx"), r.err());
    }

    @Test
    void fullDiskFailsWithTheReason() throws Exception {
        File full = new File("/dev/full");
        assumeTrue(full.exists(), "needs /dev/full (Linux)");
        Path data = dir.resolve("data");
        assertEquals(0, krou(List.of(), null, null, "generate", "--max-seeds", "3", "--data", data.toString()).exit());
        Path positions = dir.resolve("positions.txt");
        Files.writeString(positions, "0 0 0 0 0 1 / 1 0 0 0 0 0 S\n".repeat(1000));
        String[][] commands = {{"probe", "--batch", "--data", data.toString()},
            {"probe", "--json", "--data", data.toString(), "0 0 0 0 0 1 / 1 0 0 0 0 0 S"},
            {"pv", "--json", "--data", data.toString(), "0 0 0 0 0 1 / 1 0 0 0 0 0 S"},
            {"stats", "--data", data.toString()}};
        for (String[] args : commands) {
            Run r = krou(List.of(), positions.toFile(), full, args);
            assertEquals(1, r.exit(), String.join(" ", args) + ": " + r.err());
            assertEquals("error: cannot write standard output: No space left on device", r.err().trim(),
                    String.join(" ", args));
        }
    }
}
