package org.krou.server;

import org.krou.rules.Notation;
import org.krou.rules.Position;

/**
 * The seeds already captured, given as {@code S,N} ({@code --captured} of the command,
 * {@code captured=} of the HTTP API): one reading and one set of limits for both.
 */
public final class Captured {
    private Captured() {
    }

    /**
     * {@code p} with the captured counts of {@code captured} ({@code "S,N"}), or {@code p} when
     * {@code captured} is null.
     *
     * @param name how the caller's user gave the counts, for messages: {@code "--captured"} on the
     *             command line, {@code "captured="} in a URL
     * @throws IllegalArgumentException unless {@code captured} is two whole numbers that, with the
     *         seeds on the board, make at most 48, saying what is allowed
     */
    public static Position apply(Position p, String captured, String name) {
        if (captured == null) {
            return p;
        }
        String sep = name.endsWith("=") ? "" : " ";
        int room = Position.TOTAL_SEEDS - p.seeds();
        String[] parts = captured.trim().split("\\s*,\\s*", -1);
        if (parts.length != 2 || !parts[0].matches("[0-9]+") || !parts[1].matches("[0-9]+")) {
            throw new IllegalArgumentException(name + (sep.isEmpty() ? "" : " ") + "'" + Notation.excerpt(captured)
                    + "': expected two whole numbers S,N, the seeds South and North have captured so far, e.g. "
                    + name + sep + "20,18");
        }
        int s = count(parts[0]);
        int n = count(parts[1]);
        if (s > room || n > room || s + n > room) {
            throw new IllegalArgumentException(name + (sep.isEmpty() ? "" : " ") + "'" + Notation.excerpt(captured)
                    + "': with " + p.seeds() + " seeds on the board at most " + room + " can have been captured ("
                    + Position.TOTAL_SEEDS + " in a game): give two counts that add up to " + room
                    + " or less, e.g. " + name + sep + (room - room / 2) + "," + room / 2);
        }
        return new Position(p.pits(), p.toMove(), s, n);
    }

    /** A count of digits, or Integer.MAX_VALUE for one beyond 48 that an int cannot hold. */
    private static int count(String digits) {
        String d = digits.replaceFirst("^0+(?=.)", "");
        return d.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(d);
    }
}
