package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One of a thing is said in the singular: "1 position checked", not "1 positions checked". */
class SingularsCliTest {
    @TempDir
    Path dir;

    private static void says(CliRun r, String text) {
        assertTrue((r.out() + r.err()).contains(text), "'" + text + "' in:\n" + r.out() + r.err());
    }

    @Test
    void oneOfAThingIsSingular() {
        String d = dir.toString();
        CliRun g = CliRun.of("generate", "-n", "0", "--threads", "1", "--data", d);
        assertEquals(0, g.exit(), g.err());
        says(g, "layers 0..0 (1 position) into ");
        says(g, " with 1 thread\n");
        says(g, "Done: 1 position in ");
        says(g, ", 1 layer computed, 0 reused ");
        CliRun v = CliRun.of("verify", "--data", d);
        says(v, "values-00.krou: ok, 1 position checked");
        says(v, "abapa: OK (1 value table, coverage 0..0 seeds)");
        CliRun pits = CliRun.of("probe", "--data", d, "1 / 1 0 0 0 0 0 S");
        says(pits, "South has 1 pit: expected 6");
        CliRun g1 = CliRun.of("generate", "-n", "1", "--data", d);
        assertEquals(0, g1.exit(), g1.err());
        CliRun one = CliRun.of("probe", "--data", d, "0 0 0 0 0 1 / 0 0 0 0 0 0 S");
        says(one, "South to move, 1 seed on the board");
        CliRun m = CliRun.of("match", "horizon=none,depth=1", "horizon=none,depth=1", "--games", "1", "--max-plies",
                "1", "--data", d);
        assertEquals(0, m.exit(), m.err());
        says(m, ": 1 ply, move limit;");
        says(m, " in 1 game;");
        for (String plural : new String[] {" 1 positions", " 1 layers", " 1 pits", " 1 seeds", " 1 games",
            " 1 plies", " 1 threads", " 1 value tables"}) {
            String all = g.out() + v.out() + pits.err() + one.out() + m.out();
            assertFalse(all.contains(plural), "'" + plural + "' in:\n" + all);
        }
    }
}
