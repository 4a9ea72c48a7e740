package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.cluster.AuthTransport;
import org.krou.cluster.ClusterSecret;
import org.krou.cluster.ClusterWorker;
import org.krou.cluster.HazelcastTransport;
import org.krou.cluster.Transport;
import org.krou.testkit.FreePorts;

/**
 * {@code krou generate --cluster} against two workers on loopback, each with a data directory of
 * its own: the tables of {@code krou generate}; {@code --secret-file} required (or
 * {@code --insecure}), and a file that cannot serve refused in one line; and {@code krou worker}
 * needs its own directory.
 */
class ClusterCliTest {
    private static final String SECRET = "q2V0Z3JlYXQtc2VjcmV0LWZvci1rcm91LXRlc3Rz";

    @TempDir
    Path dir;

    /**
     * With a secret file, workers behind {@link AuthTransport} of the same secret (the secret
     * never printed); with {@code --insecure}, plain workers and a warning.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void clusterGenerateWritesTheTablesOfGenerate(boolean withSecret) throws Exception {
        int max = 9;
        Path single = dir.resolve("single");
        Path coordinator = dir.resolve("coordinator");
        CliRun one = CliRun.of("generate", "--max-seeds", "" + max, "--data", single.toString(), "--threads", "1");
        assertEquals(0, one.exit(), one.err());
        Path secretFile = Files.writeString(dir.resolve("krou.secret"), SECRET + "\n");
        Files.setPosixFilePermissions(secretFile, PosixFilePermissions.fromString("rw-------"));
        ClusterSecret secret = withSecret ? ClusterSecret.read(secretFile) : null;
        String name = "krou-cli-test-" + System.nanoTime();
        int[] ports = {FreePorts.next(), FreePorts.next(), FreePorts.next()};
        List<String> all = List.of("127.0.0.1:" + ports[0], "127.0.0.1:" + ports[1], "127.0.0.1:" + ports[2]);
        List<Transport> members = new ArrayList<>();
        List<ClusterWorker> workers = new ArrayList<>();
        try {
            for (int i = 1; i <= 2; i++) {
                var c = HazelcastTransport.config(withSecret ? secret.clusterName(name) : name, "127.0.0.1", ports[i], all);
                c.setProperty("hazelcast.logging.type", "none");
                HazelcastTransport hz = HazelcastTransport.start(c);
                Transport t = withSecret ? new AuthTransport(hz, secret) : hz;
                members.add(t);
                workers.add(ClusterWorker.start(t, 1, dir.resolve("worker-" + i)));
            }
            List<String> args = new ArrayList<>(List.of("generate", "--cluster", all.get(1) + "," + all.get(2),
                    "--port", "" + ports[0], "--host", "127.0.0.1", "--cluster-name", name, "--max-seeds", "" + max,
                    "--data", coordinator.toString(), "--threads", "1", "--peer-timeout", "30"));
            args.addAll(withSecret ? List.of("--secret-file", secretFile.toString()) : List.of("--insecure"));
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, run.exit(), run.err());
            assertTrue(run.out().contains("on 2 workers, " + (max + 1) + " layers computed"), run.out());
            assertEquals(withSecret ? "" : "warning: --insecure: any process that reaches this member's port can join "
                    + "the cluster and send it work; use --secret-file FILE on any network others reach\n", run.err());
            assertFalse((run.out() + run.err()).contains(SECRET), "the secret is never printed");
        } finally {
            workers.forEach(ClusterWorker::close);
            members.forEach(Transport::close);
        }
        for (int n = 0; n <= max; n++) {
            for (String f : List.of(String.format("values-%02d.krou", n), String.format("values-%02d.stats", n))) {
                assertArrayEquals(Files.readAllBytes(single.resolve("abapa").resolve(f)),
                        Files.readAllBytes(coordinator.resolve("abapa").resolve(f)), f);
            }
        }
    }

    @Test
    void aPeerTimeoutOutOfRangeIsRefusedBeforeAnyMemberStarts() {
        CliRun g = CliRun.of("generate", "--cluster", "127.0.0.1:1", "--insecure", "--peer-timeout", "0", "--data",
                dir.toString());
        assertEquals(2, g.exit(), g.out() + g.err());
        assertTrue(g.err().lines().anyMatch(l -> l.equals("error: --peer-timeout 0 is out of range: expected 1..86400 "
                + "seconds")), g.err());
        CliRun w = CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:1", "--insecure", "--data", dir.toString(),
                "--peer-timeout", "86401");
        assertEquals(2, w.exit(), w.out() + w.err());
        assertTrue(w.err().lines().anyMatch(l -> l.startsWith("error: --peer-timeout 86401 is out of range")), w.err());
    }

    @Test
    void aClusterMemberWithoutASecretFileIsRefused() {
        for (String[] args : List.of(new String[] {"worker", "--port", "1", "--join", "127.0.0.1:2", "--data", dir.toString()},
                new String[] {"generate", "--cluster", "127.0.0.1:1", "--data", dir.toString()})) {
            CliRun r = CliRun.of(args);
            assertEquals(2, r.exit(), r.out() + r.err());
            assertEquals("error: a cluster needs --secret-file FILE: make one with `head -c 32 /dev/urandom | base64 "
                    + "> krou.secret; chmod 600 krou.secret` and give the same file to every member (or --insecure, "
                    + "on a network nobody else reaches)\n", r.err(), args[0]);
        }
    }

    @Test
    void secretFilesThatCannotServeAreRefusedWithoutTheirContent() throws Exception {
        Path shortOne = Files.writeString(dir.resolve("short.secret"), "tiny-secret-15b\n");
        Path empty = Files.writeString(dir.resolve("empty.secret"), "");
        Path missing = dir.resolve("missing.secret");
        for (String[] c : List.of(
                new String[] {shortOne.toString(), "the secret is shorter than 16 bytes: make one with"},
                new String[] {empty.toString(), "the file is empty: make a secret with"},
                new String[] {missing.toString(), "cannot read it: no such file or directory: " + missing})) {
            for (String command : List.of("worker", "generate")) {
                CliRun r = command.equals("worker")
                        ? CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:2", "--data", dir.toString(), "--secret-file", c[0])
                        : CliRun.of("generate", "--cluster", "127.0.0.1:1", "--data", dir.toString(), "--secret-file", c[0]);
                assertEquals(2, r.exit(), r.out() + r.err());
                assertTrue(r.err().startsWith("error: --secret-file " + c[0] + ": " + c[1]), r.err());
                assertEquals(1, r.err().lines().count(), r.err());
                assertFalse(r.err().contains("tiny-secret"), r.err());
            }
        }
    }

    @Test
    void secretOptionsGoWithAClusterAndNotTogether() throws Exception {
        Path secret = Files.writeString(dir.resolve("krou.secret"), SECRET);
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
        // a file others can read is used, with a warning (the run then stops at its other error)
        CliRun shared = CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:2", "--data", dir.toString(), "--threads", "0",
                "--secret-file", secret.toString());
        assertEquals("warning: --secret-file " + secret + " is readable by other users of this machine: chmod 600 "
                + secret + "\nerror: --threads 0 is out of range: expected 1..1024\n", shared.err());
        assertEquals(2, shared.exit());
        CliRun both = CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:2", "--data", dir.toString(), "--secret-file", secret.toString(),
                "--insecure");
        assertEquals(2, both.exit(), both.err());
        assertEquals("error: --secret-file and --insecure exclude each other\n", both.err());
        CliRun alone = CliRun.of("generate", "--max-seeds", "1", "--data", dir.toString(), "--secret-file", secret.toString());
        assertEquals(2, alone.exit(), alone.err());
        assertEquals("error: --secret-file and --insecure go with --cluster\n", alone.err());
    }

    @Test
    void aWorkerNeedsADataDirectoryOfItsOwn() {
        CliRun r = CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:1");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("Missing required option: '--data=DIR'"), r.err());
    }

    @Test
    void aWorkerRefusesADataDirectoryItCannotCreate() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "not a directory");
        CliRun r = CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:1", "--data", file.toString(), "--insecure");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("error: --data " + file + ": cannot create the directory")), r.err());
    }

    @Test
    void aWorkerRefusesAMemoryCapThatIsNotASize() {
        CliRun r = CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:1", "--data", dir.toString(), "--insecure",
                "--memory", "12x");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().endsWith("error: --memory '12x': expected a size such as 16g, 800m or 1.5g\n"), r.err());
    }

    @Test
    void clusterRefusesOptionsItDoesNotTake() {
        CliRun r = CliRun.of("generate", "--cluster", "127.0.0.1:1", "--dtc", "--data", dir.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("error: --cluster does not take --dtc"), r.err());
    }
}
