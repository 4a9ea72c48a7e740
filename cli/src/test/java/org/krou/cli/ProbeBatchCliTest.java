package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.probe.Tablebase;
import org.krou.rules.Notation;
import org.krou.rules.Position;
import org.krou.rules.Variant;
import org.krou.table.TableException;

/** {@code krou probe --batch}: one line out per line in, values or errors, and its fast reader. */
class ProbeBatchCliTest {
    @TempDir
    Path dir;

    /** Lines the fast reader takes and lines it leaves to {@code Position.parse}, good and bad. */
    private static final List<String> LINES = List.of(
            "0 0 0 0 0 1 / 1 0 0 0 0 0 S",
            "0 0 0 0 0 1 / 1 0 0 0 0 0 N",
            "0 0 0 0 0 1 / 1 0 0 0 0 0",
            "  0,0,1,0,0,0 / 0,0,0,1,0,1 n  ",
            "0 0 1 0 0 0/0 0 0 1 0 0\ts",
            ",0,0,0,2,0,0,/,0,1,0,0,0,0,N,",
            "0 0 0 0 0 1 / 1 0 0 0 0",          // North has 5 pits
            "0 0 0 0 0 1 / 1 0 0 0 0 0 X",      // unknown side
            "0 0 0 0 0 1 1 0 0 0 0 0 S",        // no slash
            "",                                 // empty
            "0 0 0 0 0 1 / 1 0 0 0 0 x",        // bad pit
            "0 0 0 0 0 -1 / 1 0 0 0 0 0 S",     // negative
            "0 0 0 0 0 49 / 0 0 0 0 0 0 S",     // too many in a pit
            "0 0 0 0 0 1 / 1 0 0 0 0 0S",       // side glued to a pit
            "+1 0 0 0 0 0 / 1 0 0 0 0 0 S",     // read by Position.parse (a sign)
            "5 0 0 0 0 0 / 0 0 0 0 0 0 S",      // beyond the tables generated
            "0 0 0 0 0 2 / 0 0 0 0 0 2 S");

    @Test
    void batchPrintsOneLinePerPositionAndAnErrorLineForEachBadOne() throws Exception {
        CliRun g = CliRun.of("generate", "--max-seeds", "4", "--data", dir.toString(), "--threads", "1");
        assertEquals(0, g.exit(), g.err());
        String input = String.join("\n", LINES) + "\n";
        CliRun r = CliRun.withInput(input, "probe", "--batch", "--data", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        List<String> out = r.out().lines().toList();
        assertEquals(LINES.size(), out.size(), String.join("\n", out));

        List<String> expected = new ArrayList<>();
        try (Tablebase tb = Tablebase.open(dir, Variant.ABAPA)) {
            for (String line : LINES) {
                try {
                    expected.add(Integer.toString(tb.value(Position.parse(line))));
                } catch (IllegalArgumentException | TableException e) {
                    expected.add("error: " + e.getMessage());
                }
            }
        }
        assertEquals(expected, out);
        assertEquals("-2", out.get(0)); // South loses both seeds (docs/HTTP.md batch example)
        for (int i = 0; i < LINES.size(); i++) {
            String o = out.get(i);
            assertTrue(o.matches("-?\\d+") || o.startsWith("error: "), o);
        }
        assertTrue(out.get(6).startsWith("error: bad position '0 0 0 0 0 1 / 1 0 0 0 0': North has 5 pits"),
                out.get(6));
        assertTrue(out.get(15).startsWith("error: ") && out.get(15).contains("5"), out.get(15));
        assertTrue(out.get(16).matches("-?\\d+"), "the line after errors is probed: " + out.get(16));
    }

    @Test
    void fastReaderAgreesWithPositionParse() {
        int[] board = new int[12];
        for (String line : LINES) {
            checkAgrees(line, board);
        }
        for (String line : LINES.subList(0, 6)) {
            assertTrue(Notation.readBoard(line, board), "the fast reader takes " + line);
        }
        String[] odd = {"4 4 4 4 4 4 / 4 4 4 4 4 4", "04 4 4 4 4 4 / 4 4 4 4 4 4 S", "4 4 4 4 4 4 // 4 4 4 4 4 4",
            "4 4 4 4 4 4 / 4 4 4 4 4 4 S S", "4 4 4 4 4 4 / 4 4 4 4 4 4 4", "4 4 4 4 4 4 / 4 4 4 4 4 5 N",
            "4 4 4 4 4 / 4 4 4 4 4 4 4 S", "4 4 4 4 4 4 / 4 4 4 4 4 4 S\r", "4 4 4 4 4 4 / 4 4 4 4 4 4 south",
            "1 2 3 4 5 6 /", "/ 1 2 3 4 5 6 1 2 3 4 5 6", "0000000000007 0 0 0 0 0 / 0 0 0 0 0 0 n",
            "\u0663 0 0 0 0 0 / 0 0 0 0 0 0 S", "1 2 3 4 5 6 / 6 5 4 3 2 1 S,,", "1 2 3 4 5 6 /\t6 5 4 3 2 1"};
        for (String line : odd) {
            checkAgrees(line, board);
        }
        Random rnd = new Random(7);
        for (int k = 0; k < 2000; k++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 12; i++) {
                sb.append(rnd.nextInt(rnd.nextBoolean() ? 5 : 12)).append(i == 5 ? " / " : rnd.nextInt(4) == 0 ? "," : " ");
            }
            sb.append(rnd.nextBoolean() ? "S" : rnd.nextBoolean() ? "n" : "");
            checkAgrees(sb.toString(), board);
        }
    }

    private static void checkAgrees(String line, int[] board) {
        int[] expected;
        try {
            expected = Position.parse(line).moverRelative();
        } catch (IllegalArgumentException e) {
            assertFalse(Notation.readBoard(line, board), "fast reader took a bad line: " + line);
            return;
        }
        if (Notation.readBoard(line, board)) {
            assertArrayEquals(expected, board, line);
        }
    }
}
