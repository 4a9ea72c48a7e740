package org.krou.util;

import java.util.Locale;

/**
 * Counts in messages, in the singular for one: {@code "1 pit"}, {@code "6 pits"}.
 *
 * <pre>{@code
 * Words.count(1, "position", "positions");          // "1 position"
 * Words.grouped(20000, "position", "positions");    // "20,000 positions"
 * Words.noun(n, "ply", "plies");                    // the word alone
 * }</pre>
 */
public final class Words {
    private Words() {
    }

    /** {@code one} if {@code n} is 1 (or -1), else {@code many}. */
    public static String noun(long n, String one, String many) {
        return n == 1 || n == -1 ? one : many;
    }

    /** {@code n} and its noun, e.g. {@code "1 pit"}, {@code "20000 positions"}. */
    public static String count(long n, String one, String many) {
        return n + " " + noun(n, one, many);
    }

    /** {@code n} with thousands separators and its noun, e.g. {@code "20,000 positions"}. */
    public static String grouped(long n, String one, String many) {
        return String.format(Locale.ROOT, "%,d %s", n, noun(n, one, many));
    }
}
