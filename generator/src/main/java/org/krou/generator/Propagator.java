package org.krou.generator;

import java.util.Arrays;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * One thread's threshold propagation of a layer (the rules are {@link ResolvePhase}'s) over the
 * positions one member holds: every position of the layer on one machine ({@link #whole}), the
 * positions of its rank blocks in a cluster ({@link #partitioned}). Claims the seeds of a level,
 * expands resolved positions from a private stack and applies the transitions of
 * {@link StateCodes} to their predecessors with a compare-and-set of the state byte, marking
 * don't-care entries; in a cluster an update of a predecessor owned elsewhere goes to its owner
 * ({@link Partition#send}) and the updates received come back through {@link #apply}, the same
 * transition code.
 *
 * <p>The seed scan tests eight state bytes at once ({@link #hasZeroByte}) and claims each seed
 * with a compare-and-set, so each position is resolved by exactly one thread. Boards travel on
 * the stack packed in a long ({@link Predecessors#pack}: five bits a pit up to
 * {@link Predecessors#FIVE_BITS} seeds, in unary above): a seed's from a cursor stepped along
 * the scan, a predecessor's as {@link Predecessors} generated it; only a position received from
 * another member is unranked. Stacked positions are
 * expanded {@value #BATCH} at a time: the predecessors of the batch are generated first, their
 * states then read with plain loads (the cache misses of the whole batch overlap), and only then
 * updated (the compare-and-sets hit the cache; a locked update would serialise the misses). The
 * order of the updates does not matter: each level's sets are least fixed points. The threshold
 * of an expansion is the value of the position expanded ({@code ±t}), so a batch holds positions
 * of one level.
 *
 * <p>Ownership costs one test a batch (and one a seed claimed) on one machine, where a position's
 * local index is its rank; a cluster pays the {@link Partition} calls per predecessor.
 * Allocation-free once its stack has grown; one instance per thread.
 *
 * <pre>{@code
 * Propagator p = Propagator.partitioned(variant, codes, state, dontCare, exits, self, partition);
 * p.claimSeeds(t, from, to);        // stacks the seeds of level t in [from, to)
 * while (p.holdsWork()) p.expand(64);
 * p.apply(rank, true, t);           // an update received: a child of rank is worth +t
 * }</pre>
 */
public final class Propagator {
    /** Stack mark: the board is not packed (too many seeds, or received); unrank it. */
    private static final long UNPACKED = -1;
    /** Stack mark: a seed of the level, whose board is the scan's cursor. */
    private static final long CURSOR = -2;
    /**
     * A seed this close after the cursor is reached by stepping the cursor
     * ({@link PositionIndex#next}, a few additions a step) rather than unranked (eleven
     * dependent table look-ups).
     */
    private static final int STEPS = 48;
    /** Positions expanded together, so that the cache misses of their predecessors overlap. */
    private static final int BATCH = 16;
    /** A one in each byte of a long. */
    private static final long ONES = 0x0101010101010101L;
    private static final int ALL = Integer.MAX_VALUE;

    private final int seeds;
    private final StateCodes codes;
    private final AtomicBytes atomicState;
    private final ByteBigArray state;
    private final DontCareBits dontCare;
    private final Predecessors pred;
    /** Recomputes the exits the codes do not keep; null where {@link #exits} keeps them. */
    private final ExitKernel kernel;
    /** The best exit of each held position, or null: recomputed by {@link #kernel}. */
    private final ByteBigArray exits;
    /** Null on one machine: every position is held, and its local index is its rank. */
    private final Partition partition;
    private final int self;
    private final boolean packable;
    private final int[] board = new int[12];
    private final int[] scratch = new int[12];
    /** The board of rank {@link #cursorRank} of the layer, or any board if that is -1. */
    private final int[] cursor = new int[12];
    private long cursorRank = -1;
    /**
     * The predecessors of a batch: rank, local index (the ranks themselves on one machine),
     * owner (in a cluster), packed board, whether the position they lead to is won, state read.
     */
    private final long[] ranks = new long[BATCH * Predecessors.MAX];
    private final long[] locals;
    private final int[] owners;
    private final long[] boards = new long[BATCH * Predecessors.MAX];
    private final boolean[] wonBy = new boolean[BATCH * Predecessors.MAX];
    private final byte[] seen = new byte[BATCH * Predecessors.MAX];
    /** Pairs of local index and packed board (or a mark). */
    private long[] stack = new long[1 << 12];
    private int top;
    private long pushed;

    /** How the boards of stacked positions are kept (all but {@link #PACKED} for tests). */
    enum Boards {
        /** Packed: five bits a pit up to {@link Predecessors#FIVE_BITS} seeds, in unary above. */
        PACKED,
        /** Packed in unary whatever the seeds, as above {@link Predecessors#FIVE_BITS} seeds. */
        UNARY,
        /** Unranked when expanded, as a position received from another member. */
        UNRANKED
    }

    private Propagator(Variant variant, StateCodes codes, AtomicBytes atomicState, DontCareBits dontCare,
                       ExitKernel kernel, ByteBigArray exits, Partition partition, int self, Boards boards) {
        this.seeds = codes.seeds;
        this.codes = codes;
        this.atomicState = atomicState;
        this.state = atomicState.bytes();
        this.dontCare = dontCare;
        this.pred = new Predecessors(variant, boards == Boards.UNARY ? 0 : Predecessors.FIVE_BITS);
        this.kernel = kernel;
        this.exits = exits;
        this.partition = partition;
        this.self = self;
        this.packable = boards != Boards.UNRANKED && seeds <= Predecessors.PACKABLE;
        this.locals = partition == null ? ranks : new long[ranks.length];
        this.owners = partition == null ? null : new int[ranks.length];
    }

    /**
     * On one machine: the whole layer, the exits the codes do not keep recomputed from the
     * layers below.
     *
     * @param boards {@link Boards#PACKED}, or another way to keep them (for tests)
     */
    static Propagator whole(LayerState layer, ByteBigArray[] solved, Variant variant, Boards boards) {
        return new Propagator(variant, layer.codes, layer.atomicState, layer.dontCare, new ExitKernel(variant, solved),
                null, null, 0, boards);
    }

    /**
     * In a cluster: member {@code self}'s positions of the layer, in local order.
     *
     * @param state    their state bytes ({@link StateCodes} of {@code codes}' layer)
     * @param dontCare their don't-care bits
     * @param exits    their best exits (for the exits the codes do not keep)
     */
    public static Propagator partitioned(Variant variant, StateCodes codes, AtomicBytes state, DontCareBits dontCare,
                                         ByteBigArray exits, int self, Partition partition) {
        return new Propagator(variant, codes, state, dontCare, null, exits, partition, self, Boards.PACKED);
    }

    /** True if a byte of {@code x} is zero (exact: no false positives, no misses). */
    static boolean hasZeroByte(long x) {
        return ((x - ONES) & ~x & (ONES << 7)) != 0;
    }

    /**
     * Claims the seeds of level {@code t} among local indices {@code [from, to)} and expands
     * them, and what they resolve, to the end; packed seeds are stacked until a whole batch is
     * ready, so that their predecessors' cache misses overlap too.
     */
    void seedLevel(int t, long from, long to) {
        scan(t, from, to, true);
    }

    /**
     * Claims the seeds of level {@code t} among local indices {@code [from, to)} and stacks
     * them, for {@link #expand}.
     */
    public void claimSeeds(int t, long from, long to) {
        scan(t, from, to, false);
    }

    /** True while stacked positions wait to be expanded. */
    public boolean holdsWork() {
        return top > 0;
    }

    /** Expands up to {@code max} stacked positions. */
    public void expand(int max) {
        drain(1, max);
    }

    /**
     * Applies an update of a held position received from another member: a child of
     * {@code rank} is worth {@code +t} ({@code lower}) or {@code -t}.
     */
    public void apply(long rank, boolean lower, int t) {
        long l = partition.local(rank);
        if (lower) {
            lowerCounter(l, rank, UNPACKED, t);
        } else {
            claimWinner(l, UNPACKED, t);
        }
    }

    /**
     * The seeds of a level are fixed when it starts (resolution makes no new {@code pos(t)} or
     * {@code zero(-t)} code during level {@code t}), so a word read while other threads write is
     * still a true list of candidates: only words holding one are looked at byte by byte.
     */
    private void scan(int t, long from, long to, boolean expand) {
        byte win = StateCodes.pos(t);
        byte lose = StateCodes.zero(-t);
        long wins = (win & 0xFFL) * ONES;
        long loses = (lose & 0xFFL) * ONES;
        cursorRank = -1;
        long i = from;
        for (; i < to && (i & 7) != 0; i++) {
            seed(t, i, win, lose, expand);
        }
        for (; i + 8 <= to; i += 8) {
            long word = state.getLong(i);
            if (hasZeroByte(word ^ wins) || hasZeroByte(word ^ loses)) {
                for (int k = 0; k < 8; k++) {
                    seed(t, i + k, win, lose, expand);
                }
            }
        }
        for (; i < to; i++) {
            seed(t, i, win, lose, expand);
        }
        if (expand) {
            drain(1, ALL);
        }
    }

    /** Claims local position {@code l} if it is a seed of level {@code t} and stacks it. */
    private void seed(int t, long l, byte win, byte lose, boolean expand) {
        byte s = state.get(l);
        if (s != win && s != lose) {
            return;
        }
        // these codes change only by being resolved: if another thread resolved the
        // position meanwhile, the compare-and-set fails and it is no seed any more
        if (atomicState.compareAndSet(l, s, (byte) (s == win ? t : -t))) {
            dontCare.set(l);
            if (packable) {
                moveCursor(rankOf(l));
                push(l, pred.pack(cursor, seeds));
                if (expand) {
                    drain(BATCH, ALL);
                }
            } else if (expand) {
                moveCursor(rankOf(l));
                push(l, CURSOR);
                drain(1, ALL);
            } else {
                push(l, UNPACKED);
            }
        }
    }

    /**
     * Expands up to {@code max} stacked positions while at least {@code least} are stacked (1:
     * until none is left), a batch of up to {@link #BATCH} of one level at a time.
     */
    private void drain(int least, int max) {
        int expanded = 0;
        while (top >= 2 * least && expanded < max) {
            int m = 0;
            int t = 0;
            for (int popped = 0; top > 0 && popped < BATCH && expanded < max; popped++, expanded++) {
                long p = stack[top - 2];
                byte v = state.get(p);
                int level = v > 0 ? v : -v;
                if (level != t) {
                    if (popped > 0) {
                        break; // the next batch has the next level
                    }
                    t = level;
                }
                top -= 2;
                long packedBoard = stack[top + 1];
                if (packedBoard == CURSOR) {
                    System.arraycopy(cursor, 0, board, 0, 12);
                } else if (packedBoard == UNPACKED) {
                    PositionIndex.unrank(seeds, rankOf(p), board);
                } else {
                    pred.unpack(packedBoard, seeds, board);
                }
                int k = pred.generate(board, ranks, boards, m);
                Arrays.fill(wonBy, m, m + k, v > 0);
                m += k;
            }
            if (partition == null) {
                for (int j = 0; j < m; j++) {
                    seen[j] = state.get(ranks[j]);
                }
            } else {
                readHeld(m);
            }
            for (int j = 0; j < m; j++) {
                if (!StateCodes.unresolved(seen[j])) {
                    continue; // resolved positions never change again
                }
                long qb = packable ? boards[j] : UNPACKED;
                if (wonBy[j]) {
                    lowerCounter(locals[j], ranks[j], qb, t);
                } else {
                    claimWinner(locals[j], qb, t);
                }
            }
            if (partition != null) {
                sendOthers(m, t);
            }
        }
    }

    /**
     * Reads the states of the predecessors held here (their local index to {@link #locals});
     * the others read as resolved, to be sent instead.
     */
    private void readHeld(int m) {
        for (int j = 0; j < m; j++) {
            int owner = partition.owner(ranks[j]);
            owners[j] = owner;
            if (owner == self) {
                long l = partition.local(ranks[j]);
                locals[j] = l;
                seen[j] = state.get(l);
            } else {
                seen[j] = 0;
            }
        }
    }

    /** Sends the updates of the predecessors held elsewhere to their owners. */
    private void sendOthers(int m, int t) {
        for (int j = 0; j < m; j++) {
            if (owners[j] != self) {
                partition.send(owners[j], ranks[j], wonBy[j], t);
            }
        }
    }

    /** A child of local position {@code l} is worth {@code -t}: {@code l} is worth {@code +t} unless resolved. */
    private void claimWinner(long l, long qb, int t) {
        while (true) {
            byte s = state.get(l);
            int x = StateCodes.claimWin(s, t);
            if (x == StateCodes.UNCHANGED) {
                return;
            }
            if (atomicState.compareAndSet(l, s, (byte) x)) {
                resolved(l, qb, x);
                return;
            }
        }
    }

    /** One more move of local position {@code l}, of rank {@code q}, reaches a child worth at least {@code t}. */
    private void lowerCounter(long l, long q, long qb, int t) {
        int exit = StateCodes.UNKNOWN;
        while (true) {
            byte s = state.get(l);
            int x = codes.lowerCounter(s, t, exit, q);
            if (x == StateCodes.NEED_EXIT) {
                exit = exitOf(l, q, qb);
                continue;
            }
            if (x == StateCodes.UNCHANGED) {
                return;
            }
            if (atomicState.compareAndSet(l, s, (byte) x)) {
                resolved(l, qb, x);
                return;
            }
        }
    }

    /** After transition {@code x} of {@code l}: marks it don't-care and stacks it as {@code x} says. */
    private void resolved(long l, long qb, int x) {
        if ((x & StateCodes.EXACT) != 0) {
            dontCare.set(l);
        }
        if ((x & StateCodes.RESOLVED) != 0) {
            push(l, qb);
        }
    }

    /** The best exit of local position {@code l}, of rank {@code q}: kept, or computed again. */
    private int exitOf(long l, long q, long qb) {
        if (exits != null) {
            return exits.get(l);
        }
        if (qb == UNPACKED) {
            PositionIndex.unrank(seeds, q, scratch);
        } else {
            pred.unpack(qb, seeds, scratch);
        }
        return ExitKernel.best(kernel.evaluate(scratch, seeds));
    }

    /** The rank of local index {@code l}. */
    private long rankOf(long l) {
        return partition == null ? l : partition.rank(l);
    }

    /** Sets the cursor to the board of rank {@code r}, stepping it there if it is a little behind. */
    private void moveCursor(long r) {
        if (cursorRank >= 0 && r > cursorRank && r - cursorRank <= STEPS) {
            for (long k = cursorRank; k < r; k++) {
                PositionIndex.next(cursor);
            }
        } else {
            PositionIndex.unrank(seeds, r, cursor);
        }
        cursorRank = r;
    }

    /** Positions this propagator resolved (each is stacked once, to be expanded). */
    long resolvedCount() {
        return pushed;
    }

    /** Pushes a local position: its index and its packed board, or a mark. */
    private void push(long l, long packedBoard) {
        pushed++;
        if (top == stack.length) {
            stack = Arrays.copyOf(stack, stack.length * 2);
        }
        stack[top++] = l;
        stack[top++] = packedBoard;
    }
}
