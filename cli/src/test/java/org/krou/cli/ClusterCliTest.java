package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.cluster.ClusterWorker;
import org.krou.cluster.HazelcastTransport;
import org.krou.testkit.FreePorts;

/**
 * {@code krou generate --cluster} against two workers on loopback, each with a data directory of
 * its own: the tables of {@code krou generate}; and {@code krou worker} needs its own directory.
 */
class ClusterCliTest {
    @TempDir
    Path dir;

    @Test
    void clusterGenerateWritesTheTablesOfGenerate() throws Exception {
        int max = 9;
        Path single = dir.resolve("single");
        Path coordinator = dir.resolve("coordinator");
        CliRun one = CliRun.of("generate", "--max-seeds", "" + max, "--data", single.toString(), "--threads", "1");
        assertEquals(0, one.exit(), one.err());
        int[] ports = {FreePorts.next(), FreePorts.next(), FreePorts.next()};
        List<String> all = List.of("127.0.0.1:" + ports[0], "127.0.0.1:" + ports[1], "127.0.0.1:" + ports[2]);
        List<HazelcastTransport> members = new ArrayList<>();
        List<ClusterWorker> workers = new ArrayList<>();
        try {
            for (int i = 1; i <= 2; i++) {
                var c = HazelcastTransport.config("krou-cli-test-" + ports[0], "127.0.0.1", ports[i], all);
                c.setProperty("hazelcast.logging.type", "none");
                HazelcastTransport t = HazelcastTransport.start(c);
                members.add(t);
                workers.add(ClusterWorker.start(t, 1, dir.resolve("worker-" + i)));
            }
            CliRun run = CliRun.of("generate", "--cluster", all.get(1) + "," + all.get(2), "--port", "" + ports[0],
                    "--host", "127.0.0.1", "--cluster-name", "krou-cli-test-" + ports[0], "--max-seeds", "" + max,
                    "--data", coordinator.toString(), "--threads", "1");
            assertEquals(0, run.exit(), run.err());
            assertTrue(run.out().contains("on 2 workers, " + (max + 1) + " layers computed"), run.out());
        } finally {
            workers.forEach(ClusterWorker::close);
            members.forEach(HazelcastTransport::close);
        }
        for (int n = 0; n <= max; n++) {
            for (String f : List.of(String.format("values-%02d.krou", n), String.format("values-%02d.stats", n))) {
                assertArrayEquals(Files.readAllBytes(single.resolve("abapa").resolve(f)),
                        Files.readAllBytes(coordinator.resolve("abapa").resolve(f)), f);
            }
        }
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
        CliRun r = CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:1", "--data", file.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("error: --data " + file + ": cannot create the directory"), r.err());
    }

    @Test
    void clusterRefusesOptionsItDoesNotTake() {
        CliRun r = CliRun.of("generate", "--cluster", "127.0.0.1:1", "--dtc", "--data", dir.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("error: --cluster does not take --dtc"), r.err());
    }
}
