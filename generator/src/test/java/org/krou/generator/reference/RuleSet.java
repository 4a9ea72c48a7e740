package org.krou.generator.reference;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A rule set: {@code awari} (its own rule; the option fields are then null/0 and unused) or a setting
 * of the four options. {@code overCapNone} is false for {@code keep-first}; with cap 6 it is always
 * false.
 */
public record RuleSet(boolean awari, GrandSlam grandSlam, int cap, boolean overCapNone, NoFeed noFeed) {
    /** The grand-slam option. */
    public enum GrandSlam {
        CANCEL, FORBID, CAPTURE, SPARE_FIRST, SPARE_LAST, CAPTURE_GIVE;

        String word() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    /** The no-feed option. */
    public enum NoFeed {
        MOVER_TAKES, NOBODY_TAKES, PLAY_ON;

        String word() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    static final RuleSet AWARI = new RuleSet(true, null, 0, false, null);
    static final RuleSet ABAPA = new RuleSet(false, GrandSlam.CANCEL, 6, false, NoFeed.MOVER_TAKES);
    private static final Map<String, RuleSet> PRESETS = presets();

    private static Map<String, RuleSet> presets() {
        Map<String, RuleSet> m = new LinkedHashMap<>();
        m.put("abapa", ABAPA);
        m.put("awari", AWARI);
        m.put("lemery", new RuleSet(false, GrandSlam.CANCEL, 5, false, NoFeed.MOVER_TAKES));
        m.put("myriad", new RuleSet(false, GrandSlam.CAPTURE, 4, false, NoFeed.MOVER_TAKES));
        m.put("grand-slam-forbidden", new RuleSet(false, GrandSlam.FORBID, 6, false, NoFeed.MOVER_TAKES));
        return m;
    }

    /** The preset names, in the order of the presets table. */
    public static List<String> presetNames() {
        return List.copyOf(PRESETS.keySet());
    }

    /** A preset name or a canonical string; anything else throws IllegalArgumentException. */
    public static RuleSet parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no rule set");
        }
        RuleSet preset = PRESETS.get(text);
        if (preset != null) {
            return preset;
        }
        String[] parts = text.split(",", -1);
        String[] keys = {"grand-slam", "cap", "over-cap", "no-feed"};
        if (parts.length != keys.length) {
            throw new IllegalArgumentException("not a preset nor grand-slam=<g>,cap=<c>,over-cap=<o>,no-feed=<f>: '"
                    + text + "'");
        }
        String[] v = new String[keys.length];
        for (int k = 0; k < keys.length; k++) {
            if (!parts[k].startsWith(keys[k] + "=")) {
                throw new IllegalArgumentException("expected '" + keys[k] + "=' in position " + (k + 1) + " of '"
                        + text + "'");
            }
            v[k] = parts[k].substring(keys[k].length() + 1);
        }
        GrandSlam g = null;
        for (GrandSlam x : GrandSlam.values()) {
            if (x.word().equals(v[0])) {
                g = x;
            }
        }
        int cap = switch (v[1]) {
            case "6" -> 6;
            case "5" -> 5;
            case "4" -> 4;
            default -> -1;
        };
        boolean none = v[2].equals("none");
        NoFeed f = null;
        for (NoFeed x : NoFeed.values()) {
            if (x.word().equals(v[3])) {
                f = x;
            }
        }
        if (g == null || cap < 0 || f == null || !(none || v[2].equals("keep-first"))) {
            throw new IllegalArgumentException("unknown option value in '" + text + "'");
        }
        if (cap == 6 && none) {
            throw new IllegalArgumentException("not canonical (with cap=6 over-cap is written keep-first): '"
                    + text + "'");
        }
        return new RuleSet(false, g, cap, none, f);
    }

    /** {@code awari}, or {@code grand-slam=<g>,cap=<c>,over-cap=<o>,no-feed=<f>}. */
    public String canonical() {
        if (awari) {
            return "awari";
        }
        return "grand-slam=" + grandSlam.word() + ",cap=" + cap + ",over-cap=" + (overCapNone ? "none" : "keep-first")
                + ",no-feed=" + noFeed.word();
    }

    /** The preset name when this rule set is a preset, else the canonical string: the table directory's name. */
    public String id() {
        for (Map.Entry<String, RuleSet> e : PRESETS.entrySet()) {
            if (e.getValue().equals(this)) {
                return e.getKey();
            }
        }
        return canonical();
    }
}
