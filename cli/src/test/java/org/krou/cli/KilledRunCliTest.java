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

    /**
     * A run mapping its finished layers, killed after layer 10: its working files are complete or
     * temporaries. One of them damaged afterwards, the rerun maps the intact ones again, decodes
     * the damaged one's layer from its table (saying so), removes every working file at the end,
     * and writes the same tables as a run that never mapped anything.
     */
    @Test
    void aKilledMappedRunLeavesNoWorkingFileThatIsMisRead() throws Exception {
        Path data = dir.resolve("data");
        Path log = dir.resolve("log.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "generate", "-n", "13", "--threads", "2", "--map-finished-layers", "--data", data.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && p.isAlive()
                && lastFinished(Files.readString(log, StandardCharsets.UTF_8)) < 10) {
            Thread.sleep(20);
        }
        assertTrue(p.isAlive(), "the run ended before it could be killed: " + Files.readString(log));
        p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        int before = lastFinished(Files.readString(log, StandardCharsets.UTF_8));
        assertTrue(before >= 10 && before < 13, "killed after layer " + before);
        Path work = data.resolve("abapa").resolve("work");
        Path damaged = work.resolve("values-09.raw");
        assertTrue(Files.exists(damaged) && Files.exists(work.resolve("values-08.raw")),
                "the working files of the finished layers: " + Files.readString(log));
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(damaged.toFile(), "rw")) {
            f.seek(f.length() / 2);
            int b = f.read();
            f.seek(f.length() / 2);
            f.write(b ^ 1);
        }
        Files.write(work.resolve(".values-11.raw.tmp"), new byte[4096]); // as a kill while writing leaves it

        // the progress and its warnings go to System.out
        java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out;
        CliRun again;
        try {
            System.setOut(new java.io.PrintStream(progress, true, StandardCharsets.UTF_8));
            again = CliRun.of("generate", "-n", "13", "--map-finished-layers", "--data", data.toString());
        } finally {
            System.setOut(stdout);
        }
        assertEquals(0, again.exit(), again.err());
        String warnings = progress.toString(StandardCharsets.UTF_8);
        assertTrue(warnings.contains("warning: working file " + damaged + " not reused (its values do not match "
                + "their checksum): layer 9 is decoded from its table"), warnings);
        assertEquals(1, warnings.lines().filter(l -> l.startsWith("warning:")).count(), warnings);
        Matcher m = Pattern.compile("Mapped: layers 0\\.\\.11 read from working files in \\S+ \\(\\S+ \\S+; (\\d+) of them "
                + "from an earlier run's files").matcher(again.out());
        assertTrue(m.find(), again.out());
        int reusedFiles = Integer.parseInt(m.group(1));
        assertTrue(reusedFiles >= 9 && reusedFiles <= before, "files mapped again: " + reusedFiles);
        assertTrue(!Files.exists(work), "working files left after the rerun");

        CliRun reference = CliRun.of("generate", "-n", "13", "--data", dir.resolve("heap").toString());
        assertEquals(0, reference.exit(), reference.err());
        for (int n = 0; n <= 13; n++) {
            String f = String.format("abapa/values-%02d.krou", n);
            org.junit.jupiter.api.Assertions.assertArrayEquals(Files.readAllBytes(dir.resolve("heap").resolve(f)),
                    Files.readAllBytes(data.resolve(f)), f);
        }
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
