package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table directory as a user and an attacker treat it: statistics files edited, layers
 * deleted, a directory that cannot be written, writes that fail, runs killed, two runs at once,
 * another codec, verify without samples.
 */
class TableStoreCliTest {
    @TempDir
    Path dir;

    private CliRun generate(String... more) {
        String[] args = Stream.concat(Stream.of("generate", "--data", dir.toString(), "--threads", "2"),
                Stream.of(more)).toArray(String[]::new);
        CliRun g = CliRun.of(args);
        assertEquals(0, g.exit(), g.out() + g.err());
        return g;
    }

    private Path abapa(String name) {
        return dir.resolve("abapa").resolve(name);
    }

    @Test
    void editedStatisticsAreNotBelievedAndFailVerify() throws IOException {
        generate("-n", "5");
        CliRun before = CliRun.of("stats", "--data", dir.toString());
        assertEquals(0, before.exit(), before.err());
        String line = before.out().lines().toList().get(3);
        assertEquals("seeds 3 positions 364: -3=178 -1=1 0=64 1=7 3=114", line);
        Path stats = abapa("values-03.stats");
        String text = Files.readString(stats, StandardCharsets.UTF_8);
        assertTrue(text.contains("-3=178"), text);
        Files.writeString(stats, text.replace("-3=178", "-3=170").replace("3=114", "3=122"), StandardCharsets.UTF_8);
        CliRun after = CliRun.of("stats", "--data", dir.toString());
        assertEquals(0, after.exit(), after.err());
        assertEquals(before.out(), after.out(), "the edited counts must not be printed");
        assertTrue(after.err().contains("values-03.stats") && after.err().contains("recounted"), after.err());
        CliRun verify = CliRun.of("verify", "--data", dir.toString());
        assertEquals(1, verify.exit(), verify.out());
        assertTrue(verify.out().contains("values-03.krou: FAILED") && verify.out().contains("values-03.stats"),
                verify.out());
        generate("-n", "5"); // rewrites the statistics file of the reused layer
        assertEquals(0, CliRun.of("verify", "--data", dir.toString()).exit());
        assertEquals(before.out(), CliRun.of("stats", "--data", dir.toString()).out());
        // counts that no longer sum to the layer size, under a checksum made to match: still refused
        String good = Files.readString(stats, StandardCharsets.UTF_8);
        String body = good.substring(0, good.lastIndexOf("\ncrc ") + 1).replace("-3=178", "-3=177");
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        Files.writeString(stats, body + String.format("crc %08x", crc.getValue()) + "\n", StandardCharsets.UTF_8);
        CliRun forged = CliRun.of("stats", "--data", dir.toString());
        assertEquals(before.out(), forged.out());
        assertTrue(forged.err().contains("sum to 363") && forged.err().contains("364"), forged.err());
        CliRun verifyForged = CliRun.of("verify", "--data", dir.toString());
        assertEquals(1, verifyForged.exit(), verifyForged.out());
        assertTrue(verifyForged.out().contains("values-03.stats"), verifyForged.out());
    }

    @Test
    void aMissingLayerFailsVerifyAndIsWarnedAboutByStatsAndInfo() throws IOException {
        generate("-n", "6");
        Files.delete(abapa("values-04.krou"));
        CliRun verify = CliRun.of("verify", "--data", dir.toString());
        assertEquals(1, verify.exit(), verify.out());
        assertTrue(verify.out().contains("values-04.krou: FAILED: missing"), verify.out());
        assertTrue(verify.out().contains("abapa: FAILED"), verify.out());
        CliRun stats = CliRun.of("stats", "--data", dir.toString());
        assertTrue(stats.err().contains("warning: layer 4 is missing") && stats.err().contains("values-04.krou"),
                stats.err());
        assertEquals(6, stats.out().lines().count(), stats.out()); // 0..3 and 5..6
        CliRun info = CliRun.of("info", "--data", dir.toString());
        assertTrue(info.err().contains("layer 4 is missing") && info.err().contains("values-04.krou"), info.err());
        // an unreadable layer: a directory where the file should be
        Files.createDirectory(abapa("values-04.krou"));
        CliRun unreadable = CliRun.of("verify", "--data", dir.toString());
        assertEquals(1, unreadable.exit(), unreadable.out());
        assertTrue(unreadable.out().contains("values-04.krou: FAILED"), unreadable.out());
        CliRun stats2 = CliRun.of("stats", "--data", dir.toString());
        assertTrue(stats2.err().contains("warning: layer 4 is unreadable"), stats2.err());
        assertTrue(CliRun.of("info", "--data", dir.toString()).err().contains("layer 4 is unreadable"));
    }

    @Test
    void statsNeverWrites() throws IOException {
        generate("-n", "5");
        for (int n = 0; n <= 5; n++) {
            Files.delete(abapa(String.format("values-%02d.stats", n)));
        }
        // writing fails here even as root: the names a writer would use are taken by directories
        for (int n = 0; n <= 5; n++) {
            Files.createDirectory(abapa(String.format("values-%02d.stats", n)).resolveSibling(
                    String.format("values-%02d.stats.tmp", n)));
        }
        Map<String, Long> before = listing();
        CliRun s = CliRun.of("stats", "--data", dir.toString());
        assertEquals(0, s.exit(), s.err());
        assertEquals("seeds 2 positions 78: -2=41 0=13 2=24", s.out().lines().toList().get(2));
        assertEquals(6, s.out().lines().count(), s.out());
        assertEquals(before, listing(), "stats changed the table directory");
    }

    private Map<String, Long> listing() throws IOException {
        Map<String, Long> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir.resolve("abapa"))) {
            for (Path p : s.toList()) {
                m.put(p.getFileName().toString(), Files.getLastModifiedTime(p).toMillis() * 31 + Files.size(p));
            }
        }
        return m;
    }

    @Test
    void writeErrorsNameTheFileTheLayerAndTheReason() throws IOException {
        Path other = dir.resolve("other");
        Path file = other.resolve("abapa"); // a file where the variant directory should be
        Files.createDirectories(other);
        Files.writeString(file, "not a directory");
        CliRun r = CliRun.of("generate", "-n", "3", "--data", other.toString());
        assertEquals(2, r.exit(), r.err()); // refused as bad usage before the plan (CliContractTest)
        assertEquals("error: --data " + other + ": " + file + " is a file, not a directory\n", r.err());
        assertEquals("", r.out());
        generate("-n", "2");
        Path target = abapa("values-03.krou");
        Files.createDirectories(target.resolve("in-the-way"));
        CliRun w = CliRun.of("generate", "-n", "3", "--data", dir.toString());
        assertEquals(1, w.exit(), w.err());
        assertTrue(w.err().contains("cannot write " + target + " (layer 3): "), w.err());
        assertFalse(w.err().contains("\tat "), w.err());
    }

    @Test
    void temporariesOfDeadRunsAreRemovedAndOthersKept() throws Exception {
        generate("-n", "3");
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long dead = p.pid();
        Path stale = abapa(".values-04.krou.tmp-" + dead + "-1a2b");
        Path staleStats = abapa(".values-04.stats.tmp-" + dead + "-3c");
        Path live = abapa(".values-04.krou.tmp-1-5d"); // pid 1 is always alive
        Path oldStats = abapa("values-02.stats.tmp");
        for (Path t : List.of(stale, staleStats, live, oldStats)) {
            Files.writeString(t, "partial");
        }
        CliRun g = generate("-n", "4");
        assertFalse(Files.exists(stale) || Files.exists(staleStats) || Files.exists(oldStats), g.out());
        assertTrue(Files.exists(live));
        assertTrue(g.out().contains("Removed 3 temporary files left by stopped runs"), g.out());
    }

    @Test
    void aSecondWriterIsRefusedNamingTheFirst() throws Exception {
        generate("-n", "2");
        Path lockFile = abapa(".lock");
        // another process holds the lock: a child JVM locking the file as krou does
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LockHolder.class.getName(), lockFile.toString()).redirectErrorStream(true).start();
        try {
            assertEquals('L', holder.getInputStream().read(), "the child could not lock");
            CliRun second = CliRun.of("generate", "-n", "4", "--data", dir.toString());
            assertEquals(1, second.exit(), second.out() + second.err());
            assertTrue(second.err().contains("another krou generate (pid " + holder.pid() + ") is writing "
                    + dir.resolve("abapa")), second.err());
            assertFalse(Files.exists(abapa("values-03.krou")));
        } finally {
            holder.getOutputStream().close();
            holder.waitFor();
        }
        generate("-n", "4"); // released: works
    }

    /** Locks the file given, writes its pid into it, prints L and waits for standard input to close. */
    public static final class LockHolder {
        public static void main(String[] args) throws IOException {
            try (FileChannel ch = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = ch.tryLock()) {
                if (lock == null) {
                    System.exit(1);
                }
                ch.truncate(0);
                ch.write(java.nio.ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(
                        StandardCharsets.US_ASCII)));
                System.out.print('L');
                System.out.flush();
                while (System.in.read() >= 0) {
                    // wait
                }
            }
        }
    }

    @Test
    void askingForAnotherCodecRewritesTheLayers() {
        generate("-n", "5");
        CliRun raw = generate("-n", "5", "--codec", "raw");
        assertTrue(raw.out().contains("6 layers computed, 0 reused"), raw.out());
        CliRun info = CliRun.of("info", "--data", dir.toString());
        assertEquals(6, info.out().lines().filter(l -> l.contains("raw/0")).count(), info.out());
        CliRun again = generate("-n", "5");
        assertTrue(again.out().contains("0 layers computed, 6 reused"), again.out());
        CliRun coded = generate("-n", "5", "--codec", "context");
        assertTrue(coded.out().contains("6 layers computed, 0 reused"), coded.out());
    }

    @Test
    void verifyWithoutSamplesChecksChecksumsOnlyAndSaysSo() {
        generate("-n", "4");
        CliRun v = CliRun.of("verify", "--samples", "0", "--data", dir.toString());
        assertEquals(0, v.exit(), v.out());
        assertTrue(v.out().contains("checksums only"), v.out());
        assertFalse(v.out().matches("(?s).*[1-9]\\d* positions? checked.*"), v.out());
    }

    @Test
    void aCompleteRerunDecodesNothing() {
        generate("-n", "7");
        CliRun again = generate("-n", "7");
        assertTrue(again.out().contains("0 layers computed, 8 reused (0 of them decoded)"), again.out());
        CliRun more = generate("-n", "9");
        assertTrue(more.out().contains("2 layers computed, 8 reused (8 of them decoded)"), more.out());
    }
}
