package org.krou.rules;

/** A move that may not be played in a position, with the reason. */
public final class IllegalMoveException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final char move;
    private final String reason;

    /** @param reason why, in words, e.g. "the pit is empty" */
    public IllegalMoveException(char move, Position position, String reason) {
        super("illegal move '" + move + "' in " + position + ": " + reason);
        this.move = move;
        this.reason = reason;
    }

    /** The refused move letter. */
    public char move() {
        return move;
    }

    /** Why it was refused. */
    public String reason() {
        return reason;
    }
}
