package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rule sets on the command line: presets by name, options one by one or as a canonical string,
 * tables side by side in {@code DIR/<id>/}, a table never read under other rules, and bad
 * options refused with exit 2. Worked example 2 of the rule options (docs/RULES.md) tells the
 * rule sets apart: South {@code 0 0 0 0 3 0 / 1 2 0 0 0 0} is worth -6 when the grand slam is
 * cancelled, +6 when it captures, 0 when it spares the last pit.
 */
class RuleSetsCliTest {
    private static final String EXAMPLE = "0 0 0 0 3 0 / 1 2 0 0 0 0 S";
    private static final String SPARE_LAST = "grand-slam=spare-last,cap=6,over-cap=keep-first,no-feed=mover-takes";

    @TempDir
    Path dir;

    private CliRun run(String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--data";
        all[args.length + 1] = dir.toString();
        return CliRun.of(all);
    }

    @Test
    void eachRuleSetHasItsTablesAndItsValues() throws Exception {
        assertEquals(0, run("generate", "--variant", "lemery", "--max-seeds", "8").exit());
        // the options of myriad, given one by one, are myriad
        CliRun m = run("generate", "--grand-slam", "capture", "--cap", "4", "--max-seeds", "8");
        assertEquals(0, m.exit(), m.err());
        assertTrue(Files.isRegularFile(dir.resolve("myriad/values-08.krou")), m.out());
        assertEquals(0, run("generate", "--variant", "grand-slam=spare-last", "--max-seeds", "8").exit());
        assertTrue(Files.isRegularFile(dir.resolve(SPARE_LAST).resolve("values-08.krou")));

        assertEquals("-6", value(run("probe", "--variant", "lemery", "--json", EXAMPLE)));
        assertEquals("6", value(run("probe", "--variant", "myriad", "--json", EXAMPLE)));
        assertEquals("0", value(run("probe", "--grand-slam", "spare-last", "--json", EXAMPLE)));
        assertEquals("0", value(run("probe", "--variant", SPARE_LAST, "--json", EXAMPLE)));

        CliRun info = run("info");
        assertEquals(0, info.exit(), info.err());
        int lemery = info.out().indexOf("lemery values tables");
        int myriad = info.out().indexOf("myriad values tables");
        int spare = info.out().indexOf(SPARE_LAST + " values tables");
        assertTrue(lemery >= 0 && myriad > lemery && spare > myriad, "presets first, then the others: " + info.out());
        CliRun verify = run("verify", "--variant", "myriad");
        assertEquals(0, verify.exit(), verify.out() + verify.err());
        assertTrue(verify.out().contains("myriad: OK"), verify.out());
        CliRun stats = run("stats", "--variant", "lemery");
        assertEquals(0, stats.exit(), stats.err());
        assertTrue(stats.out().startsWith("seeds 0 positions 1: 0=1"), stats.out());

        // a table of other rules in lemery's directory is refused, naming both rule sets
        Files.copy(dir.resolve("myriad/values-06.krou"), dir.resolve("lemery/values-06.krou"),
                StandardCopyOption.REPLACE_EXISTING);
        CliRun wrong = run("probe", "--variant", "lemery", EXAMPLE);
        assertEquals(Main.TABLES, wrong.exit(), wrong.out());
        assertTrue(wrong.err().contains("'myriad'") && wrong.err().contains("'lemery'"), wrong.err());
        assertFalse(wrong.err().contains("\tat "), wrong.err());
    }

    @Test
    void pvSaysWhoTakesTheSeedsLeftUnderTheRuleSet() {
        // capture-give: e captures 5 and ends the game; North, left without seeds, takes South's 1
        assertEquals(0, run("generate", "--grand-slam", "capture-give", "--max-seeds", "6").exit());
        CliRun pv = run("pv", "--grand-slam", "capture-give", EXAMPLE);
        assertEquals(0, pv.exit(), pv.err());
        assertTrue(pv.out().contains("North has no seeds: North takes the 1 left."), pv.out());
        assertTrue(pv.out().contains("Final score: South 5, North 1: South wins"), pv.out());
        // nobody-takes: South cannot feed, the 3 seeds left go to no one
        assertEquals(0, run("generate", "--no-feed", "nobody-takes", "--max-seeds", "3").exit());
        CliRun unfed = run("pv", "--no-feed", "nobody-takes", "1 2 0 0 0 0 / 0 0 0 0 0 0 S");
        assertEquals(0, unfed.exit(), unfed.err());
        assertTrue(unfed.out().contains("South cannot feed North: nobody takes the 3 left."), unfed.out());
        assertTrue(unfed.out().contains("Final score: South 0, North 0: draw"), unfed.out());
    }

    private static String value(CliRun r) {
        assertEquals(0, r.exit(), r.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"value\":(-?[0-9]+)").matcher(r.out());
        assertTrue(m.find(), r.out());
        return m.group(1); // the position's value comes before its moves' values
    }

    @Test
    void badRuleOptionsExit2SayingWhatIsAccepted() {
        String[][] cases = {
            {"--cap", "7"}, {"expected 6, 5 or 4"},
            {"--grand-slam", "steal"}, {"expected one of cancel, forbid, capture, spare-first, spare-last, capture-give"},
            {"--variant", "awari", "--cap", "5"}, {"awari takes no rule options"},
            {"--variant", "cap=5,cap=4"}, {"given twice"},
            {"--variant", "colour=red"}, {"unknown rule option 'colour'"},
            {"--no-feed", "play-on,cap=5"}, {"one value"},
        };
        for (int i = 0; i < cases.length; i += 2) {
            String[] args = new String[cases[i].length + 3];
            args[0] = "probe";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            args[args.length - 2] = "--json";
            args[args.length - 1] = EXAMPLE;
            CliRun r = run(args);
            assertEquals(2, r.exit(), String.join(" ", cases[i]) + ": " + r.err());
            assertTrue(r.err().contains(cases[i + 1][0]), String.join(" ", cases[i]) + ": " + r.err());
            assertFalse(r.err().contains("\tat "), r.err());
        }
    }
}
