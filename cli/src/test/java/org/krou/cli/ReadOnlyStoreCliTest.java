package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables that cannot be written (a read-only mount, another user's directory): analyse and play
 * go on without the analysis store after a one-line warning, and store info and store verify
 * read the store as it is.
 */
class ReadOnlyStoreCliTest {
    @TempDir
    static Path dir;
    private static Path withStore;
    private static Path withoutStore;
    private static CliRun infoBefore;

    private static final String TEN = "0 0 3 1 2 1 / 1 1 0 0 0 1 S";

    @BeforeAll
    static void tablesAndAStoreMadeReadOnly() throws Exception {
        withStore = dir.resolve("with");
        withoutStore = dir.resolve("without");
        for (Path d : new Path[] {withStore, withoutStore}) {
            CliRun g = CliRun.of("generate", "-n", "8", "--data", d.toString());
            assertEquals(0, g.exit(), g.err());
        }
        CliRun a = CliRun.of("analyse", "--data", withStore.toString(), "--nodes", "3000", TEN);
        assertEquals(0, a.exit(), a.err());
        infoBefore = CliRun.of("store", "info", "--data", withStore.toString());
        assertEquals(0, infoBefore.exit(), infoBefore.err());
        assertTrue(infoBefore.out().contains("seeds 10: "), infoBefore.out());
        ReadOnly.make(withStore);
        ReadOnly.make(withoutStore);
    }

    @AfterAll
    static void writableAgain() throws Exception {
        ReadOnly.undo(withStore);
        ReadOnly.undo(withoutStore);
    }

    /** One warning line naming the store, no Java class name, no stack trace. */
    private static void warnedOnce(CliRun r, Path data) {
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().startsWith("warning: analysis store " + data.resolve("abapa/analysis.cm")), r.err());
        assertTrue(r.err().contains("without it"), r.err());
        assertFalse(r.err().matches("(?s).*(Exception|\\.java|\tat ).*"), r.err());
    }

    @Test
    void analyseGoesOnWithoutTheStore() {
        for (Path data : new Path[] {withStore, withoutStore}) {
            CliRun r = CliRun.of("analyse", "--data", data.toString(), "--nodes", "3000", TEN);
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("Best: "), r.out());
            assertFalse(r.out().contains("Store "), "no store summary: " + r.out());
            warnedOnce(r, data);
        }
    }

    @Test
    void playGoesOnWithoutTheStore() {
        CliRun r = CliRun.withInput("quit\n", "play", "--data", withStore.toString(), "--nodes", "500", "--from", TEN);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("Game left."), r.out());
        warnedOnce(r, withStore);
    }

    @Test
    void storeInfoAndVerifyReadTheStoreAsItIs() {
        CliRun info = CliRun.of("store", "info", "--data", withStore.toString());
        assertEquals(0, info.exit(), info.err());
        assertEquals(infoBefore.out(), info.out());
        CliRun verify = CliRun.of("store", "verify", "--data", withStore.toString());
        assertEquals(0, verify.exit(), verify.out() + verify.err());
        assertTrue(verify.out().contains(", 0 problems"), verify.out());
    }

    /** Clearing cannot work here: one error line with the reason. */
    @Test
    void storeClearSaysWhyItCannot() {
        CliRun clear = CliRun.of("store", "clear", "--data", withStore.toString());
        assertEquals(1, clear.exit(), clear.out() + clear.err());
        assertEquals(1, clear.err().lines().count(), clear.err());
        assertTrue(clear.err().startsWith("error: cannot remove " + withStore.resolve("abapa/analysis.cm") + ": "),
                clear.err());
        assertFalse(clear.err().contains("Exception"), clear.err());
    }
}
