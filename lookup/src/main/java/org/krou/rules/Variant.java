package org.krou.rules;

import java.util.Locale;

/**
 * The rule sets the tables are computed under; see {@code docs/RULES.md}.
 *
 * <pre>{@code
 * Variant v = Variant.parse("awari");   // Variant.AWARI
 * }</pre>
 */
public enum Variant {
    /** Grand slam cancelled: the move stands, nothing is captured (the default). */
    ABAPA,
    /**
     * Computer Olympiad rules: captures always happen, but a move leaving the opponent without
     * seeds is illegal unless every move does so.
     */
    AWARI;

    /** The lower-case name used on the command line, in file names and in table headers. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a variant name, case-insensitively.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Variant parse(String s) {
        for (Variant v : values()) {
            if (v.id().equalsIgnoreCase(s.trim())) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + s + "': expected abapa or awari");
    }
}
