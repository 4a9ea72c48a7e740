package org.krou.cli;

import java.util.List;
import org.krou.rules.Notation;
import org.krou.rules.Position;
import picocli.CommandLine.Parameters;

/**
 * The position a command reads from its parameters ({@code probe}, {@code pv}, {@code analyse}),
 * quoted or as separate words; {@code play --from} takes the same words as an option
 * ({@link #HELP}, {@link #join}).
 */
final class PositionParameter {
    /** How a position is written, for the help of every command that reads one. */
    static final String HELP = "'a b c d e f / A B C D E F [S|N]' (South to move if the side is omitted), "
            + "e.g. '0 0 3 1 2 1 / 1 1 0 2 0 2 S', quoted or as separate words";

    private String text;

    // arity 0..*: probe --batch takes no position; the others say it is missing (position())
    @Parameters(arity = "0..*", paramLabel = "POSITION", hideParamSyntax = true, description = "The position: " + HELP + ".")
    void words(List<String> words) {
        text = join(words);
    }

    /** The words of a position as one text. */
    static String join(List<String> words) {
        return String.join(" ", words);
    }

    /** True if a position was given. */
    boolean given() {
        return text != null;
    }

    /**
     * The position given.
     *
     * @throws IllegalArgumentException if none was, or it is not a position (as {@link Position#parse})
     */
    Position position() {
        if (text == null) {
            throw new IllegalArgumentException("missing POSITION (" + Notation.FORM + ")");
        }
        return Position.parse(text);
    }
}
