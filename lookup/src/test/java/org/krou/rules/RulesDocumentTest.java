package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.krou.ProjectRoot;

/**
 * Plays the worked examples of {@code docs/RULES.md} through {@link Position#play}: every line of
 * the forms
 * <pre>
 * VARIANT  POSITION  MOVE -> POSITION AFTER  captures C  [game over: South S, North N]
 * VARIANT  POSITION  MOVE -> illegal
 * VARIANT  POSITION  legal: MOVES | none
 * </pre>
 * with {@code VARIANT} one of {@code abapa}, {@code awari}, {@code both}. A failure names the
 * line of the document.
 */
class RulesDocumentTest {
    private static final String POS = "(\\d+(?: \\d+){5} / \\d+(?: \\d+){5} [SN])";
    private static final Pattern EXAMPLE = Pattern.compile("^\\s*(abapa|awari|both)\\s+" + POS + "\\s+(.*?)\\s*$");
    private static final Pattern PLAYED = Pattern.compile(
            "([a-fA-F]) -> " + POS + "\\s+captures (\\d+)(?:\\s+game over: South (\\d+), North (\\d+))?");
    private static final Pattern ILLEGAL = Pattern.compile("([a-fA-F]) -> illegal");
    private static final Pattern LEGAL = Pattern.compile("legal: (none|[a-fA-F](?: [a-fA-F])*)");

    @Test
    void workedExamplesMatchTheCode() throws IOException {
        Path doc = ProjectRoot.find().resolve("docs/RULES.md");
        List<String> lines = Files.readAllLines(doc);
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = EXAMPLE.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            String at = "docs/RULES.md:" + (i + 1) + ": ";
            List<Variant> variants = m.group(1).equals("both")
                    ? List.of(Variant.ABAPA, Variant.AWARI) : List.of(Variant.parse(m.group(1)));
            Position p = Notation.parse(m.group(2));
            String claim = m.group(3).replaceAll("\\s+", " ");
            for (Variant v : variants) {
                checked++;
                String got = describe(p, v, claim, at);
                if (!got.equals(claim)) {
                    wrong.add(at + v.id() + " " + p + ": the document says '" + claim + "', the code gives '"
                            + got + "'");
                }
            }
        }
        assertTrue(checked >= 40, "only " + checked + " worked examples found in " + doc
                + ": were their lines reformatted?");
        assertEquals(List.of(), wrong, "worked examples that disagree with the code");
    }

    /** What the code says about {@code claim}'s subject, written in the document's form. */
    private static String describe(Position p, Variant v, String claim, String at) {
        Matcher legal = LEGAL.matcher(claim);
        if (legal.matches()) {
            List<Character> moves = p.legalMoves(v);
            StringBuilder sb = new StringBuilder("legal: ");
            for (int k = 0; k < moves.size(); k++) {
                sb.append(k == 0 ? "" : " ").append(moves.get(k));
            }
            return moves.isEmpty() ? "legal: none" : sb.toString();
        }
        Matcher played = PLAYED.matcher(claim);
        Matcher illegal = ILLEGAL.matcher(claim);
        char move;
        if (played.matches()) {
            move = played.group(1).charAt(0);
        } else if (illegal.matches()) {
            move = illegal.group(1).charAt(0);
        } else {
            throw new AssertionError(at + "cannot read '" + claim + "': expected 'MOVE -> POSITION  captures C"
                    + " [game over: South S, North N]', 'MOVE -> illegal' or 'legal: MOVES|none'");
        }
        MoveResult r;
        try {
            r = p.play(move, v);
        } catch (IllegalMoveException e) {
            return move + " -> illegal";
        }
        String s = move + " -> " + r.after() + " captures " + r.captured();
        if (r.gameOver()) {
            s += " game over: South " + r.end().southCaptured() + ", North " + r.end().northCaptured();
        }
        return s;
    }
}
