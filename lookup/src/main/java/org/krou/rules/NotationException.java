package org.krou.rules;

/** A position text that could not be read; the message names the problem and the expected form. */
public final class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String input;
    private final String problem;

    /**
     * @param input   the text refused; the message quotes an excerpt of it ({@link Notation#excerpt})
     * @param problem what is wrong, e.g. "South has 5 pits: expected 6 before '/'"
     */
    public NotationException(String input, String problem) {
        super("bad position '" + Notation.excerpt(input) + "': " + problem + " (" + Notation.FORM + ")");
        this.input = input;
        this.problem = problem;
    }

    /** The whole text that was refused. */
    public String input() {
        return input;
    }

    /** The problem alone, without the expected form. */
    public String problem() {
        return problem;
    }
}
