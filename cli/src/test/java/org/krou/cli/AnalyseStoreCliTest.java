package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** analyse and store on tables of 0..10 seeds. */
class AnalyseStoreCliTest {
    @TempDir
    static Path dir;

    private static final String P12 = "0 3 1 0 2 1 / 1 0 1 0 1 2 S";

    @BeforeAll
    static void generate() {
        CliRun g = CliRun.of("generate", "-n", "10", "--data", dir.toString());
        assertEquals(0, g.exit(), g.err());
    }

    @Test
    void analyseProvesWritesTheStoreAndAnswersFromItTheSecondTime() throws Exception {
        String data = dir.resolve("a").toString();
        Files.createDirectories(Path.of(data));
        CliRun g = CliRun.of("generate", "-n", "10", "--data", data);
        assertEquals(0, g.exit(), g.err());
        CliRun first = CliRun.of("analyse", "--data", data, "--nodes", "2000000", "--json", P12);
        assertEquals(0, first.exit(), first.err());
        JsonNode a = new ObjectMapper().readTree(first.out());
        for (String field : new String[] {"position", "lo", "hi", "exact", "best", "line", "depth", "nodes"}) {
            assertTrue(a.has(field), field + " in " + first.out());
        }
        assertTrue(a.get("exact").asBoolean(), first.out());
        assertEquals("search", a.get("source").asText());
        CliRun probe = CliRun.of("probe", "--data", dir.toString(), "--json", "0 3 1 0 2 1 / 1 0 1 0 1 2 S");
        assertEquals(3, probe.exit(), "12 seeds are beyond the tables: " + probe.err());
        CliRun second = CliRun.of("analyse", "--data", data, "--nodes", "2000000", P12);
        assertEquals(0, second.exit(), second.err());
        assertTrue(second.out().contains("exact (from the analysis store)"), second.out());
        assertTrue(second.out().contains("Value " + String.format("%+d", a.get("lo").asInt())), second.out());
        CliRun info = CliRun.of("store", "info", "--data", data);
        assertEquals(0, info.exit(), info.err());
        assertTrue(info.out().contains("seeds 12: "), info.out());
        CliRun verify = CliRun.of("store", "verify", "--data", data);
        assertEquals(0, verify.exit(), verify.out() + verify.err());
        assertTrue(verify.out().contains(", 0 problems"), verify.out());
        CliRun clear = CliRun.of("store", "clear", "--data", data);
        assertEquals(0, clear.exit(), clear.err());
        assertTrue(Files.notExists(Path.of(data, "abapa", "analysis.cm")));
        CliRun none = CliRun.of("store", "info", "--data", data);
        assertEquals(1, none.exit());
        assertTrue(none.err().startsWith("error: no analysis store"), none.err());
    }

    @Test
    void analyseRefusesBadInputWithOneLine() {
        String data = dir.toString();
        CliRun bad = CliRun.of("analyse", "--data", data, "--no-store", "4 4 4 / 4 4 4");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().startsWith("error: ") && bad.err().strip().lines().count() == 1, bad.err());
        CliRun horizon = CliRun.of("analyse", "--data", data, "--no-store", "--horizon", "11", P12);
        assertEquals(2, horizon.exit());
        assertTrue(horizon.err().contains("cover 0..10"), horizon.err());
        CliRun depth = CliRun.of("analyse", "--data", data, "--no-store", "--depth", "0", P12);
        assertEquals(2, depth.exit(), depth.err());
        CliRun tables = CliRun.of("analyse", "--data", dir.resolve("none").toString(), "--no-store", P12);
        assertEquals(3, tables.exit(), tables.err());
        CliRun entries = CliRun.of("analyse", "--data", data, "--store-entries", "0", P12);
        assertEquals(2, entries.exit(), entries.err());
    }

    @Test
    void aFullStoreIsAnErrorAfterTheAnswer() {
        String data = dir.resolve("full").toString();
        CliRun g = CliRun.of("generate", "-n", "10", "--data", data);
        assertEquals(0, g.exit(), g.err());
        CliRun a = CliRun.of("analyse", "--data", data, "--store-entries", "2", "--depth", "12", "--horizon", "6",
                "4 0 3 0 2 1 / 1 0 1 0 1 2 S");
        assertEquals(1, a.exit(), a.out() + a.err());
        assertTrue(a.out().contains("Best: "), a.out());
        assertTrue(a.err().startsWith("error: analysis store ") && a.err().contains("is full"), a.err());
    }
}
