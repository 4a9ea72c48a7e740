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

/** {@code krou generate --cluster} against two workers on loopback: the tables of {@code krou generate}. */
class ClusterCliTest {
    @TempDir
    Path dir;

    @Test
    void clusterGenerateWritesTheTablesOfGenerate() throws Exception {
        int max = 9;
        Path single = dir.resolve("single");
        Path shared = dir.resolve("shared");
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
                workers.add(ClusterWorker.start(t, 1));
            }
            CliRun run = CliRun.of("generate", "--cluster", all.get(1) + "," + all.get(2), "--port", "" + ports[0],
                    "--host", "127.0.0.1", "--cluster-name", "krou-cli-test-" + ports[0], "--max-seeds", "" + max,
                    "--data", shared.toString(), "--threads", "1", "--peer-timeout", "30");
            assertEquals(0, run.exit(), run.err());
            assertTrue(run.out().contains("on 2 workers, " + (max + 1) + " layers computed"), run.out());
        } finally {
            workers.forEach(ClusterWorker::close);
            members.forEach(HazelcastTransport::close);
        }
        for (int n = 0; n <= max; n++) {
            for (String f : List.of(String.format("values-%02d.krou", n), String.format("values-%02d.stats", n))) {
                assertArrayEquals(Files.readAllBytes(single.resolve("abapa").resolve(f)),
                        Files.readAllBytes(shared.resolve("abapa").resolve(f)), f);
            }
        }
    }

    @Test
    void aPeerTimeoutOutOfRangeIsRefusedBeforeAnyMemberStarts() {
        CliRun g = CliRun.of("generate", "--cluster", "127.0.0.1:1", "--peer-timeout", "0", "--data", dir.toString());
        assertEquals(2, g.exit(), g.out() + g.err());
        assertTrue(g.err().startsWith("error: --peer-timeout 0 is out of range: expected 1..86400 seconds"), g.err());
        CliRun w = CliRun.of("worker", "--port", "1", "--join", "127.0.0.1:1", "--peer-timeout", "86401");
        assertEquals(2, w.exit(), w.out() + w.err());
        assertTrue(w.err().startsWith("error: --peer-timeout 86401 is out of range"), w.err());
    }

    @Test
    void clusterRefusesOptionsItDoesNotTake() {
        CliRun r = CliRun.of("generate", "--cluster", "127.0.0.1:1", "--dtc", "--data", dir.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("error: --cluster does not take --dtc"), r.err());
    }
}
