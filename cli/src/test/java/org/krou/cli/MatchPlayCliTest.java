package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** match and play from the opening with the engine: tiny budgets over tables to 8 seeds. */
class MatchPlayCliTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() {
        CliRun g = CliRun.of("generate", "-n", "8", "--data", dir.toString());
        assertEquals(0, g.exit(), g.err());
    }

    private static final Pattern GAME = Pattern.compile(
            "game (\\d+): opening ([a-fA-F ]+), A (South|North): (\\d+) pl(?:y|ies), ([a-z ]+); "
                    + "A ([\\d.]+), B ([\\d.]+): "
                    + "(A wins|B wins|draw)");
    private static final Pattern SCORE = Pattern.compile(
            "Score of A: (\\d+) wins?, (\\d+) draws?, (\\d+) loss(?:es)? in 4 games; seeds A ([\\d.]+), B ([\\d.]+)");

    @Test
    void matchPlaysEveryGameToItsEndAndAddsUpTheScore() {
        CliRun r = CliRun.of("match", "horizon=8,nodes=300", "horizon=none,nodes=300", "--games", "4",
                "--opening-plies", "3", "--seed", "5", "--data", dir.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().filter(l -> l.startsWith("game ")).toList();
        assertEquals(4, lines.size(), r.out());
        double a = 0;
        double b = 0;
        int wins = 0;
        int draws = 0;
        String[] openings = new String[4];
        for (int i = 0; i < 4; i++) {
            Matcher m = GAME.matcher(lines.get(i));
            assertTrue(m.find(), lines.get(i));
            assertEquals(i + 1, Integer.parseInt(m.group(1)));
            openings[i] = m.group(2);
            assertEquals(3, openings[i].split(" ").length, lines.get(i));
            assertEquals(i % 2 == 0 ? "South" : "North", m.group(3), "colours alternate: " + lines.get(i));
            assertTrue(List.of("no seeds", "cannot feed", "repetition", "move limit").contains(m.group(5)));
            double sa = Double.parseDouble(m.group(6));
            double sb = Double.parseDouble(m.group(7));
            assertEquals(48, sa + sb, 1e-9, "every seed is counted: " + lines.get(i));
            assertEquals(sa > sb ? "A wins" : sa < sb ? "B wins" : "draw", m.group(8), lines.get(i));
            wins += sa > sb ? 1 : 0;
            draws += sa == sb ? 1 : 0;
            a += sa;
            b += sb;
        }
        assertEquals(openings[0], openings[1], "each opening is played twice");
        assertEquals(openings[2], openings[3], "each opening is played twice");
        Matcher s = SCORE.matcher(r.out());
        assertTrue(s.find(), r.out());
        assertEquals(wins, Integer.parseInt(s.group(1)));
        assertEquals(draws, Integer.parseInt(s.group(2)));
        assertEquals(4 - wins - draws, Integer.parseInt(s.group(3)));
        assertEquals(a, Double.parseDouble(s.group(4)), 1e-9);
        assertEquals(b, Double.parseDouble(s.group(5)), 1e-9);
        // a move limit ends a game too, the seeds left shared
        CliRun limited = CliRun.of("match", "horizon=none,depth=1", "horizon=none,depth=1", "--games", "1",
                "--max-plies", "6", "--data", dir.toString());
        assertEquals(0, limited.exit(), limited.err());
        assertTrue(limited.out().contains(": 6 plies, move limit;"), limited.out());
    }

    @Test
    void badConfigurationsAreUsageErrors() {
        CliRun bad = CliRun.of("match", "horizon=9", "nodes=10", "--data", dir.toString());
        assertEquals(2, bad.exit(), bad.out());
        assertTrue(bad.err().contains("A 'horizon=9': horizon 9: the tables cover 0..8 seeds"), bad.err());
        CliRun key = CliRun.of("match", "nodes=10", "speed=3", "--data", dir.toString());
        assertEquals(2, key.exit(), key.out());
        assertTrue(key.err().contains("unknown key 'speed'"), key.err());
    }

    /**
     * Random openings longer than 20 plies would leave the result to chance (after 20 random plies
     * 9 openings in 10 have captured seeds): refused in one line, the bound in the help.
     */
    @Test
    void openingsAreAtMost20Plies() {
        for (String k : new String[] {"21", "500"}) {
            CliRun r = CliRun.of("match", "horizon=none,depth=1", "horizon=none,depth=1", "--opening-plies", k,
                    "--data", dir.toString());
            assertEquals(2, r.exit(), r.out() + r.err());
            assertEquals("", r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("error: --opening-plies " + k + ": at most 20"), r.err());
        }
        CliRun twenty = CliRun.of("match", "horizon=none,depth=1", "horizon=none,depth=1", "--opening-plies", "20",
                "--games", "1", "--max-plies", "4", "--data", dir.toString());
        assertEquals(0, twenty.exit(), twenty.err());
        assertTrue(twenty.out().matches("(?s).*game 1: opening( [a-fA-F]){20}, .*"), twenty.out());
        assertTrue(CliRun.of("match", "--help").out().contains("at most 20"));
    }

    @Test
    void playStartsFromTheOpeningAndTheEngineAnswersEachMove() {
        CliRun r = CliRun.withInput("c\nhint\nd\ne\nquit\n", "play", "--data", dir.toString(), "--nodes", "500",
                "--no-store");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("[ 4][ 4][ 4][ 4][ 4][ 4]"), r.out());
        assertEquals(3, r.out().split("North plays ", -1).length - 1, r.out());
        assertTrue(r.out().contains("value between"), "the hint above the tables is the engine's: " + r.out());
        assertTrue(r.out().contains("Game left."), r.out());
        CliRun north = CliRun.withInput("quit\n", "play", "--side", "N", "--data", dir.toString(), "--nodes", "500",
                "--no-store");
        assertEquals(0, north.exit(), north.err());
        assertEquals(1, north.out().split("South plays ", -1).length - 1, "the engine opens: " + north.out());
    }
}
