package org.krou.cli;

import org.krou.rules.Variant;
import picocli.CommandLine.Option;

/**
 * The rule set of a command: {@code --variant} (a preset or {@code key=value} options) and the
 * options one by one, which change the preset's ({@code --variant lemery --no-feed play-on}).
 * A mixin of {@link TableOptions} and of {@code verify}; see docs/RULES.md, "Rule options".
 */
final class RuleOptions {
    @Option(names = "--variant", paramLabel = "RULES",
            description = "Rule set: abapa (default), awari, lemery, myriad, grand-slam-forbidden, or options as"
                    + " grand-slam=forbid,cap=4 (the others as in abapa).")
    String variant;

    @Option(names = "--grand-slam", paramLabel = "G",
            description = "A capture that would empty the opponent's row: cancel, forbid, capture, spare-first,"
                    + " spare-last or capture-give.")
    String grandSlam;

    @Option(names = "--cap", paramLabel = "C", description = "The most pits one capture takes: 6, 5 or 4.")
    String cap;

    @Option(names = "--over-cap", paramLabel = "O",
            description = "A chain longer than the cap: keep-first (its first pits) or none (nothing).")
    String overCap;

    @Option(names = "--no-feed", paramLabel = "F",
            description = "When no move can feed the opponent: mover-takes, nobody-takes or play-on.")
    String noFeed;

    /** True if any rule option was given. */
    boolean given() {
        return variant != null || grandSlam != null || cap != null || overCap != null || noFeed != null;
    }

    /**
     * The rule set given, or {@code otherwise} if none was.
     *
     * @throws IllegalArgumentException saying which option is wrong and what is accepted
     */
    Variant variant(Variant otherwise) {
        if (!given()) {
            return otherwise;
        }
        Variant base = variant == null ? Variant.ABAPA : Variant.parse(variant);
        StringBuilder o = new StringBuilder();
        append(o, "grand-slam", grandSlam);
        append(o, "cap", cap);
        append(o, "over-cap", overCap);
        append(o, "no-feed", noFeed);
        return o.length() == 0 ? base : base.with(o.toString());
    }

    private static void append(StringBuilder o, String key, String value) {
        if (value != null) {
            if (value.contains(",") || value.contains("=")) {
                throw new IllegalArgumentException("--" + key + " '" + value + "': one value, without ',' or '='");
            }
            o.append(o.length() == 0 ? "" : ",").append(key).append('=').append(value);
        }
    }
}
