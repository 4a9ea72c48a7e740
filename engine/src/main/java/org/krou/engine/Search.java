package org.krou.engine;

import org.krou.probe.Tablebase;
import org.krou.rules.Rules;
import org.krou.rules.Variant;

/**
 * The search behind {@link Engine}: depth-limited alpha-beta over the rules with three kinds of
 * pass sharing one {@link TranspositionTable}.
 *
 * <ul>
 *   <li>The <b>bound</b> passes compute, for a depth {@code d}, the interval {@code [lo, hi]} that
 *   the tree of depth {@code d} proves: a table hit (at most {@code horizon} seeds) and a finished
 *   game are exact, every other leaf with {@code m} seeds is {@code [-m, m]} (or the bounds already
 *   proven for it), a repetition inside the line is unknown ({@code [-m, m]}), and a move is worth
 *   what it captures minus its child: {@code lo = max(c - hi(child))}, {@code hi = max(c -
 *   lo(child))}. The lower pass computes {@code lo} (children by the upper pass), the upper pass
 *   {@code hi}. Each is ordinary fail-soft alpha-beta on a fixed valuation of the leaves, so its
 *   result is exact inside the window; a result above alpha of a lower pass (below beta of an
 *   upper pass) is a proven bound on the true value and is kept in the table, where it only
 *   tightens, whatever search it came from.</li>
 *   <li>The <b>heuristic</b> pass picks the move to play where nothing is proven: the same tree
 *   with each unknown leaf valued at the middle of its proven interval ({@code 0} for
 *   {@code [-m, m]}: the evaluation is the seeds captured on the way), repetitions 0.</li>
 * </ul>
 *
 * <p>Nothing is allocated per node: boards, moves and the principal variations live in arrays
 * made once. The store is read (which boxes a key) only at nodes with at least
 * {@link #STORE_DEPTH} plies left. Not thread-safe.
 */
final class Search {
    static final int MAX_PLY = 120;
    static final int INF = 100;
    /** Nodes with at least this many plies left read the store and have their proofs written to it. */
    static final int STORE_DEPTH = 4;
    private static final int PENDING = 1 << 16;
    /** {@link #enter}: the node is not settled at its start; search its moves. */
    private static final int GO_ON = Integer.MIN_VALUE;
    /** What a repetition is worth to {@link #enter}: the lower bound, the upper, or 0 within them. */
    private static final int REPEAT_LOW = -1;
    private static final int REPEAT_HIGH = 1;
    private static final int REPEAT_ZERO = 0;

    private final Variant variant;
    private final Tablebase tables;
    private final int horizon;
    final TranspositionTable tt;
    private final AnalysisStore store;

    private final int[][] boards = new int[MAX_PLY + 1][Rules.PITS];
    private final int[][] children = new int[MAX_PLY][Rules.ROW * Rules.PITS];
    private final int[][] captured = new int[MAX_PLY][Rules.ROW];
    private final int[][] order = new int[MAX_PLY][Rules.ROW];
    private final long[] path = new long[MAX_PLY + 1];
    /** Of each node {@link #enter} lets go on: its seeds, table entry, proven bounds and legal moves. */
    private final int[] nodeSeeds = new int[MAX_PLY + 1];
    private final long[] nodeEntry = new long[MAX_PLY + 1];
    private final int[] nodeLo = new int[MAX_PLY + 1];
    private final int[] nodeHi = new int[MAX_PLY + 1];
    private final int[] nodeMask = new int[MAX_PLY + 1];
    private final int[] scratch = new int[Rules.PITS];
    final int[][] pv = new int[MAX_PLY + 1][MAX_PLY + 1];
    final int[] pvLength = new int[MAX_PLY + 1];
    /** Keys whose proven bounds changed at a node deep enough to be written to the store. */
    final long[] pending = new long[PENDING];
    int pendingCount;

    long nodes;
    long tableHits;
    long repetitions;
    /** Positions found in the store. */
    long storeHits;
    private long maxNodes = Long.MAX_VALUE;
    private long deadline = Long.MAX_VALUE;
    private boolean limited;
    boolean aborted;

    /**
     * @param tables  the tables probed, or null for none
     * @param horizon the largest seed count probed (at most the tables' coverage; -1: none)
     */
    Search(Variant variant, Tablebase tables, int horizon, TranspositionTable tt, AnalysisStore store) {
        this.variant = variant;
        this.tables = tables;
        this.horizon = tables == null ? -1 : horizon;
        this.tt = tt;
        this.store = store;
    }

    /** Sets the budget: nodes from now, and a deadline ({@link System#nanoTime()}); off until {@link #limit}. */
    void budget(long nodeLimit, long deadlineNanos) {
        maxNodes = nodeLimit;
        deadline = deadlineNanos;
        aborted = false;
        limited = false;
    }

    /** Turns the budget on (after the first iteration, which always completes). */
    void limit(boolean on) {
        limited = on;
    }

    /** Sets the root: the board searched from ply 0. */
    void root(int[] board) {
        System.arraycopy(board, 0, boards[0], 0, Rules.PITS);
    }

    private boolean outOfBudget() {
        if (limited && (nodes >= maxNodes || ((nodes & 1023) == 0 && System.nanoTime() > deadline))) {
            aborted = true;
        }
        return aborted;
    }

    /** The table entry of {@code key}, read from the store first if the node is deep enough. */
    private long entry(long key, int m, int depth) {
        long e = tt.get(key);
        if (store != null && depth >= STORE_DEPTH && (e & TranspositionTable.CONSULTED) == 0) {
            long w = store.getPacked(key);
            if (w != 0) {
                storeHits++;
                StoreEntry s = StoreEntry.unpack(w);
                tt.tighten(key, m, s.lo(), s.hi(), Math.min(255, s.depth()));
                if (s.best() != StoreEntry.NO_MOVE) {
                    tt.best(key, m, s.best());
                }
            }
            tt.consulted(key, m);
            e = tt.get(key);
        }
        return e;
    }

    private boolean repeated(int ply, long key) {
        int m = PositionKey.seeds(key);
        for (int j = ply - 2; j >= 0 && PositionKey.seeds(path[j]) == m; j -= 2) {
            if (path[j] == key) {
                return true;
            }
        }
        return false;
    }

    /** Records proven bounds; remembers the key for the store if the node is deep enough. */
    private void prove(long key, int m, int lo, int hi, int depth) {
        if (tt.tighten(key, m, lo, hi, depth) && store != null && depth >= STORE_DEPTH && pendingCount < PENDING) {
            pending[pendingCount++] = key;
        }
    }

    /** Orders the legal pits of {@code mask} at {@code ply}: {@code first} (if legal), then by captures. */
    private int order(int ply, int mask, int first) {
        int[] o = order[ply];
        int[] c = captured[ply];
        int n = 0;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) == 0) {
                continue;
            }
            int key = pit == first ? 1000 : c[pit];
            int i = n++;
            while (i > 0 && (o[i - 1] == first ? 1000 : c[o[i - 1]]) < key) {
                o[i] = o[i - 1];
                i--;
            }
            o[i] = pit;
        }
        return n;
    }

    private void updatePv(int ply, int pit) {
        int[] row = pv[ply];
        int[] next = pv[ply + 1];
        row[ply] = pit;
        int len = pvLength[ply + 1];
        System.arraycopy(next, ply + 1, row, ply + 1, len - ply - 1);
        pvLength[ply] = len;
    }

    /**
     * The value of the move that captured {@code c} and led to {@code boards[ply + 1]} if it ends
     * the game with a value no child gives ({@link Rules#fixedValue}: a capture-give grand slam),
     * the line then ending after it; else {@link Rules#LOOK_UP}, and the child is searched.
     */
    private int endsGame(int ply, int c) {
        int fixed = Rules.fixedValue(c, boards[ply + 1], variant);
        if (fixed != Rules.LOOK_UP) {
            pvLength[ply + 1] = ply + 1;
        }
        return fixed;
    }

    /**
     * The start both searches share at the board at {@code ply}: counts the node, answers from the
     * tables below the horizon, from proven bounds that meet, for a repetition ({@code repeat}:
     * the lower bound, the upper, or 0 within them) and for a finished game; otherwise generates
     * the moves and returns {@link #GO_ON}, leaving the node's seeds, key ({@code path[ply]}),
     * table entry, bounds and move mask in the {@code node*} arrays.
     */
    private int enter(int ply, int depth, int repeat) {
        pvLength[ply] = ply;
        nodes++;
        if (outOfBudget()) {
            return 0;
        }
        int[] b = boards[ply];
        int m = Rules.seeds(b);
        if (ply > 0 && m <= horizon) {
            tableHits++;
            return tables.probe(b);
        }
        long key = PositionKey.of(b, m);
        path[ply] = key;
        long e = entry(key, m, depth);
        int lo = e == 0 ? -m : TranspositionTable.lower(e);
        int hi = e == 0 ? m : TranspositionTable.upper(e);
        if (lo == hi) {
            return lo;
        }
        if (ply > 0 && repeated(ply, key)) {
            repetitions++;
            return repeat == REPEAT_LOW ? lo : repeat == REPEAT_HIGH ? hi : clamp(0, lo, hi);
        }
        int mask = Rules.generate(b, variant, children[ply], captured[ply], scratch);
        if (mask == 0) {
            int v = Rules.terminalValue(b, variant);
            prove(key, m, v, v, 0);
            return v;
        }
        nodeSeeds[ply] = m;
        nodeEntry[ply] = e;
        nodeLo[ply] = lo;
        nodeHi[ply] = hi;
        nodeMask[ply] = mask;
        return GO_ON;
    }

    /**
     * The lower ({@code low}) or upper bound the tree of {@code depth} plies proves for the board
     * at {@code ply}, fail-soft within {@code (alpha, beta)}.
     */
    int bound(int ply, int depth, int alpha, int beta, boolean low) {
        int settled = enter(ply, depth, low ? REPEAT_LOW : REPEAT_HIGH);
        if (settled != GO_ON) {
            return settled;
        }
        int m = nodeSeeds[ply];
        long key = path[ply];
        long e = nodeEntry[ply];
        int lo = nodeLo[ply];
        int hi = nodeHi[ply];
        int mask = nodeMask[ply];
        if (depth == 0 || ply == MAX_PLY - 1) {
            return low ? lo : hi;
        }
        if (hi <= alpha) {
            return hi;
        }
        if (lo >= beta) {
            return lo;
        }
        int alpha0 = alpha;
        int beta0 = beta;
        if (low) {
            alpha = Math.max(alpha, lo);
        } else {
            beta = Math.min(beta, hi);
        }
        int n = order(ply, mask, e == 0 ? -1 : TranspositionTable.best(e));
        int best = -INF;
        int bestPit = -1;
        int[] next = boards[ply + 1];
        for (int i = 0; i < n; i++) {
            int pit = order[ply][i];
            int c = captured[ply][pit];
            System.arraycopy(children[ply], pit * Rules.PITS, next, 0, Rules.PITS);
            int fixed = endsGame(ply, c);
            int v = fixed != Rules.LOOK_UP ? fixed : c - bound(ply + 1, depth - 1, c - beta, c - alpha, !low);
            if (aborted) {
                return 0;
            }
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    bestPit = pit;
                    updatePv(ply, pit);
                    if (v >= beta) {
                        break;
                    }
                }
            }
        }
        int x = low ? Math.max(best, lo) : Math.min(best, hi);
        if (low && x > alpha0) {
            prove(key, m, x, m, depth);
            if (bestPit >= 0) {
                tt.best(key, m, bestPit);
            }
        } else if (!low && x < beta0) {
            prove(key, m, -m, x, depth);
        }
        return x;
    }

    /**
     * The heuristic score of the board at {@code ply} searched {@code depth} plies, fail-soft
     * within {@code (alpha, beta)}, always within the bounds proven for it.
     */
    int heuristic(int ply, int depth, int alpha, int beta) {
        int settled = enter(ply, depth, REPEAT_ZERO);
        if (settled != GO_ON) {
            return settled;
        }
        int m = nodeSeeds[ply];
        long key = path[ply];
        long e = nodeEntry[ply];
        int lo = nodeLo[ply];
        int hi = nodeHi[ply];
        int mask = nodeMask[ply];
        if (depth == 0 || ply == MAX_PLY - 1) {
            return (lo + hi) / 2;
        }
        if (ply > 0 && e != 0 && TranspositionTable.heuristicDepth(e) >= depth) {
            int s = TranspositionTable.heuristicScore(e);
            int type = TranspositionTable.heuristicType(e);
            if (type == TranspositionTable.EXACT || type == TranspositionTable.LOWER && s >= beta
                    || type == TranspositionTable.UPPER && s <= alpha) {
                return clamp(s, lo, hi);
            }
        }
        if (hi <= alpha) {
            return hi;
        }
        if (lo >= beta) {
            return lo;
        }
        int alpha0 = alpha;
        int n = order(ply, mask, e == 0 ? -1 : TranspositionTable.best(e));
        int best = -INF;
        int bestPit = -1;
        int[] next = boards[ply + 1];
        for (int i = 0; i < n; i++) {
            int pit = order[ply][i];
            int c = captured[ply][pit];
            System.arraycopy(children[ply], pit * Rules.PITS, next, 0, Rules.PITS);
            int fixed = endsGame(ply, c);
            int v = fixed != Rules.LOOK_UP ? fixed : c - heuristic(ply + 1, depth - 1, c - beta, c - alpha);
            if (aborted) {
                return 0;
            }
            if (v > best) {
                best = v;
                if (bestPit < 0) {
                    bestPit = pit;
                }
                if (v > alpha) {
                    alpha = v;
                    bestPit = pit;
                    updatePv(ply, pit);
                    if (v >= beta) {
                        break;
                    }
                }
            }
        }
        int type = best >= beta ? TranspositionTable.LOWER
                : best > alpha0 ? TranspositionTable.EXACT : TranspositionTable.UPPER;
        best = clamp(best, lo, hi);
        tt.heuristic(key, m, depth, type, best, type == TranspositionTable.UPPER ? -1 : bestPit);
        return best;
    }

    private static int clamp(int v, int lo, int hi) {
        return v < lo ? lo : Math.min(v, hi);
    }
}
