package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;

/**
 * Un-sowing against the forward rules, on random boards of every seed count from 1 to 48 (the
 * reference solver only reaches 10 seeds): the predecessors {@link Predecessors} finds for a
 * board are exactly the boards with a legal non-capturing move to it, each once per such move.
 * Both directions are checked: every predecessor found has such a move (and as many times as it
 * is listed), and every legal non-capturing move of a random board is found again from its child.
 * Boards with a pit of 12 seeds or more (laps that skip the origin) are drawn on purpose, and
 * so are boards with an empty row (feeding, play-on, awari's moves that do not feed). Every rule
 * set of {@link RuleSets}: abapa and awari with {@value #BOARDS_PER_COUNT} boards per seed
 * count, the others with {@value #BOARDS_PER_OPTION}.
 */
class PredecessorsTest {
    private static final int BOARDS_PER_COUNT = 2000;
    private static final int BOARDS_PER_OPTION = 400;

    @Test
    void unSowingFindsExactlyTheParentsOfEveryBoard() {
        for (Variant variant : RuleSets.ALL) {
            boolean classic = variant.equals(Variant.ABAPA) || variant.equals(Variant.AWARI);
            int boards = classic ? BOARDS_PER_COUNT : BOARDS_PER_OPTION;
            Predecessors pred = new Predecessors(variant);
            Random random = new Random(48);
            int[] b = new int[Rules.PITS];
            int[] children = new int[Rules.ROW * Rules.PITS];
            int[] captured = new int[Rules.ROW];
            int[] scratch = new int[Rules.PITS];
            int[] q = new int[Rules.PITS];
            long laps = 0;
            long found = 0;
            for (int n = 1; n <= PositionIndex.MAX_SEEDS; n++) {
                for (int k = 0; k < boards; k++) {
                    randomBoard(random, n, b);
                    // every predecessor found has that many legal non-capturing moves to b
                    int count = pred.generate(b);
                    Map<Long, Integer> listed = new HashMap<>();
                    for (int i = 0; i < count; i++) {
                        listed.merge(pred.ranks()[i], 1, Integer::sum);
                        // the packed board is the board of that rank
                        pred.unpack(pred.packed()[i], n, q);
                        assertEquals(pred.ranks()[i], PositionIndex.rank(q), variant + ": packed parent "
                                + Arrays.toString(q) + " of " + Arrays.toString(b));
                    }
                    // written at an offset into the caller's arrays, the same
                    long[] ranksAt = new long[3 + Predecessors.MAX];
                    long[] packedAt = new long[3 + Predecessors.MAX];
                    assertEquals(count, pred.generate(b, ranksAt, packedAt, 3));
                    for (int i = 0; i < count; i++) {
                        assertEquals(pred.ranks()[i], ranksAt[3 + i], "rank written at an offset");
                        assertEquals(pred.packed()[i], packedAt[3 + i], "packed board written at an offset");
                    }
                    for (Map.Entry<Long, Integer> e : listed.entrySet()) {
                        PositionIndex.unrank(n, e.getKey(), q);
                        assertEquals(movesTo(q, b, variant, children, captured, scratch), (int) e.getValue(),
                                variant + ": " + Arrays.toString(q) + " listed " + e.getValue() + " times as a parent of "
                                        + Arrays.toString(b));
                    }
                    found += count;
                    // every legal non-capturing move of b is found again from its child
                    int mask = Rules.generate(b, variant, children, captured, scratch);
                    long rank = PositionIndex.rank(b);
                    int[] child = new int[Rules.PITS];
                    for (int pit = 0; pit < Rules.ROW; pit++) {
                        if ((mask & (1 << pit)) == 0 || captured[pit] != 0) {
                            continue;
                        }
                        laps += b[pit] >= 12 ? 1 : 0;
                        System.arraycopy(children, pit * Rules.PITS, child, 0, Rules.PITS);
                        int c = pred.generate(child);
                        boolean again = false;
                        for (int i = 0; i < c && !again; i++) {
                            again = pred.ranks()[i] == rank;
                        }
                        assertTrue(again, variant + ": pit " + pit + " of " + Arrays.toString(b) + " leads to "
                                + Arrays.toString(child) + ", which does not list it as a parent");
                    }
                }
            }
            assertTrue(laps > (classic ? 1000 : 200), variant + ": too few moves of 12 seeds or more: " + laps);
            assertTrue(found > (classic ? 100_000 : 20_000), variant + ": too few predecessors found: " + found);
        }
    }

    /**
     * The two packed forms, worked out by hand: five bits a pit with pit 0 lowest; in unary, a
     * one bit a seed and a zero bit after each pit but the last, pit 0 lowest. Boards of every
     * seed count come back from their packed form, and a generator made to pack every board in
     * unary (the form of layers above {@link Predecessors#FIVE_BITS} seeds) lists the same
     * predecessors, each packed as the board of its rank.
     */
    @Test
    void boardsPackedComeBack() {
        int[] b = {1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3};
        assertEquals(1L | 2L << 10 | 3L << 55, Predecessors.packFive(b));
        // bits from the highest: pit 11's 111, the zeros after pits 10..3, the zero after pit 2,
        // pit 2's 11, the zero after the empty pit 1, the zero after pit 0, pit 0's 1
        assertEquals(0b111_00000000_0_11_0_0_1L, Predecessors.packUnary(b));
        int[] last = new int[Rules.PITS];
        last[11] = PositionIndex.MAX_SEEDS;
        assertEquals(((1L << 48) - 1) << 11, Predecessors.packUnary(last));
        Random random = new Random(53);
        int[] q = new int[Rules.PITS];
        for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
            for (int k = 0; k < 200; k++) {
                randomBoard(random, n, b);
                Predecessors.unpackUnary(Predecessors.packUnary(b), q);
                assertEquals(Arrays.toString(b), Arrays.toString(q), "unary");
                if (n <= Predecessors.FIVE_BITS) {
                    Predecessors.unpackFive(Predecessors.packFive(b), q);
                    assertEquals(Arrays.toString(b), Arrays.toString(q), "five bits a pit");
                }
            }
        }
        for (Variant variant : new Variant[] {Variant.ABAPA, Variant.AWARI}) {
            Predecessors pred = new Predecessors(variant);
            Predecessors unary = new Predecessors(variant, 0);
            for (int n = 1; n <= Predecessors.FIVE_BITS; n++) {
                for (int k = 0; k < 200; k++) {
                    randomBoard(random, n, b);
                    int count = pred.generate(b);
                    assertEquals(count, unary.generate(b));
                    for (int i = 0; i < count; i++) {
                        assertEquals(pred.ranks()[i], unary.ranks()[i]);
                        unary.unpack(unary.packed()[i], n, q);
                        assertEquals(pred.ranks()[i], PositionIndex.rank(q), variant + ": parent packed in unary "
                                + Arrays.toString(q) + " of " + Arrays.toString(b));
                    }
                }
            }
        }
    }

    /** Legal moves of {@code q} that capture nothing and lead to {@code target}. */
    private static int movesTo(int[] q, int[] target, Variant variant, int[] children, int[] captured, int[] scratch) {
        int mask = Rules.generate(q, variant, children, captured, scratch);
        int moves = 0;
        for (int pit = 0; pit < Rules.ROW; pit++) {
            if ((mask & (1 << pit)) != 0 && captured[pit] == 0
                    && Arrays.equals(children, pit * Rules.PITS, pit * Rules.PITS + Rules.PITS, target, 0, Rules.PITS)) {
                moves++;
            }
        }
        return moves;
    }

    /**
     * Uniform over the boards of {@code n} seeds; or (one time in four) with one row empty; or
     * (one time in four, from 12 seeds) with a pile of 12 or more in one pit.
     */
    private static void randomBoard(Random random, int n, int[] b) {
        int kind = random.nextInt(4);
        if (kind == 0) {
            Arrays.fill(b, 0);
            int from = random.nextBoolean() ? 0 : Rules.ROW; // the mover's row or the opponent's
            for (int s = 0; s < n; s++) {
                b[from + random.nextInt(Rules.ROW)]++;
            }
            return;
        }
        if (n < 12 || kind < 3) {
            PositionIndex.unrank(n, (long) (random.nextDouble() * PositionIndex.size(n)), b);
            return;
        }
        int pile = 12 + random.nextInt(n - 11);
        Arrays.fill(b, 0);
        for (int s = 0; s < n - pile; s++) {
            b[random.nextInt(Rules.PITS)]++;
        }
        b[random.nextInt(Rules.ROW)] += pile; // the mover's pile, so that it can be sown
    }
}
