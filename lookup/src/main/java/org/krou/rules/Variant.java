package org.krou.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A rule set: how a capture is settled and what happens when no move can feed (see
 * {@code docs/RULES.md}, "Rule options" and "Presets"). Four independent options,
 * {@code grand-slam}, {@code cap}, {@code over-cap} and {@code no-feed}, give every rule set
 * but {@link #AWARI}, which has its own legality rule and takes no options.
 *
 * <p>Immutable; equal rule sets are {@link #equals equal}, and a rule set equal to a preset is
 * that preset's constant. {@link #id()} names it in directories, table headers, URLs and
 * messages: the preset name, or else the canonical string
 * {@code grand-slam=<g>,cap=<c>,over-cap=<o>,no-feed=<f>}.
 *
 * <pre>{@code
 * Variant v = Variant.parse("lemery");                        // Variant.LEMERY
 * Variant w = Variant.parse("grand-slam=forbid,cap=4");       // the other options as in abapa
 * w.id();   // "grand-slam=forbid,cap=4,over-cap=keep-first,no-feed=mover-takes"
 * }</pre>
 */
public final class Variant {
    /** What a capture that would empty the opponent's row does. */
    public enum GrandSlam {
        /** Nothing is captured; the move is legal (abapa). */
        CANCEL,
        /** Illegal unless every move the feeding rule allows is one; then played as {@link #CANCEL}. */
        FORBID,
        /** The whole chain is captured; the opponent cannot move, the mover takes the rest. */
        CAPTURE,
        /** The chain is captured except its first pit (the landing pit). */
        SPARE_FIRST,
        /** The chain is captured except its last pit (the one furthest back). */
        SPARE_LAST,
        /** The whole chain is captured, the game ends and the opponent takes the seeds left. */
        CAPTURE_GIVE;

        /** The option value as written, e.g. {@code "spare-first"}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** What a chain longer than the cap does. */
    public enum OverCap {
        /** Only the first {@code cap} pits of the chain are captured. */
        KEEP_FIRST,
        /** Nothing is captured. */
        NONE;

        /** The option value as written, e.g. {@code "keep-first"}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** What happens when the opponent's row is empty and no move can reach it. */
    public enum NoFeed {
        /** The game ends; the mover takes the seeds left (value {@code +n}). */
        MOVER_TAKES,
        /** The game ends; the seeds left count for no one (value 0). */
        NOBODY_TAKES,
        /** Every non-empty pit is legal; afterwards the opponent cannot move. */
        PLAY_ON;

        /** The option value as written, e.g. {@code "play-on"}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** The default: grand slam cancelled, no cap, the mover takes the rest when it cannot feed. */
    public static final Variant ABAPA = new Variant("abapa", GrandSlam.CANCEL, 6, OverCap.KEEP_FIRST,
            NoFeed.MOVER_TAKES, false);
    /**
     * Computer Olympiad rules: captures always happen, but a move leaving the opponent without
     * seeds is illegal unless every move does so. Takes no options.
     */
    public static final Variant AWARI = new Variant("awari", GrandSlam.CAPTURE, 6, OverCap.KEEP_FIRST,
            NoFeed.MOVER_TAKES, true);
    /** Lemery Games' boards: a chain captures at most its first 5 pits. */
    public static final Variant LEMERY = new Variant("lemery", GrandSlam.CANCEL, 5, OverCap.KEEP_FIRST,
            NoFeed.MOVER_TAKES, false);
    /** Myriad's Awalé: at most 4 pits, a grand slam captures and ends the game. */
    public static final Variant MYRIAD = new Variant("myriad", GrandSlam.CAPTURE, 4, OverCap.KEEP_FIRST,
            NoFeed.MOVER_TAKES, false);
    /** Myriad's "awalé commun": a grand slam may not be played unless it is forced. */
    public static final Variant GRAND_SLAM_FORBIDDEN = new Variant("grand-slam-forbidden", GrandSlam.FORBID, 6,
            OverCap.KEEP_FIRST, NoFeed.MOVER_TAKES, false);

    private static final List<Variant> PRESETS = List.of(ABAPA, AWARI, LEMERY, MYRIAD, GRAND_SLAM_FORBIDDEN);
    private static final String FORMS = "a preset (abapa, awari, lemery, myriad, grand-slam-forbidden) or options"
            + " such as grand-slam=forbid,cap=4,over-cap=keep-first,no-feed=mover-takes";

    private final String preset;
    private final GrandSlam grandSlam;
    private final int cap;
    private final OverCap overCap;
    private final NoFeed noFeed;
    private final boolean awari;
    private final String canonical;

    private Variant(String preset, GrandSlam grandSlam, int cap, OverCap overCap, NoFeed noFeed, boolean awari) {
        this.preset = preset;
        this.grandSlam = grandSlam;
        this.cap = cap;
        this.overCap = cap == 6 ? OverCap.KEEP_FIRST : overCap;
        this.noFeed = noFeed;
        this.awari = awari;
        this.canonical = awari ? "awari" : "grand-slam=" + grandSlam.id() + ",cap=" + cap + ",over-cap="
                + this.overCap.id() + ",no-feed=" + noFeed.id();
    }

    /**
     * The rule set with these options: the preset's constant if it equals one.
     *
     * @param cap 6 (no cap), 5 or 4
     * @throws IllegalArgumentException for another cap
     */
    public static Variant of(GrandSlam grandSlam, int cap, OverCap overCap, NoFeed noFeed) {
        if (cap < 4 || cap > 6) {
            throw new IllegalArgumentException("cap " + cap + ": expected 6, 5 or 4");
        }
        Variant v = new Variant(null, grandSlam, cap, overCap, noFeed, false);
        for (Variant p : PRESETS) {
            if (p.canonical.equals(v.canonical)) {
                return p;
            }
        }
        return v;
    }

    /** The named presets, {@link #ABAPA} first. */
    public static List<Variant> presets() {
        return PRESETS;
    }

    /**
     * The name used on the command line, for directories, in table headers and URLs: the preset
     * name ({@code "abapa"}) or else the {@link #canonical()} string.
     */
    public String id() {
        return preset != null ? preset : canonical;
    }

    /**
     * The canonical form, all four options in a fixed order ({@code over-cap} written
     * {@code keep-first} when {@code cap} is 6, where it changes nothing); {@code "awari"} for
     * {@link #AWARI}.
     */
    public String canonical() {
        return canonical;
    }

    /** True for a named preset. */
    public boolean isPreset() {
        return preset != null;
    }

    /** The grand-slam option ({@link GrandSlam#CAPTURE} for {@link #AWARI}, whose legality rule differs). */
    public GrandSlam grandSlam() {
        return grandSlam;
    }

    /** The most pits a chain captures: 6, 5 or 4. */
    public int cap() {
        return cap;
    }

    /** What a chain longer than {@link #cap()} does. */
    public OverCap overCap() {
        return overCap;
    }

    /** What happens when no move can feed the opponent. */
    public NoFeed noFeed() {
        return noFeed;
    }

    /** True for {@link #AWARI}: a move leaving the opponent no seeds is illegal unless every move does so. */
    public boolean isAwari() {
        return awari;
    }

    /**
     * True if some legal move may leave the opponent with no seeds and the game going on to a
     * board whose mover has none without a capture ({@code no-feed=play-on}, and {@code awari}
     * when every move leaves the opponent's row empty).
     */
    public boolean quietMoveMayStarve() {
        return awari || noFeed == NoFeed.PLAY_ON;
    }

    /**
     * Parses a preset name or options, case-insensitively: {@code key=value} pairs separated by
     * commas, keys {@code grand-slam}, {@code cap}, {@code over-cap}, {@code no-feed}, each at most
     * once; the options not given are abapa's.
     *
     * @throws IllegalArgumentException saying what is wrong and the accepted forms
     */
    public static Variant parse(String s) {
        String text = s.trim().toLowerCase(Locale.ROOT);
        for (Variant v : PRESETS) {
            if (v.preset.equals(text)) {
                return v;
            }
        }
        if (!text.contains("=")) {
            throw new IllegalArgumentException("unknown variant '" + s + "': expected " + FORMS);
        }
        return ABAPA.with(text, s);
    }

    /**
     * This rule set with some options changed, given as in {@link #parse} ({@code key=value}
     * pairs); {@link #AWARI} takes no options.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public Variant with(String options) {
        return with(options.trim().toLowerCase(Locale.ROOT), options);
    }

    private Variant with(String text, String original) {
        if (awari) {
            throw new IllegalArgumentException("awari takes no rule options (it has its own grand-slam rule): '"
                    + original + "'");
        }
        GrandSlam g = grandSlam;
        int c = cap;
        OverCap o = overCap;
        NoFeed f = noFeed;
        List<String> seen = new ArrayList<>();
        for (String pair : text.split(",", -1)) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("'" + pair.trim() + "' in '" + original + "' is not key=value: expected "
                        + FORMS);
            }
            String key = pair.substring(0, eq).trim();
            String value = pair.substring(eq + 1).trim();
            if (seen.contains(key)) {
                throw new IllegalArgumentException("option " + key + " given twice in '" + original + "'");
            }
            seen.add(key);
            switch (key) {
                case "grand-slam" -> g = option(GrandSlam.values(), value, key);
                case "cap" -> c = capOf(value);
                case "over-cap" -> o = option(OverCap.values(), value, key);
                case "no-feed" -> f = option(NoFeed.values(), value, key);
                default -> throw new IllegalArgumentException("unknown rule option '" + key + "' in '" + original
                        + "': expected grand-slam, cap, over-cap or no-feed");
            }
        }
        return of(g, c, o, f);
    }

    private static int capOf(String value) {
        switch (value) {
            case "6":
                return 6;
            case "5":
                return 5;
            case "4":
                return 4;
            default:
                throw new IllegalArgumentException("cap '" + value + "': expected 6, 5 or 4");
        }
    }

    private static <E extends Enum<E>> E option(E[] values, String value, String key) {
        StringBuilder accepted = new StringBuilder();
        for (E e : values) {
            String id = e.name().toLowerCase(Locale.ROOT).replace('_', '-');
            if (id.equals(value)) {
                return e;
            }
            accepted.append(accepted.length() == 0 ? "" : ", ").append(id);
        }
        throw new IllegalArgumentException(key + " '" + value + "': expected one of " + accepted);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Variant v && v.canonical.equals(canonical);
    }

    @Override
    public int hashCode() {
        return canonical.hashCode();
    }

    /** The {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }
}
