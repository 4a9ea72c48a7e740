package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.krou.rules.Position;

/** The API's reading of {@code position=}: the same position, or the same error, as {@link Position#parse}. */
class ApiParseTest {
    /** What {@code parse} gives: the position's notation and side, or the error's message. */
    private static String outcome(java.util.function.Function<String, Position> parse, String text) {
        try {
            Position p = parse.apply(text);
            return p + " " + p.toMove() + " " + p.southCaptured() + "," + p.northCaptured();
        } catch (IllegalArgumentException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    @Test
    void readsEveryTextAsTheNotationDoes() {
        List<String> texts = new ArrayList<>(List.of("4 4 4 4 4 4 / 4 4 4 4 4 4 S", "4 4 4 4 4 4 / 4 4 4 4 4 4 N",
                "4 4 4 4 4 4 / 4 4 4 4 4 4", "4,4,4,4,4,4/4,4,4,4,4,4,n", " 1 0 0 0 0 0 / 0 0 0 0 0 1 s ",
                "1\t0\t0 0 0 0/0 0 0 0 0 1\tN", "\uFEFF1 0 0 0 0 0 / 0 0 0 0 0 1 N", "+1 0 0 0 0 0 / 0 0 0 0 0 1 N",
                "01 0 0 0 0 0 / 0 0 0 0 0 1 N", "1 0 0 0 0 0 / 0 0 0 0 0 1N", "1 0 0 0 0 0 / 0 0 0 0 0 1 S N",
                "1 0 0 0 0 0 / 0 0 0 0 0 1 X", "1 0 0 0 0 0 / 0 0 0 0 0 1 S,", "1 0 0 0 0 0 / 0 0 0 0 0 1 S\n",
                "1 0 0 0 0 0 / 0 0 0 0 0 1\nN", "49 0 0 0 0 0 / 0 0 0 0 0 0", "8 8 8 8 8 8 / 8 8 8 8 8 9 S", "x", "",
                " ", "N", "/", "1 0 0 0 0 / 0 0 0 0 0 1", "1 0 0 0 0 0 0 / 0 0 0 0 0 1", "1 0 0 0 0 0 // 0 0 0 0 0 1",
                "\u0663 0 0 0 0 0 / 0 0 0 0 0 1", "0 0 0 0 0 0 / 0 0 0 0 0 0 N", "1 2 3 4 5 6 / 6 5 4 3 2 1,N,"));
        Random r = new Random(11);
        String[] separators = {" ", "  ", ",", ", ", "\t", " , "};
        String[] sides = {"", " S", " N", " s", " n", ",N", " X", " S S"};
        for (int i = 0; i < 5000; i++) {
            StringBuilder sb = new StringBuilder(r.nextInt(8) == 0 ? " " : "");
            for (int pit = 0; pit < 12; pit++) {
                if (pit == 6) {
                    sb.append(r.nextBoolean() ? " / " : "/");
                } else if (pit > 0) {
                    sb.append(separators[r.nextInt(separators.length)]);
                }
                sb.append(r.nextInt(10) == 0 ? r.nextInt(60) : r.nextInt(5));
            }
            sb.append(sides[r.nextInt(sides.length)]).append(r.nextInt(8) == 0 ? " " : "");
            texts.add(sb.toString());
        }
        for (String t : texts) {
            assertEquals(outcome(Position::parse, t), outcome(Api::parse, t), "reading '" + t + "'");
        }
    }
}
