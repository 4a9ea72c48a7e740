package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.rules.Variant;
import org.krou.testkit.TinySolver;
import org.krou.util.ByteBigArray;

/**
 * The propagation loop's parts that the tables of every layer do not reach: the eight-at-a-time
 * test of the seed scan ({@link Propagator#hasZeroByte}) against its definition, the boards
 * unranked rather than packed (positions received from another member) or packed in unary
 * (layers above {@link Predecessors#FIVE_BITS} seeds), and a layer
 * split between members whose updates cross ({@link Propagator#partitioned}), both against the
 * independent {@link TinySolver}.
 */
class PropagatorTest {
    static final int MAX = 8;

    /**
     * With every board unranked (each seed expanded from the scan's cursor on its own, each
     * predecessor unranked when expanded, and, keeping no exit in the codes, unranked again to
     * recompute its exit), or every board packed in unary as above
     * {@link Predecessors#FIVE_BITS} seeds, each position gets the reference's value, and the
     * table writer the reference's best exit exactly where it equals the value.
     */
    @ParameterizedTest
    @CsvSource({"abapa, UNRANKED", "awari, UNRANKED", "abapa, UNARY", "awari, UNARY"})
    void boardsUnrankedOrInUnaryGiveTheReferenceValuesAndDontCares(Variant variant, Propagator.Boards boards) {
        TinySolver reference = new TinySolver(variant, MAX);
        for (int n = 0; n <= MAX; n++) {
            for (int maxKept : new int[] {Integer.MAX_VALUE, 0}) {
                LayerState layer = new LayerState(n, maxKept);
                ExitPhase.run(layer, reference.values, null, variant, 2, Progress.NONE);
                ResolvePhase.run(layer, reference.values, variant, 2, Progress.NONE, boards);
                byte[] exits = new byte[(int) layer.size];
                layer.exits().copyTo(0, exits, 0, exits.length);
                for (int r = 0; r < layer.size; r++) {
                    byte value = reference.values[n].get(r);
                    byte exit = reference.exits[n].get(r);
                    String where = variant.id() + " layer " + n + " rank " + r + " keeping " + maxKept + " exits";
                    assertEquals(value, layer.state.get(r), where + ": value");
                    assertEquals(exit == value ? value : StateCodes.NO_EXIT, exits[r], where + ": exit for the writer");
                }
            }
        }
    }

    /**
     * A layer split between {@value #MEMBERS} members in blocks of {@value #BLOCK} ranks dealt in
     * turn, each member with its own propagator over its own positions, one thread delivering the
     * updates sent to another member: each position gets the reference's value and is marked
     * don't-care exactly where its best exit equals it. The members keep each position's best
     * exit (the reference's), as cluster workers do; keeping none in the codes makes every
     * counter reaching 0 read it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void aLayerSplitBetweenMembersGetsTheReferenceValuesAndDontCares(Variant variant) {
        TinySolver reference = new TinySolver(variant, MAX);
        for (int n = 0; n <= MAX; n++) {
            for (int maxKept : new int[] {Integer.MAX_VALUE, 0}) {
                LayerState whole = new LayerState(n, maxKept);
                ExitPhase.run(whole, reference.values, variant, 1, Progress.NONE); // the codes before resolution
                Member[] members = new Member[MEMBERS];
                ArrayDeque<long[]> sent = new ArrayDeque<>();
                for (int i = 0; i < MEMBERS; i++) {
                    members[i] = new Member(variant, whole, reference.exits[n], i, sent);
                }
                for (int t = n; t >= 1; t--) {
                    for (Member m : members) {
                        m.propagator.claimSeeds(t, 0, m.size);
                    }
                    boolean busy = true;
                    while (busy) {
                        busy = false;
                        for (Member m : members) {
                            if (m.propagator.holdsWork()) {
                                m.propagator.expand(5);
                                busy = true;
                            }
                        }
                        for (long[] u; (u = sent.poll()) != null; busy = true) {
                            members[(int) u[0]].propagator.apply(u[1], u[2] != 0, (int) u[3]);
                        }
                    }
                }
                for (Member m : members) {
                    whole.codes.settleUnresolved(m.state.bytes(), 0, m.size, m.dontCare::set);
                    for (long l = 0; l < m.size; l++) {
                        long r = m.rank(l);
                        byte value = reference.values[n].get(r);
                        String where = variant.id() + " layer " + n + " rank " + r + " keeping " + maxKept + " exits";
                        assertEquals(value, m.state.get(l), where + ": value");
                        assertEquals(reference.exits[n].get(r) == value, m.dontCare.get(l), where + ": don't care");
                    }
                }
            }
        }
    }

    static final int MEMBERS = 3;
    static final int BLOCK = 5;

    /** One member's positions: blocks {@code b} of the layer with {@code b mod MEMBERS == self}. */
    private static final class Member implements Partition {
        final int self;
        final long size;
        final AtomicBytes state;
        final DontCareBits dontCare;
        final Propagator propagator;
        final ArrayDeque<long[]> sent;

        Member(Variant variant, LayerState whole, ByteBigArray exits, int self, ArrayDeque<long[]> sent) {
            this.self = self;
            this.sent = sent;
            long n = 0;
            for (long r = 0; r < whole.size; r++) {
                n += owner(r) == self ? 1 : 0;
            }
            size = n;
            state = new AtomicBytes(size);
            dontCare = new DontCareBits(size);
            ByteBigArray kept = new ByteBigArray(size);
            for (long l = 0; l < size; l++) {
                state.bytes().set(l, whole.state.get(rank(l)));
                kept.set(l, exits.get(rank(l)));
            }
            propagator = Propagator.partitioned(variant, whole.codes, state, dontCare, kept, self, this);
        }

        @Override
        public int owner(long rank) {
            return (int) (rank / BLOCK % MEMBERS);
        }

        @Override
        public long local(long rank) {
            return rank / BLOCK / MEMBERS * BLOCK + rank % BLOCK;
        }

        @Override
        public long rank(long local) {
            return (local / BLOCK * MEMBERS + self) * BLOCK + local % BLOCK;
        }

        @Override
        public void send(int owner, long rank, boolean lower, int t) {
            sent.add(new long[] {owner, rank, lower ? 1 : 0, t});
        }
    }

    /**
     * A missed seed would leave a position unresolved (worth 0 instead of its value); a false
     * one would only cost time.
     */
    @Test
    void hasZeroByteIsTrueExactlyWhenAByteIsZero() {
        SplittableRandom random = new SplittableRandom(8);
        for (int k = 0; k < 200_000; k++) {
            long x = random.nextLong();
            // make zero bytes, and bytes of 0x01 and 0x80 next to them (the borrows of the test), common
            for (int b = 0; b < 8; b++) {
                int roll = random.nextInt(8);
                if (roll < 3) {
                    long v = roll == 0 ? 0 : roll == 1 ? 1 : 0x80;
                    x = (x & ~(0xFFL << 8 * b)) | v << 8 * b;
                }
            }
            assertEquals(reference(x), Propagator.hasZeroByte(x), Long.toHexString(x));
        }
        for (int b = 0; b < 8; b++) {
            assertEquals(true, Propagator.hasZeroByte(~(0xFFL << 8 * b)), "only byte " + b + " zero");
            assertEquals(false, Propagator.hasZeroByte(0x0101010101010101L ^ (0x81L << 8 * b)), "no zero byte");
        }
    }

    private static boolean reference(long x) {
        for (int b = 0; b < 8; b++) {
            if ((x >>> 8 * b & 0xFF) == 0) {
                return true;
            }
        }
        return false;
    }
}
