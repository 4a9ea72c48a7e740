package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.probe.Tablebase;
import picocli.CommandLine;

/**
 * {@code --cache-mb} on probe, pv and play: it reaches the tables' options, the answers are right
 * with any bound, and bad values are refused with exit 2.
 */
class CacheOptionCliTest {
    private static final String TWO = "0 0 0 0 0 1 / 1 0 0 0 0 0 S";

    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() {
        CliRun g = CliRun.of("generate", "--max-seeds", "4", "--data", dir.toString(), "--threads", "1");
        assertEquals(0, g.exit(), g.err());
    }

    /** Parses {@code args} for {@code command} and opens the tables as the command does. */
    private static <C extends Callable<Integer>> long cacheBytes(C command, Function<C, CacheOptions> cache,
            Function<C, TableOptions> tables, String... args) {
        new CommandLine(command).parseArgs(args);
        try (Tablebase tb = cache.apply(command).open(tables.apply(command))) {
            return tb.options().cacheBytes();
        }
    }

    @Test
    void theBoundReachesTheTablebaseOfEachCommand() {
        String d = dir.toString();
        assertEquals(3L << 20, cacheBytes(new ProbeCommand(), c -> c.cache, c -> c.tables,
                "--data", d, "--cache-mb", "3", TWO));
        assertEquals(0, cacheBytes(new PvCommand(), c -> c.cache, c -> c.tables, "--data", d, "--cache-mb", "0", TWO));
        assertEquals(5L << 20, cacheBytes(new PlayCommand(), c -> c.cache, c -> c.tables,
                "--data", d, "--cache-mb", " 5 "));
        assertEquals(Tablebase.Options.DEFAULT.cacheBytes(), cacheBytes(new ProbeCommand(), c -> c.cache,
                c -> c.tables, "--data", d, TWO));
    }

    @Test
    void commandsRunWithAnyBound() throws Exception {
        for (String mb : new String[] {"0", "1", "64"}) {
            CliRun p = CliRun.of("probe", "--data", dir.toString(), "--cache-mb", mb, TWO);
            assertEquals(0, p.exit(), p.err());
            assertTrue(p.out().contains("Value -2"), p.out());
            CliRun b = CliRun.withInput(TWO + "\n1 1 0 0 0 0 / 1 0 0 0 0 0 S\n", "probe", "--batch", "--data",
                    dir.toString(), "--cache-mb", mb);
            assertEquals("-2\n3\n", b.out().replace("\r", ""), b.err());
            // docs/RULES.md, worked example 8: South's only move f is a cancelled grand slam, and North,
            // unable to feed South, takes its 2 seeds
            CliRun pv = CliRun.of("pv", "--json", "--data", dir.toString(), "--cache-mb", mb, TWO);
            assertEquals(0, pv.exit(), pv.err());
            JsonNode line = new ObjectMapper().readTree(pv.out());
            assertEquals(-2, line.get("value").asInt(), pv.out());
            assertEquals(1, line.get("line").size(), pv.out());
            assertEquals("f", line.get("line").get(0).get("move").asText(), pv.out());
            assertEquals(0, line.get("line").get(0).get("captured").asInt(), pv.out());
            assertEquals("cannot-feed", line.get("end").asText(), pv.out());
            assertEquals(0.0, line.get("result").get("south").asDouble(), pv.out());
            assertEquals(2.0, line.get("result").get("north").asDouble(), pv.out());
            CliRun play = CliRun.withInput("f\n", "play", "--data", dir.toString(), "--cache-mb", mb, "--side", "S",
                    "--from", TWO);
            assertEquals(0, play.exit(), play.err());
            assertTrue(play.out().contains("Value for the side to move: -2."), play.out());
            assertTrue(play.out().contains("Final score: South 0, North 2: North wins\nThe engine wins."),
                    play.out());
        }
    }

    @Test
    void badBoundsAreRefusedWithExitTwo() {
        long heapMb = Runtime.getRuntime().maxMemory() >> 20;
        String[] bad = {"-1", "abc", "1.5", "", "12MB", String.valueOf(heapMb + 1), "99999999999999999999"};
        for (String mb : bad) {
            for (String[] cmd : new String[][] {{"probe", TWO}, {"pv", TWO}, {"play", "--from", TWO}}) {
                String[] args = {cmd[0], "--data", dir.toString(), "--cache-mb", mb};
                String[] all = new String[args.length + cmd.length - 1];
                System.arraycopy(args, 0, all, 0, args.length);
                System.arraycopy(cmd, 1, all, args.length, cmd.length - 1);
                CliRun r = CliRun.withInput("", all);
                assertEquals(2, r.exit(), cmd[0] + " --cache-mb '" + mb + "': " + r.err());
                assertEquals(1, r.err().lines().count(), "one line: " + r.err());
                assertTrue(r.err().startsWith("error: "), r.err());
                assertTrue(r.err().contains("--cache-mb"), r.err());
            }
        }
        CliRun missing = CliRun.of("probe", "--data", dir.resolve("none").toString(), "--cache-mb", "-1", TWO);
        assertEquals(2, missing.exit(), "a bad bound is a usage error even without tables: " + missing.err());
    }
}
