package org.krou.generator.reference;

import static org.krou.generator.reference.ReferenceIndex.enumerate;
import static org.krou.generator.reference.ReferenceIndex.pack;
import static org.krou.generator.reference.ReferenceIndex.rank;
import static org.krou.generator.reference.ReferenceIndex.unpack;
import static org.krou.generator.reference.ReferenceMoves.cannotFeedValue;
import static org.krou.generator.reference.ReferenceMoves.legalPits;
import static org.krou.generator.reference.ReferenceMoves.moverSeeds;
import static org.krou.generator.reference.ReferenceMoves.play;
import static org.krou.generator.reference.ReferenceMoves.rotate;
import static org.krou.generator.reference.ReferenceMoves.sum;
import static org.krou.generator.reference.ReferenceMoves.terminalValue;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import org.krou.generator.reference.ReferenceMoves.Play;

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
 * array in that order. A board is found by its {@link ReferenceIndex#rank rank} in that order, a counting formula that is
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

    private static final int PITS = ReferenceIndex.PITS;
    private static final int MAX_SUPPORTED_SEEDS = ReferenceIndex.MAX_SUPPORTED_SEEDS;

    private final RuleSet rules;
    private final int maxSeeds;
    /** values[n][i]: value of the board of rank i (see {@link ReferenceIndex#rank}) among those with n seeds. */
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
