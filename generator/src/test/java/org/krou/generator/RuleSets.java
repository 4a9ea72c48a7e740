package org.krou.generator;

import java.util.List;
import java.util.stream.Stream;
import org.krou.rules.Variant;

/**
 * The rule sets the tests cover: every preset, and each option on its own (the other options
 * as in abapa), as issue-level exactness asks; duplicates (an option alone that is a preset)
 * are listed once.
 */
final class RuleSets {
    /** Every preset, then every option alone. */
    static final List<Variant> ALL = Stream.of("abapa", "awari", "lemery", "myriad", "grand-slam-forbidden",
            "grand-slam=capture", "grand-slam=spare-first", "grand-slam=spare-last", "grand-slam=capture-give",
            "cap=4", "cap=5,over-cap=none", "cap=4,over-cap=none", "no-feed=nobody-takes", "no-feed=play-on")
            .map(Variant::parse).distinct().toList();

    /** {@link #ALL} but abapa and awari, which other tests cover at length. */
    static final List<Variant> OPTIONS = ALL.stream()
            .filter(v -> !v.equals(Variant.ABAPA) && !v.equals(Variant.AWARI)).toList();

    private RuleSets() {
    }

    static Stream<Variant> all() {
        return ALL.stream();
    }

    static Stream<Variant> options() {
        return OPTIONS.stream();
    }
}
