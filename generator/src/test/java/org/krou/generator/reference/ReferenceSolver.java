package org.krou.generator.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A deliberately simple and slow reference solver for Oware endgame values, written only from
 * {@code docs/RULES.md}, to cross-check the fast retrograde generator. It shares no code with it.
 *
 * <h2>Positions</h2>
 * A board is mover-relative: {@code p0..p5} are the mover's pits in sowing order, {@code p6..p11}
 * the opponent's. After a move the child is rotated so that the other side is the mover:
 * {@code child = after[6..11] ++ after[0..5]}. Boards are packed 5 bits per pit into a {@code long}
 * with {@code p0} most significant; each layer (fixed seed count {@code n}) is held as a sorted array
 * of these codes, looked up by binary search, with a parallel array of values.
 *
 * <h2>Rules implemented (order of the legality filters)</h2>
 * <ol>
 *   <li>Mover has no seeds: terminal, value {@code -n} (0 when {@code n = 0}).</li>
 *   <li>Candidates are the mover's non-empty pits.</li>
 *   <li>If the opponent's row is empty, keep only candidates that sow at least one seed into it
 *       (pit {@code i} with {@code s} seeds does iff {@code s >= 6 - i}). If none remains the game
 *       ends and the mover takes all {@code n} seeds: terminal, value {@code +n}.</li>
 *   <li>Under {@code awari}, keep the candidates that leave the opponent at least one seed after sowing
 *       and capture; if none does, all candidates stay legal.</li>
 * </ol>
 * Sowing skips the origin pit (which only matters with 12+ seeds). Capture: if the last seed lands in
 * an opponent pit now holding 2 or 3, that pit and the preceding opponent pits holding 2 or 3 are
 * captured, stopping at the start of the opponent's row. Under {@code abapa}, if that would leave the
 * opponent's row (all six pits, not only the chain) empty, nothing is captured (the move stays legal).
 *
 * <h2>Algorithm and why it is right</h2>
 * Layers {@code n = 0, 1, 2, ...} are solved in order. A move either captures (at least 2 seeds, so the
 * child lies in an already solved smaller layer; the move is an <em>exit</em> worth
 * {@code captured - value(child)}) or captures nothing (the child has the same {@code n} seeds: a
 * <em>same-layer move</em> worth {@code -value(child)}). Terminal boards (no legal move) have the value
 * fixed by the rules. So within a layer the game is a finite graph game, players alternating, where a
 * play either leaves through an exit with a known integer payoff (seen from the side that took it), ends
 * at a terminal, or goes on forever, which pays 0 (endless play, docs/RULES.md "What a value means").
 * <p>
 * For a threshold {@code t >= 1} let {@code W_t} be the boards where the side to move can force a final
 * difference {@code >= t}, and {@code L_t} the boards where the opponent can force it to be
 * {@code <= -t}. Because {@code t >= 1}, endless play (worth 0) satisfies neither goal, so both are pure
 * reachability goals, and the sets are least fixed points of: a board is in {@code W_t} iff it is
 * terminal with value {@code >= t}, or some legal move is an exit worth {@code >= t} or a same-layer
 * move to a child in {@code L_t} (after the move the roles swap, so the mover's "{@code >= t}" is the
 * child's "{@code <= -t}"); a board is in {@code L_t} iff it is terminal with value {@code <= -t}, or it
 * has legal moves and every one is an exit worth {@code <= -t} or leads to a child in {@code W_t}. The
 * least fixed point is the attractor: a board enters at sweep {@code k} only if the goal can be forced
 * within a bounded number of plies, and conversely every board from which the goal can be forced in
 * {@code k} plies enters by round {@code k}. Reachability games are determined, so off {@code W_t} the
 * opponent can keep the result {@code <= t - 1} forever (every exit it allows is worth {@code < t} and
 * endless play is worth {@code 0 < t}), and symmetrically off {@code L_t} the mover can keep it
 * {@code >= -t + 1}. Since all payoffs are integers, the value is therefore: the largest {@code t} with
 * the board in {@code W_t}; otherwise minus the largest {@code t} with the board in {@code L_t};
 * otherwise 0 (the mover can keep it {@code >= 0} and the opponent can keep it {@code <= 0}).
 * {@code W_t} and {@code L_t} shrink as {@code t} grows and {@code W_1} and {@code L_1} are disjoint
 * (checked at run time). Values lie in {@code -n..n} because an exit worth {@code c - v(child)} with
 * {@code |v(child)| <= n - c} is in {@code [-n + 2c, n]} and terminals are {@code +-n}, so
 * {@code t = 1..n} suffices.
 * <p>
 * Each fixed point is computed by plain repeated sweeps over the layer, updating the sets in place,
 * until a whole sweep changes nothing. In-place updates are fine: the operator is monotone, every board
 * added is justified by sets that are still below the least fixed point, so the sets never exceed it;
 * and when a full sweep changes nothing the sets are a fixed point, hence equal to the least one. To
 * keep sweeps cheap, each board's legal moves are computed once per layer into flat arrays (same-layer
 * child index, or exit value). No predecessor generation, counters or queues are used.
 * <p>
 * Boundary cases: {@code n = 0}: the single board is terminal with value 0 (mover has no seeds,
 * {@code -0}); the threshold loop does nothing. A mover with no seeds is terminal with {@code -n}. A
 * mover with seeds that cannot feed an empty opponent row is terminal with {@code +n}. Under
 * {@code awari} a move may capture the opponent's whole row (when every move does so); it is an exit to
 * a smaller-layer board whose mover has no seeds, worth {@code captured + n'}.
 */
public final class ReferenceSolver {

    private static final int PITS = 12;
    private static final int BITS = 5;
    private static final int MAX_SUPPORTED_SEEDS = (1 << BITS) - 1;

    private final boolean abapa;
    private final int maxSeeds;
    /** codes[n]: sorted packed boards with exactly n seeds. */
    private final long[][] codes;
    /** values[n][i]: value of the board codes[n][i]. */
    private final byte[][] values;

    /** Solves every mover-relative board with 0..maxSeeds seeds. abapa=true for variant `abapa`, false for `awari`. */
    public ReferenceSolver(boolean abapa, int maxSeeds) {
        if (maxSeeds < 0 || maxSeeds > MAX_SUPPORTED_SEEDS) {
            throw new IllegalArgumentException("maxSeeds out of range: " + maxSeeds);
        }
        this.abapa = abapa;
        this.maxSeeds = maxSeeds;
        this.codes = new long[maxSeeds + 1][];
        this.values = new byte[maxSeeds + 1][];
        for (int n = 0; n <= maxSeeds; n++) {
            codes[n] = enumerate(n);
            values[n] = solveLayer(n);
        }
    }

    /** Value of a mover-relative board p0..p11 (p0..p5 mover's pits in sowing order, p6..p11 opponent's, in sowing order) with sum <= maxSeeds. */
    public int value(int[] board) {
        if (board == null || board.length != PITS) {
            throw new IllegalArgumentException("a board has 12 pits");
        }
        int n = 0;
        for (int s : board) {
            if (s < 0) {
                throw new IllegalArgumentException("negative pit: " + Arrays.toString(board));
            }
            n += s;
        }
        if (n > maxSeeds) {
            throw new IllegalArgumentException("board has " + n + " seeds, solved up to " + maxSeeds);
        }
        return lookup(board, n);
    }

    /** Number of boards with exactly n seeds having each value v, as a map from v to count (for per-layer statistics). */
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
        int idx = Arrays.binarySearch(codes[n], pack(board));
        if (idx < 0) {
            throw new IllegalStateException("board not enumerated: " + Arrays.toString(board));
        }
        return values[n][idx];
    }

    private byte[] solveLayer(int n) {
        long[] layer = codes[n];
        int size = layer.length;
        boolean[] terminal = new boolean[size];
        int[] termValue = new int[size];
        int[] start = new int[size + 1];
        IntList child = new IntList();     // same-layer child index, or -1 for an exit
        IntList exitValue = new IntList(); // value of an exit move for the mover
        int[] board = new int[PITS];

        for (int i = 0; i < size; i++) {
            start[i] = child.size();
            unpack(layer[i], board);
            Integer tv = terminalValue(board, abapa);
            if (tv != null) {
                terminal[i] = true;
                termValue[i] = tv;
                continue;
            }
            for (int pit : legalPits(board, abapa)) {
                Play play = play(board, pit, abapa);
                int[] c = rotate(play.after());
                if (play.captured() == 0) {
                    int idx = Arrays.binarySearch(layer, pack(c));
                    if (idx < 0) {
                        throw new IllegalStateException("same-layer child missing");
                    }
                    child.add(idx);
                    exitValue.add(0);
                } else {
                    child.add(-1);
                    exitValue.add(play.captured() - lookup(c, n - play.captured()));
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
        boolean[] w = new boolean[size];
        boolean[] l = new boolean[size];
        for (int t = 1; t <= n; t++) {
            for (int i = 0; i < size; i++) {
                w[i] = terminal[i] && termValue[i] >= t;
                l[i] = terminal[i] && termValue[i] <= -t;
            }
            boolean changed;
            do {
                changed = false;
                for (int i = 0; i < size; i++) {
                    if (terminal[i]) {
                        continue;
                    }
                    if (!w[i]) {
                        for (int m = start[i]; m < start[i + 1]; m++) {
                            if (ch[m] < 0 ? ex[m] >= t : l[ch[m]]) {
                                w[i] = true;
                                changed = true;
                                break;
                            }
                        }
                    }
                    if (!l[i]) {
                        boolean all = true;
                        for (int m = start[i]; m < start[i + 1]; m++) {
                            if (!(ch[m] < 0 ? ex[m] <= -t : w[ch[m]])) {
                                all = false;
                                break;
                            }
                        }
                        if (all) {
                            l[i] = true;
                            changed = true;
                        }
                    }
                }
            } while (changed);
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

    /** The board right after a move, from the mover's view (not rotated), and the seeds captured. */
    record Play(int[] after, int captured) {
    }

    /** Plays pit (0..5, non-empty) of the mover: sowing, then capture (with the abapa grand-slam rule if abapa). */
    static Play play(int[] board, int pit, boolean abapa) {
        int[] a = board.clone();
        int seeds = a[pit];
        if (pit < 0 || pit > 5 || seeds == 0) {
            throw new IllegalArgumentException("not a playable pit: " + pit);
        }
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
        int captured = 0;
        if (pos >= 6 && (a[pos] == 2 || a[pos] == 3)) {
            int first = pos;
            int chain = 0;
            while (first >= 6 && (a[first] == 2 || a[first] == 3)) {
                chain += a[first];
                first--;
            }
            int opponentLeft = -chain;
            for (int k = 6; k < PITS; k++) {
                opponentLeft += a[k];
            }
            if (!(abapa && opponentLeft == 0)) {
                for (int k = first + 1; k <= pos; k++) {
                    a[k] = 0;
                }
                captured = chain;
            }
        }
        return new Play(a, captured);
    }

    /** Mover-relative child of a board seen from the mover: the opponent's six pits, then the mover's. */
    static int[] rotate(int[] after) {
        int[] c = new int[PITS];
        for (int k = 0; k < PITS; k++) {
            c[k] = after[(k + 6) % PITS];
        }
        return c;
    }

    /** Legal pits in ascending order; empty when the mover has no seeds or cannot feed. */
    static int[] legalPits(int[] board, boolean abapa) {
        int opponent = 0;
        for (int k = 6; k < PITS; k++) {
            opponent += board[k];
        }
        List<Integer> candidates = new ArrayList<>();
        for (int p = 0; p < 6; p++) {
            if (board[p] > 0 && (opponent > 0 || board[p] >= 6 - p)) {
                candidates.add(p);
            }
        }
        if (!abapa && !candidates.isEmpty()) {
            List<Integer> leaving = new ArrayList<>();
            for (int p : candidates) {
                int[] a = play(board, p, false).after();
                int left = 0;
                for (int k = 6; k < PITS; k++) {
                    left += a[k];
                }
                if (left > 0) {
                    leaving.add(p);
                }
            }
            if (!leaving.isEmpty()) {
                candidates = leaving;
            }
        }
        return candidates.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The value fixed by the rules when the board has no legal move, or null when it has one. */
    static Integer terminalValue(int[] board, boolean abapa) {
        int n = 0;
        int mover = 0;
        for (int k = 0; k < PITS; k++) {
            n += board[k];
            if (k < 6) {
                mover += board[k];
            }
        }
        if (mover == 0) {
            return -n;
        }
        if (legalPits(board, abapa).length == 0) {
            return n;
        }
        return null;
    }

    // ------------------------------------------------------------------ encoding

    static long pack(int[] board) {
        long c = 0;
        for (int k = 0; k < PITS; k++) {
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

    /** All boards with exactly n seeds, in increasing packed order (p0 most significant). */
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
