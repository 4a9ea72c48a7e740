package org.krou.rules;

/** The two players. South sits at the bottom, owns pits {@code a..f} and moves first. */
public enum Side {
    SOUTH('S'),
    NORTH('N');

    private final char letter;

    Side(char letter) {
        this.letter = letter;
    }

    /** {@code 'S'} or {@code 'N'}, as in the position notation. */
    public char letter() {
        return letter;
    }

    /** The other side. */
    public Side opponent() {
        return this == SOUTH ? NORTH : SOUTH;
    }
}
