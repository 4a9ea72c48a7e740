package org.krou.generator.reference;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A deliberately simple and slow reference solver for Oware endgame values, written only from
 * {@code docs/RULES.md}, to cross-check the fast retrograde generator. It shares no code with it.
 *
 * <h2>Positions</h2>
 * A board is mover-relative: {@code p0..p5} are the mover's pits in sowing order, {@code p6..p11}
 * the opponent's. After a move the child is rotated so that the other side is the mover:
 * {@code child = after[6..11] ++ after[0..5]}. Each layer (fixed seed count {@code n}) is enumerated
 * in lexicographic order of {@code (p0, ..., p11)}, as {@code long}s packed 5 bits per pit with
 * {@code p0} most significant (so no pit may hold more than 31 seeds), and its values are held in an
 * array in that order. A board is found by its {@link #rank} in that order, a counting formula that is
 * checked against the enumeration, board by board, for every layer solved.
 *
 * <h2>Rule sets</h2>
 * A rule set is {@code awari} or a setting of the four options of docs/RULES.md "Rule options":
 * {@code grand-slam} (cancel, forbid, capture, spare-first, spare-last, capture-give), {@code cap}
 * (6, 5, 4), {@code over-cap} (keep-first, none) and {@code no-feed} (mover-takes, nobody-takes,
 * play-on). It is named by a preset ({@code abapa}, {@code awari}, {@code lemery}, {@code myriad},
 * {@code grand-slam-forbidden}) or by the canonical string
 * {@code grand-slam=<g>,cap=<c>,over-cap=<o>,no-feed=<f>}: all four keys in that order, and with
 * {@code cap=6} the over-cap written {@code keep-first}. Anything else is refused. {@link RuleSet}
 * parses it here, independently of the production code.
 *
 * <h2>Rules implemented</h2>
 * Legal moves and terminal boards, in this order:
 * <ol>
 *   <li>Mover has no seeds: terminal, value {@code -n} (0 when {@code n = 0}), under every rule set.</li>
 *   <li>Candidates are the mover's non-empty pits.</li>
 *   <li>If the opponent's row is empty, the feeders are the candidates that sow at least one seed into
 *       it (pit {@code i} with {@code s} seeds does iff {@code s >= 6 - i}). If there is none, the game
 *       cannot be fed: under {@code awari}, {@code mover-takes} the board is terminal with value
 *       {@code +n}; under {@code nobody-takes} terminal with value 0; under {@code play-on} every
 *       candidate is legal (none can capture; the child has its mover without seeds, worth
 *       {@code -n}, so the move is worth {@code +n}). Otherwise (options) only the feeders stay.</li>
 *   <li>Under {@code grand-slam=forbid}: the grand slams (below) among the moves left are removed,
 *       unless every one of them is a grand slam; then all stay and each is played as under
 *       {@code cancel}.</li>
 *   <li>Under {@code awari}: the legal moves are the candidates whose move (sowing, then the full
 *       capture) leaves the opponent at least one seed; if there is none, every candidate is legal
 *       (a candidate that does not feed an empty row leaves it empty, so it is kept out by the first
 *       clause and let in by the second, like a grand slam).</li>
 * </ol>
 * Sowing skips the origin pit (which only matters with 12+ seeds). Settling the capture when the last
 * seed lands in opponent pit {@code p(j)} now holding 2 or 3:
 * <ol>
 *   <li>The chain is {@code q1 = p(j), q2 = p(j-1), ...}, going back while the pit holds 2 or 3 and
 *       never below {@code p6}: {@code q1..qL}. "First" is {@code q1} (the landing pit), "last" is
 *       {@code qL} (furthest back).</li>
 *   <li>{@code awari}: the whole chain is captured, with no cap and no grand-slam rule.</li>
 *   <li>Options, cap: if {@code L > cap}, {@code keep-first} keeps {@code q1..q(cap)} and {@code none}
 *       empties the chain (nothing captured, no grand slam).</li>
 *   <li>Grand slam: the chain left holds every seed of the opponent's row (all six pits, not only the
 *       chain). Then {@code cancel} and {@code forbid} capture nothing; {@code capture} captures the
 *       whole chain (the child's mover has no seeds: worth {@code -n'} by rule 1, nothing else is
 *       needed); {@code spare-first} captures {@code q2..qL}; {@code spare-last} captures
 *       {@code q1..q(L-1)} (both capture nothing when {@code L = 1}); {@code capture-give} captures the
 *       whole chain and ends the game with the seeds left going to the opponent: the move is worth
 *       {@code c - (n - c)} and the board after it is not looked up.</li>
 *   <li>Otherwise the chain left is captured.</li>
 * </ol>
 *
 * <h2>Algorithm and why it is right</h2>
 * Layers {@code n = 0, 1, 2, ...} are solved in order. A move either captures (at least 2 seeds, so the
 * child lies in an already solved smaller layer; the move is an <em>exit</em> worth
 * {@code captured - value(child)}, or {@code c - (n - c)} for a {@code capture-give} grand slam) or
 * captures nothing (the child has the same {@code n} seeds: a <em>same-layer move</em> worth
 * {@code -value(child)}). Terminal boards (no legal move) have the value fixed by the rules. So within a
 * layer the game is a finite graph game, players alternating, where a play either leaves through an exit
 * with a known integer payoff (seen from the side that took it), ends at a terminal, or goes on forever,
 * which pays 0 (endless play, docs/RULES.md "What a value means", under every rule set).
 * <p>
 * For a threshold {@code t >= 1} let {@code W_t} be the boards where the side to move can force a final
 * difference {@code >= t}, and {@code L_t} the boards where the opponent can force it to be
 * {@code <= -t}. Because {@code t >= 1}, endless play (worth 0) satisfies neither goal, so both are pure
 * reachability goals, and the sets are least fixed points of: a board is in {@code W_t} iff it is
 * terminal with value {@code >= t}, or some legal move is an exit worth {@code >= t} or a same-layer
 * move to a child in {@code L_t} (after the move the roles swap, so the mover's "{@code >= t}" is the
 * child's "{@code <= -t}"); a board is in {@code L_t} iff it is terminal with value {@code <= -t}, or it
 * has legal moves and every one is an exit worth {@code <= -t} or leads to a child in {@code W_t}. The
 * least fixed point is the attractor: a board enters at round {@code k} only if the goal can be forced
 * within a bounded number of plies, and conversely every board from which the goal can be forced in
 * {@code k} plies enters by round {@code k}. Reachability games are determined, so off {@code W_t} the
 * opponent can keep the result {@code <= t - 1} forever (every exit it allows is worth {@code < t} and
 * endless play is worth {@code 0 < t}), and symmetrically off {@code L_t} the mover can keep it
 * {@code >= -t + 1}. Since all payoffs are integers, the value is therefore: the largest {@code t} with
 * the board in {@code W_t}; otherwise minus the largest {@code t} with the board in {@code L_t};
 * otherwise 0 (the mover can keep it {@code >= 0} and the opponent can keep it {@code <= 0}).
 * {@code W_t} and {@code L_t} shrink as {@code t} grows and {@code W_1} and {@code L_1} are disjoint
 * (checked at run time). Values lie in {@code -n..n} because an exit worth {@code c - v(child)} with
 * {@code |v(child)| <= n - c} is in {@code [-n + 2c, n]}, a {@code capture-give} exit is in
 * {@code [-n + 2c, n]} too, and terminals are {@code -n}, 0 or {@code +n}, so {@code t = 1..n} suffices.
 * <p>
 * Each least fixed point is computed with a work list, the textbook attractor: start from the boards
 * that qualify on their own (terminals, exits), then each time a board enters {@code L_t} every board
 * with a same-layer move to it enters {@code W_t}, and each time a board enters {@code W_t} every board
 * with a move to it has one move fewer that is not known to be bad for its mover; when that count
 * reaches 0 it enters {@code L_t}. A board enters only when the definition says so, given boards that
 * are already in (so the sets stay within the least fixed point), and when the list is empty every
 * board that qualifies is in (so they are a fixed point). Each board's legal moves are computed once
 * per layer into flat arrays (same-layer child index, or exit value); the boards with a move to a given
 * board are found by reversing those arrays, never by generating moves backwards, so the fast
 * generator's predecessor code has no counterpart here.
 * <p>
 * {@link #value} also answers for a board with more than {@code maxSeeds} seeds when every legal move
 * captures or ends the game (or it has none): its value is then the best of those moves, computed on
 * the spot, which is how the worked examples of 12 to 18 seeds whose moves do so are checked without
 * solving their layers.
 * <p>
 * Boundary cases: {@code n = 0}: the single board is terminal with value 0 (mover has no seeds,
 * {@code -0}); the threshold loop does nothing. A mover with no seeds is terminal with {@code -n}. A
 * mover with seeds that cannot feed an empty opponent row is terminal with {@code +n}
 * ({@code mover-takes}, {@code awari}) or 0 ({@code nobody-takes}). Under {@code awari} and
 * {@code grand-slam=capture} a move may capture the opponent's whole row; it is an exit to a
 * smaller-layer board whose mover has no seeds, worth {@code captured + n'}.
 */
public final class ReferenceSolver {

    private static final int PITS = 12;
    private static final int BITS = 5;
    private static final int MAX_SUPPORTED_SEEDS = (1 << BITS) - 1;

    /** WAYS[m][r]: the number of ways to put r seeds into m pits, C(r + m - 1, m - 1). */
    private static final long[][] WAYS = ways();

    private final RuleSet rules;
    private final int maxSeeds;
    /** values[n][i]: value of the board of rank i (see {@link #rank}) among those with n seeds. */
    private final byte[][] values;

    /** Solves every mover-relative board with 0..maxSeeds seeds. abapa=true for variant `abapa`, false for `awari`. */
    public ReferenceSolver(boolean abapa, int maxSeeds) {
        this(abapa ? "abapa" : "awari", maxSeeds);
    }

    /**
     * Solves every mover-relative board with 0..maxSeeds seeds under a rule set: a preset name
     * ({@code abapa}, {@code awari}, {@code lemery}, {@code myriad}, {@code grand-slam-forbidden}) or a
     * canonical string {@code grand-slam=<g>,cap=<c>,over-cap=<o>,no-feed=<f>}.
     *
     * @throws IllegalArgumentException for any other rule-set string or a maxSeeds out of 0..31
     */
    public ReferenceSolver(String ruleSet, int maxSeeds) {
        if (maxSeeds < 0 || maxSeeds > MAX_SUPPORTED_SEEDS) {
            throw new IllegalArgumentException("maxSeeds out of range: " + maxSeeds);
        }
        this.rules = RuleSet.parse(ruleSet);
        this.maxSeeds = maxSeeds;
        this.values = new byte[maxSeeds + 1][];
        for (int n = 0; n <= maxSeeds; n++) {
            values[n] = solveLayer(n, enumerate(n));
        }
    }

    /** The largest layer solved. */
    public int maxSeeds() {
        return maxSeeds;
    }

    /** The rule set solved. */
    public RuleSet rules() {
        return rules;
    }

    /**
     * Value of a mover-relative board p0..p11 (p0..p5 mover's pits in sowing order, p6..p11 opponent's, in
     * sowing order): from the tables when it has at most maxSeeds seeds; else only when it is terminal or
     * every legal move captures or ends the game, as the best of its moves (a capture leads to a
     * smaller board).
     *
     * @throws IllegalArgumentException for a board above maxSeeds with a move that captures nothing and
     *     leaves the opponent a legal move
     */
    public int value(int[] board) {
        if (board == null || board.length != PITS) {
            throw new IllegalArgumentException("a board has 12 pits");
        }
        int n = 0;
        for (int s : board) {
            if (s < 0 || s > MAX_SUPPORTED_SEEDS) {
                throw new IllegalArgumentException("pit out of range: " + Arrays.toString(board));
            }
            n += s;
        }
        if (n <= maxSeeds) {
            return values[n][rank(board, n)];
        }
        Integer terminal = terminalValue(board, rules);
        if (terminal != null) {
            return terminal;
        }
        int best = Integer.MIN_VALUE;
        for (int pit : legalPits(board, rules)) {
            best = Math.max(best, moveValue(board, pit));
        }
        return best;
    }

    /**
     * Value to the mover of a legal move: what it captures minus the value of the board it leads to, or
     * {@code c - (n - c)} for a capture-give grand slam.
     *
     * @throws IllegalArgumentException when the move, on a board above maxSeeds, captures nothing and
     *     leaves the opponent a legal move
     */
    public int moveValue(int[] board, int pit) {
        int n = sum(board);
        Play play = play(board, pit, rules);
        int c = play.captured();
        if (play.givesRest()) {
            return c - (n - c);
        }
        int[] child = rotate(play.after());
        if (c == 0 && n > maxSeeds) {
            Integer terminal = terminalValue(child, rules);
            if (terminal == null) {
                throw new IllegalArgumentException("board has " + n + " seeds, solved up to " + maxSeeds
                        + ", and move " + pit + " captures nothing and does not end the game: "
                        + Arrays.toString(board));
            }
            return -terminal;
        }
        return c - value(child);
    }

    /** Number of solved boards with exactly n seeds having each value v, as a map from v to count (for per-layer statistics). */
    public SortedMap<Integer, Long> counts(int n) {
        if (n < 0 || n > maxSeeds) {
            throw new IllegalArgumentException("layer not solved: " + n);
        }
        SortedMap<Integer, Long> result = new TreeMap<>();
        for (byte v : values[n]) {
            result.merge((int) v, 1L, Long::sum);
        }
        return result;
    }

    // ------------------------------------------------------------------ rule sets

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

    /**
     * A rule set: {@code awari} (its own rule; the option fields are then null/0 and unused) or a setting
     * of the four options. {@code overCapNone} is false for {@code keep-first}; with cap 6 it is always
     * false.
     */
    public record RuleSet(boolean awari, GrandSlam grandSlam, int cap, boolean overCapNone, NoFeed noFeed) {

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

    // ------------------------------------------------------------------ solving

    private int lookup(int[] board, int n) {
        return values[n][rank(board, n)];
    }

    /** Solves layer n (its boards, packed, in rank order) once layers 0..n-1 are solved. */
    private byte[] solveLayer(int n, long[] layer) {
        int size = layer.length;
        boolean[] terminal = new boolean[size];
        int[] termValue = new int[size];
        int[] start = new int[size + 1];
        IntList child = new IntList();     // same-layer child index, or -1 for an exit
        IntList exitValue = new IntList(); // value of an exit move for the mover
        int[] board = new int[PITS];
        int[] next = new int[PITS];

        for (int i = 0; i < size; i++) {
            start[i] = child.size();
            unpack(layer[i], board);
            int[] pits = legalPits(board, rules);
            if (pits.length == 0) { // the mover has no seeds, or cannot feed
                terminal[i] = true;
                termValue[i] = moverSeeds(board) == 0 ? -n : cannotFeedValue(n, rules);
                continue;
            }
            for (int pit : pits) {
                Play play = play(board, pit, rules);
                int c = play.captured();
                if (play.givesRest()) {
                    child.add(-1);
                    exitValue.add(c - (n - c)); // the game ends; the seeds left go to the opponent
                } else if (c == 0) {
                    child.add(rank(rotate(play.after(), next), n));
                    exitValue.add(0);
                } else {
                    child.add(-1);
                    exitValue.add(c - lookup(rotate(play.after(), next), n - c));
                }
            }
        }
        start[size] = child.size();
        int[] ch = child.toArray();
        int[] ex = exitValue.toArray();

        byte[] result = new byte[size];
        for (int i = 0; i < size; i++) {
            if (terminal[i]) {
                result[i] = (byte) termValue[i];
            }
        }
        // Same-layer edges reversed: preds[predStart[j]..predStart[j+1]) are the boards with a move to j,
        // once per such move.
        int[] predStart = new int[size + 1];
        for (int c : ch) {
            if (c >= 0) {
                predStart[c + 1]++;
            }
        }
        for (int j = 0; j < size; j++) {
            predStart[j + 1] += predStart[j];
        }
        int[] preds = new int[predStart[size]];
        int[] fillAt = Arrays.copyOf(predStart, size);
        for (int i = 0; i < size; i++) {
            for (int m = start[i]; m < start[i + 1]; m++) {
                if (ch[m] >= 0) {
                    preds[fillAt[ch[m]]++] = i;
                }
            }
        }
        boolean[] w = new boolean[size];
        boolean[] l = new boolean[size];
        int[] open = new int[size];   // moves of a board not yet known to lead into the L_t goal
        int[] queue = new int[2 * size];
        for (int t = 1; t <= n; t++) {
            int head = 0;
            int tail = 0;
            for (int i = 0; i < size; i++) {
                w[i] = terminal[i] && termValue[i] >= t;
                l[i] = terminal[i] && termValue[i] <= -t;
                open[i] = 0;
                if (!terminal[i]) {
                    for (int m = start[i]; m < start[i + 1]; m++) {
                        if (ch[m] < 0 && ex[m] >= t) {
                            w[i] = true;
                        }
                        if (!(ch[m] < 0 && ex[m] <= -t)) {
                            open[i]++;
                        }
                    }
                    l[i] = open[i] == 0; // every move is an exit worth <= -t
                }
                if (w[i]) {
                    queue[tail++] = i;
                }
                if (l[i]) {
                    queue[tail++] = -1 - i;
                }
            }
            // The queue holds i when board i enters W_t, -1 - i when it enters L_t. Each board enters each
            // set at most once, so the queue never holds more than 2 * size entries.
            while (head < tail) {
                int entry = queue[head++];
                boolean enteredW = entry >= 0;
                int j = enteredW ? entry : -1 - entry;
                for (int k = predStart[j]; k < predStart[j + 1]; k++) {
                    int i = preds[k];
                    if (!enteredW && !w[i]) { // i has a move to a child in L_t
                        w[i] = true;
                        queue[tail++] = i;
                    }
                    if (enteredW && !l[i] && --open[i] == 0) { // every move of i is bad for its mover
                        l[i] = true;
                        queue[tail++] = -1 - i;
                    }
                }
            }
            boolean any = false;
            for (int i = 0; i < size; i++) {
                if (w[i] && l[i]) {
                    throw new IllegalStateException("board in both W_" + t + " and L_" + t);
                }
                if (w[i]) {
                    result[i] = (byte) t;
                    any = true;
                } else if (l[i]) {
                    result[i] = (byte) -t;
                    any = true;
                }
            }
            if (!any) {
                break; // W_t and L_t only shrink as t grows
            }
        }
        return result;
    }

    // ------------------------------------------------------------------ rules (package-private for tests)

    /**
     * The board right after a move, from the mover's view (not rotated), and the seeds captured.
     * {@code grandSlam}: the chain left after the cap held every seed of the opponent's row (never set
     * under {@code awari}). {@code givesRest}: a {@code capture-give} grand slam, which ends the game with
     * the seeds left (all on the mover's side, still in {@code after}) going to the opponent.
     */
    record Play(int[] after, int captured, boolean grandSlam, boolean givesRest) {
    }

    /** Plays pit (0..5, non-empty) of the mover under abapa (true) or awari (false). */
    static Play play(int[] board, int pit, boolean abapa) {
        return play(board, pit, abapa ? RuleSet.ABAPA : RuleSet.AWARI);
    }

    /**
     * Plays pit (0..5, non-empty) of the mover: sowing, then the capture settled under the rule set. Does
     * not check legality; a {@code forbid} grand slam is played as under {@code cancel}.
     */
    static Play play(int[] board, int pit, RuleSet rules) {
        if (pit < 0 || pit > 5 || board[pit] == 0) {
            throw new IllegalArgumentException("not a playable pit: " + pit);
        }
        int[] a = board.clone();
        int seeds = a[pit];
        a[pit] = 0;
        int pos = pit;
        while (seeds > 0) {
            pos = (pos + 1) % PITS;
            if (pos == pit) {
                continue; // the origin is skipped on every lap
            }
            a[pos]++;
            seeds--;
        }
        // The chain q1..qL: q(k+1) is pit pos - k.
        int length = 0;
        while (pos - length >= 6 && (a[pos - length] == 2 || a[pos - length] == 3)) {
            length++;
        }
        // The part of the chain captured: q(from+1)..q(to).
        int from = 0;
        int to = length;
        boolean grandSlam = false;
        boolean givesRest = false;
        if (!rules.awari() && length > 0) {
            if (length > rules.cap()) {
                to = rules.overCapNone() ? 0 : rules.cap();
            }
            int chainSeeds = 0;
            for (int k = 0; k < to; k++) {
                chainSeeds += a[pos - k];
            }
            int row = 0;
            for (int k = 6; k < PITS; k++) {
                row += a[k];
            }
            grandSlam = to > 0 && chainSeeds == row;
            if (grandSlam) {
                switch (rules.grandSlam()) {
                    case CANCEL, FORBID -> to = 0;
                    case CAPTURE -> { }
                    case SPARE_FIRST -> from = 1;
                    case SPARE_LAST -> to = to - 1;
                    case CAPTURE_GIVE -> givesRest = true;
                    default -> throw new IllegalStateException();
                }
            }
        }
        int captured = 0;
        for (int k = from; k < to; k++) {
            captured += a[pos - k];
            a[pos - k] = 0;
        }
        return new Play(a, captured, grandSlam, givesRest);
    }

    /** Mover-relative child of a board seen from the mover: the opponent's six pits, then the mover's. */
    static int[] rotate(int[] after) {
        return rotate(after, new int[PITS]);
    }

    /** {@link #rotate(int[])} into a given array, which it returns. */
    static int[] rotate(int[] after, int[] c) {
        for (int k = 0; k < PITS; k++) {
            c[k] = after[(k + 6) % PITS];
        }
        return c;
    }

    /** Legal pits under abapa (true) or awari (false). */
    static int[] legalPits(int[] board, boolean abapa) {
        return legalPits(board, abapa ? RuleSet.ABAPA : RuleSet.AWARI);
    }

    /** Legal pits in ascending order; empty when the mover has no seeds or the game cannot be fed (except play-on). */
    static int[] legalPits(int[] board, RuleSet rules) {
        int opponent = 0;
        for (int k = 6; k < PITS; k++) {
            opponent += board[k];
        }
        int[] candidates = new int[6]; // the mover's non-empty pits
        int nc = 0;
        int[] feeders = new int[6];    // those that sow at least one seed into the opponent's row
        int nf = 0;
        for (int p = 0; p < 6; p++) {
            if (board[p] > 0) {
                candidates[nc++] = p;
                if (opponent > 0 || board[p] >= 6 - p) {
                    feeders[nf++] = p;
                }
            }
        }
        if (nc == 0) {
            return new int[0];
        }
        if (nf == 0) { // the opponent's row is empty and no move can feed it
            return rules.awari() || rules.noFeed() != NoFeed.PLAY_ON ? new int[0] : Arrays.copyOf(candidates, nc);
        }
        if (rules.awari()) {
            int[] leaving = new int[6]; // candidates that leave the opponent at least one seed
            int nl = 0;
            for (int i = 0; i < nc; i++) {
                int[] a = play(board, candidates[i], rules).after();
                int left = 0;
                for (int k = 6; k < PITS; k++) {
                    left += a[k];
                }
                if (left > 0) {
                    leaving[nl++] = candidates[i];
                }
            }
            return nl > 0 ? Arrays.copyOf(leaving, nl) : Arrays.copyOf(candidates, nc);
        }
        if (rules.grandSlam() == GrandSlam.FORBID) {
            int[] notSlams = new int[6];
            int ns = 0;
            for (int i = 0; i < nf; i++) {
                if (!play(board, feeders[i], rules).grandSlam()) {
                    notSlams[ns++] = feeders[i];
                }
            }
            return ns > 0 ? Arrays.copyOf(notSlams, ns) : Arrays.copyOf(feeders, nf);
        }
        return Arrays.copyOf(feeders, nf);
    }

    /** Terminal value under abapa (true) or awari (false). */
    static Integer terminalValue(int[] board, boolean abapa) {
        return terminalValue(board, abapa ? RuleSet.ABAPA : RuleSet.AWARI);
    }

    /** The value fixed by the rules when the board has no legal move, or null when it has one. */
    static Integer terminalValue(int[] board, RuleSet rules) {
        int n = sum(board);
        if (moverSeeds(board) == 0) {
            return -n;
        }
        if (legalPits(board, rules).length == 0) {
            return cannotFeedValue(n, rules);
        }
        return null;
    }

    /** Value of a board whose mover has seeds but no legal move: the opponent's row cannot be fed (not play-on). */
    private static int cannotFeedValue(int n, RuleSet rules) {
        return !rules.awari() && rules.noFeed() == NoFeed.NOBODY_TAKES ? 0 : n;
    }

    private static int moverSeeds(int[] board) {
        int s = 0;
        for (int k = 0; k < 6; k++) {
            s += board[k];
        }
        return s;
    }

    private static int sum(int[] board) {
        int n = 0;
        for (int s : board) {
            n += s;
        }
        return n;
    }

    // ------------------------------------------------------------------ encoding

    static long pack(int[] board) {
        long c = 0;
        for (int k = 0; k < PITS; k++) {
            if (board[k] < 0 || board[k] > MAX_SUPPORTED_SEEDS) {
                throw new IllegalArgumentException("pit out of range: " + Arrays.toString(board));
            }
            c = (c << BITS) | board[k];
        }
        return c;
    }

    static void unpack(long code, int[] board) {
        for (int k = PITS - 1; k >= 0; k--) {
            board[k] = (int) (code & MAX_SUPPORTED_SEEDS);
            code >>>= BITS;
        }
    }

    /**
     * The index of a board among the boards with n seeds in increasing packed order, which is the
     * lexicographic order of {@code (p0, ..., p11)}: the number of boards with n seeds that are smaller.
     * A board is smaller when at the first pit k where they differ it holds fewer seeds. With
     * {@code left} seeds in pits {@code k..11} (12 - k pits), the fillings with fewer than
     * {@code p_k} seeds in pit k are all fillings, {@code WAYS[12 - k][left]}, minus those with at least
     * {@code p_k} there, which are the fillings of {@code left - p_k} seeds: {@code WAYS[12 - k][left - p_k]}.
     * Checked against the enumeration for every board solved.
     */
    static int rank(int[] board, int n) {
        long r = 0;
        int left = n;
        for (int k = 0; k < PITS - 1; k++) {
            if (board[k] < 0 || board[k] > left) {
                throw new IllegalArgumentException("board does not hold " + n + " seeds: " + Arrays.toString(board));
            }
            r += WAYS[PITS - k][left] - WAYS[PITS - k][left - board[k]];
            left -= board[k];
        }
        if (left != board[PITS - 1]) {
            throw new IllegalArgumentException("board does not hold " + n + " seeds: " + Arrays.toString(board));
        }
        return (int) r;
    }

    private static long[][] ways() {
        long[][] w = new long[PITS + 1][MAX_SUPPORTED_SEEDS + 1];
        for (int m = 1; m <= PITS; m++) {
            for (int r = 0; r <= MAX_SUPPORTED_SEEDS; r++) {
                w[m][r] = binomial(r + m - 1, m - 1);
            }
        }
        return w;
    }

    /** All boards with exactly n seeds, in increasing packed order (p0 most significant), each at its rank. */
    private static long[] enumerate(int n) {
        long count = binomial(n + PITS - 1, PITS - 1);
        if (count > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("layer too large: " + n);
        }
        long[] out = new long[(int) count];
        int[] next = {0};
        fill(out, next, 0, n, 0L);
        if (next[0] != out.length) {
            throw new IllegalStateException("enumeration count mismatch");
        }
        int[] board = new int[PITS];
        for (int i = 0; i < out.length; i++) {
            unpack(out[i], board);
            if (rank(board, n) != i || (i > 0 && out[i - 1] >= out[i])) {
                throw new IllegalStateException("rank disagrees with the enumeration at " + Arrays.toString(board));
            }
        }
        return out;
    }

    private static void fill(long[] out, int[] next, int pit, int left, long prefix) {
        if (pit == PITS - 1) {
            out[next[0]++] = (prefix << BITS) | left;
            return;
        }
        for (int s = 0; s <= left; s++) {
            fill(out, next, pit + 1, left - s, (prefix << BITS) | s);
        }
    }

    static long binomial(int n, int k) {
        long r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }

    /** Minimal growable int list. */
    private static final class IntList {
        private int[] data = new int[1024];
        private int size;

        void add(int v) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = v;
        }

        int size() {
            return size;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
