package org.krou.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Rules} on mover-relative boards, against {@link ReferenceRules} on absolute ones. */
class KernelTest {

    /**
     * The landing table of {@link Moves#endsOnTwoOrThree} against sowing itself: for every pit,
     * every seed count it may hold and every count already on the other pits, the move ends on
     * a 2 or 3 in the opponent's row exactly when {@link Rules#sow} says so.
     */
    @Test
    void endsOnTwoOrThreeAgreesWithSowing() {
        int[] out = new int[12];
        int yes = 0;
        for (int pit = 0; pit < 6; pit++) {
            for (int s = 0; s <= 48; s++) {
                for (int other = 0; other + s <= 48 && other <= 4; other++) {
                    int[] b = new int[12];
                    Arrays.fill(b, other);
                    b[pit] = s;
                    boolean expected = false;
                    if (s > 0) {
                        int last = Rules.sow(b, pit, out);
                        expected = last >= 6 && (out[last] == 2 || out[last] == 3);
                    }
                    yes += expected ? 1 : 0;
                    assertEquals(expected, Moves.endsOnTwoOrThree(b, pit),
                            "pit " + pit + " holding " + s + ", the others " + other);
                }
            }
        }
        assertTrue(yes > 50, yes + " moves ending on 2 or 3");
    }

    /**
     * The moves {@link Moves#classify} does not sow capture nothing and are no grand slam (played
     * with {@link Rules#playMove}), and the ones it sows hold that move's child and capture, under
     * every preset and each option; it sows a minority of the moves.
     */
    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari", "lemery", "myriad", "grand-slam-forbidden",
        "grand-slam=capture,cap=6,over-cap=keep-first,no-feed=mover-takes",
        "grand-slam=capture-give,cap=6,over-cap=keep-first,no-feed=play-on",
        "grand-slam=spare-first,cap=5,over-cap=none,no-feed=nobody-takes",
        "grand-slam=spare-last,cap=4,over-cap=keep-first,no-feed=mover-takes"})
    void unsownMovesCaptureNothing(String rules) {
        Variant v = Variant.parse(rules);
        SplittableRandom rnd = new SplittableRandom(78);
        int[] children = new int[72];
        int[] captured = new int[6];
        int[] child = new int[12];
        int nonEmpty = 0;
        int sown = 0;
        int capturing = 0;
        for (int k = 0; k < 200_000; k++) {
            int[] b = RandomBoards.board(rnd, rnd.nextInt(49));
            int moves = Moves.classify(b, v, children, captured);
            for (int pit = 0; pit < 6; pit++) {
                if (b[pit] == 0) {
                    continue;
                }
                nonEmpty++;
                String at = Arrays.toString(b) + " pit " + pit + " " + v.id();
                int code = Rules.playMove(b, pit, v, child);
                if ((Moves.sown(moves) & (1 << pit)) == 0) {
                    assertEquals(0, code, at + ": not sown, but captures or is a grand slam");
                    continue;
                }
                sown++;
                capturing += Rules.captured(code) > 0 ? 1 : 0;
                assertEquals(Rules.captured(code), captured[pit], at);
                assertArrayEquals(child, Arrays.copyOfRange(children, 12 * pit, 12 * pit + 12), at);
            }
        }
        assertTrue(sown < nonEmpty / 3 && capturing > 10_000, sown + " of " + nonEmpty + " moves sown, "
                + capturing + " captures");
    }

    /**
     * The example of the {@link Rules} Javadoc. It used to read {@code {0,0,0,0,0,1, 1,0,0,0,0,0}}
     * "2: f takes A", but there A is North's only seed: a grand slam, which abapa cancels.
     */
    @Test
    void documentedExample() {
        int[] b = {0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0};
        int[] child = new int[12];
        assertEquals(2, Rules.play(b, 5, Variant.ABAPA, child), "f takes A");
        // rotated: the next mover (who lost A, kept B) first
        assertArrayEquals(new int[] {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, child);
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0}, b, "input untouched");

        int[] slam = {0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0};
        assertEquals(0, Rules.play(slam, 5, Variant.ABAPA, child), "abapa: grand slam, nothing taken");
        assertArrayEquals(new int[] {2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, child);
        assertEquals(2, Rules.play(slam, 5, Variant.AWARI, child), "awari: the capture happens");
        assertArrayEquals(new int[12], child);
    }

    /** The examples in the Javadoc of Position and Notation. */
    @Test
    void otherDocumentedExamples() {
        Position p = Position.parse("4 4 4 4 4 4 / 4 4 4 4 4 4 S");
        assertEquals("4 4 0 5 5 5 / 5 4 4 4 4 4 N", p.play('c', Variant.ABAPA).after().toString());
        assertEquals("0 0 0 0 0 1 / 1 0 0 0 0 0 N", Notation.format(Notation.parse("0,0,0,0,0,1 / 1,0,0,0,0,0 N")));
    }

    @Test
    void terminalValues() {
        assertEquals(0, Rules.terminalValue(new int[12], Variant.ABAPA), "empty board");
        assertEquals(-3, Rules.terminalValue(new int[] {0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0}, Variant.ABAPA), "mover has nothing");
        assertEquals(3, Rules.terminalValue(new int[] {1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, Variant.ABAPA), "cannot feed");
    }

    @Test
    void rotateAndSeedCounts() {
        int[] b = {1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5};
        assertEquals(21, Rules.moverSeeds(b));
        assertEquals(15, Rules.opponentSeeds(b));
        assertEquals(36, Rules.seeds(b));
        Rules.rotate(b);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6}, b);
        Position p = Position.fromMoverRelative(b, Side.NORTH);
        assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5}, p.pits());
        assertArrayEquals(b, p.moverRelative());
    }

    /**
     * Every pit (0..11) sown with every count of 1..48 seeds, on a board whose other pits hold
     * 0..3 seeds (pit {@code i} holds {@code i mod 4}): {@link Rules#sow} equals seed-by-seed sowing (so its table of sowing
     * patterns without a lap, and the lap rule, hold for every entry), board and last pit.
     */
    @Test
    void sowEqualsSeedBySeedForEveryPitAndCount() {
        int[] sown = new int[12];
        for (int pit = 0; pit < 12; pit++) {
            for (int s = 1; s <= 48; s++) {
                int[] b = new int[12];
                for (int i = 0; i < 12; i++) {
                    b[i] = i == pit ? s : i % 4;
                }
                int[] plain = b.clone();
                int last = ReferenceRules.sowInPlace(plain, pit);
                assertEquals(last, Rules.sow(b, pit, sown), "last pit of " + s + " seeds sown from pit " + pit);
                assertArrayEquals(plain, sown, s + " seeds sown from pit " + pit);
            }
        }
    }

    /**
     * Random boards of every size: the legal mask, each child (rotated) and each capture of
     * {@link Rules#generate}, and {@link Rules#sow}, equal the reference kernel's; with no
     * legal move the terminal value follows docs/RULES.md.
     */
    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void generateAgreesWithTheReference(Variant v) {
        SplittableRandom rnd = new SplittableRandom(1234L + Variant.presets().indexOf(v));
        int[] children = new int[72];
        int[] captured = new int[6];
        int[] scratch = new int[12];
        int[] sown = new int[12];
        int terminal = 0;
        for (int k = 0; k < 30_000; k++) {
            int n = rnd.nextInt(49);
            int[] b = RandomBoards.board(rnd, n);
            if (k % 5 == 0) { // sparse opponent rows and big pits are where the rules bite
                for (int j = 6; j < 12; j++) {
                    if (rnd.nextBoolean()) {
                        b[rnd.nextInt(6)] += b[j];
                        b[j] = 0;
                    }
                }
            }
            String at = "board " + Arrays.toString(b) + " " + v.id() + ": ";
            Arrays.fill(children, -1);
            int mask = Rules.generate(b, v, children, captured, scratch);
            // the mover-relative board is South's absolute board with South to move
            List<Integer> legal = ReferenceRules.legal(b, true, v);
            int refMask = 0;
            for (int i : legal) {
                refMask |= 1 << i;
            }
            assertEquals(refMask, mask, at + "legal mask");
            for (int pit = 0; pit < 6; pit++) {
                if (b[pit] > 0) {
                    ReferenceRules.Result ref = ReferenceRules.play(b, true, pit, v);
                    assertEquals(ref.lastPit(), Rules.sow(b, pit, sown), at + "last pit sown from " + pit);
                    int[] plain = b.clone();
                    ReferenceRules.sowInPlace(plain, pit);
                    assertArrayEquals(plain, sown, at + "sow " + pit);
                }
                if ((mask & (1 << pit)) == 0) {
                    continue;
                }
                ReferenceRules.Result ref = ReferenceRules.play(b, true, pit, v);
                int[] rotated = new int[12];
                for (int i = 0; i < 12; i++) {
                    rotated[i] = ref.board()[(i + 6) % 12];
                }
                assertArrayEquals(rotated, Arrays.copyOfRange(children, 12 * pit, 12 * pit + 12),
                        at + "child of pit " + pit);
                assertEquals(ref.captured(), captured[pit], at + "captured by pit " + pit);
            }
            if (mask == 0) {
                terminal++;
                int mine = Rules.moverSeeds(b);
                assertEquals(mine == 0 ? -n : n, Rules.terminalValue(b, v), at + "terminal value");
            }
        }
        assertTrue(terminal > 1_000, "only " + terminal + " terminal boards");
    }
}
