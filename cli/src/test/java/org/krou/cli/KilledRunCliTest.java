package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generation killed with SIGKILL in the middle of a layer loses only that layer: the rerun
 * reuses every layer finished before the kill, removes the dead run's temporary files, and
 * {@code verify} passes on the result.
 */
class KilledRunCliTest {
    @TempDir
    Path dir;

    @Test
    void aKilledRunLosesAtMostTheLayerInProgress() throws Exception {
        Path data = dir.resolve("data");
        Path log = dir.resolve("log.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "generate", "-n", "16", "--threads", "2", "--data", data.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // kill it once layer 13 is finished, while a later layer is being solved or written
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        int finished = -1;
        while (System.nanoTime() < deadline && p.isAlive()) {
            finished = lastFinished(Files.readString(log, StandardCharsets.UTF_8));
            if (finished >= 13) {
                break;
            }
            Thread.sleep(20);
        }
        assertTrue(p.isAlive(), "the run ended before it could be killed: " + Files.readString(log));
        p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        int before = lastFinished(Files.readString(log, StandardCharsets.UTF_8));
        assertTrue(before >= 13 && before < 16, "killed after layer " + before);

        CliRun again = CliRun.of("generate", "-n", "16", "--data", data.toString());
        assertEquals(0, again.exit(), again.err());
        Matcher m = Pattern.compile("(\\d+) layers computed, (\\d+) reused").matcher(again.out());
        assertTrue(m.find(), again.out());
        int computed = Integer.parseInt(m.group(1));
        int reused = Integer.parseInt(m.group(2));
        assertEquals(17, computed + reused, again.out());
        assertTrue(reused >= before + 1, "layers 0.." + before + " were finished before the kill, only " + reused
                + " reused: " + again.out());
        try (var files = Files.list(data.resolve("abapa"))) {
            List<String> left = files.map(f -> f.getFileName().toString()).filter(f -> f.contains(".tmp")).toList();
            assertEquals(List.of(), left, "temporary files of the killed run");
        }
        CliRun verify = CliRun.of("verify", "--data", data.toString(), "--samples", "2000");
        assertEquals(0, verify.exit(), verify.out() + verify.err());
        assertTrue(verify.out().contains("abapa: OK"), verify.out());
    }

    /** The largest layer the log reports as finished ("layer 14:  ... positions in ..."), or -1. */
    private static int lastFinished(String log) {
        Matcher m = Pattern.compile("(?m)^layer +(\\d+): ").matcher(log);
        int last = -1;
        while (m.find()) {
            last = Integer.parseInt(m.group(1));
        }
        return last;
    }
}
