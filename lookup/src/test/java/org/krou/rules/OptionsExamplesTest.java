package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The worked examples of the rule options (docs/RULES.md), from {@code options-examples.csv}
 * (see its header for the columns), played through the production kernel: the legal moves,
 * the board after each move, the seeds it captures and whether the game is over after it. The
 * values of the rows are checked in the generator module ({@code OptionsExamplesValuesTest}),
 * which has a solver.
 */
class OptionsExamplesTest {
    static final String RESOURCE = "options-examples.csv";

    /** One data row; {@code value} is null when the example gives none. */
    record Row(int line, Variant rules, int[] board, String move, String expected, String captured, String ends,
               Integer value) {
        Position position() {
            return new Position(board, Side.SOUTH, 0, 0);
        }

        @Override
        public String toString() {
            return "line " + line + ": " + rules.id() + " " + Arrays.toString(board) + " " + move;
        }
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (CsvLines.Line l : CsvLines.read(RESOURCE, 7)) {
            String[] f = l.fields();
            int k = f.length - 6; // the rule set may hold commas itself
            String rules = Arrays.stream(f, 0, k).map(String::trim).collect(Collectors.joining(","));
            Variant v = Variant.parse(rules);
            assertEquals(rules, v.isPreset() ? v.id() : v.canonical(), RESOURCE + " line " + l.number()
                    + ": a rule set is named by its preset or its canonical string");
            int[] board = Notation.parse(f[k].trim() + " S").pits();
            String value = f[k + 5].trim();
            rows.add(new Row(l.number(), v, board, f[k + 1].trim(), f[k + 2].trim(), f[k + 3].trim(), f[k + 4].trim(),
                    value.isEmpty() ? null : Integer.valueOf(value)));
        }
        return rows;
    }

    static Stream<Row> cases() throws IOException {
        return rows().stream();
    }

    @Test
    void theFileHoldsEveryExample() throws IOException {
        List<Row> rows = rows();
        assertTrue(rows.size() >= 50, "only " + rows.size() + " rows read from " + RESOURCE);
        for (Variant v : Variant.presets()) {
            assertTrue(rows.stream().anyMatch(r -> r.rules().equals(v)), "no row for " + v.id());
        }
        for (Variant.GrandSlam g : Variant.GrandSlam.values()) {
            assertTrue(rows.stream().anyMatch(r -> !r.rules().isAwari() && r.rules().grandSlam() == g), "no row for " + g);
        }
        for (Variant.NoFeed f : Variant.NoFeed.values()) {
            assertTrue(rows.stream().anyMatch(r -> r.rules().noFeed() == f), "no row for " + f);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void example(Row row) {
        String at = RESOURCE + " " + row + ": ";
        Position p = row.position();
        if (row.move().equals("moves")) {
            String got = p.legalMoves(row.rules()).stream().map(String::valueOf).collect(Collectors.joining(" "));
            assertEquals(row.expected(), got.isEmpty() ? "none" : got, at + "legal moves");
            return;
        }
        char move = row.move().charAt(0);
        if (row.expected().equals("illegal")) {
            assertThrows(IllegalMoveException.class, () -> p.play(move, row.rules()), at + "illegal");
            return;
        }
        MoveResult r = p.play(move, row.rules());
        String after = Notation.format(r.after());
        assertEquals(row.expected() + " N", after.substring(0, after.indexOf(" N") + 2), at + "board after the move");
        assertEquals(Integer.parseInt(row.captured()), r.captured(), at + "captured");
        assertEquals(row.ends().equals("yes"), r.gameOver(), at + "game over after the move");
    }
}
