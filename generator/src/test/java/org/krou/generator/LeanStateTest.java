package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The one-byte working state: its codes, the exits it recomputes instead of keeping, and its
 * don't-care bits against the exits computed directly.
 */
class LeanStateTest {
    static final int MAX = 12;

    @Test
    void codesStayOutsideTheValuesAndApart() {
        for (int n = 0; n <= PositionIndex.MAX_SEEDS; n++) {
            StateCodes layer = new StateCodes(n);
            assertTrue(layer.kept >= Math.min(n, 7), "layer " + n + " keeps " + layer.kept);
            String[] meaning = new String[256];
            for (int e = -n; e <= n; e++) {
                byte code = e > 0 ? StateCodes.pos(e) : StateCodes.zero(e);
                assertTrue(StateCodes.unresolved(code));
                mean(meaning, code, "exit " + e + (e > 0 ? "" : " no move left"));
                assertEquals(e, layer.exit(code));
                assertEquals(e > 0 ? -1 : 0, layer.counter(code));
            }
            for (int c = 1; c <= StateCodes.MAX_COUNT; c++) {
                for (int e = -n - 1; e <= 0; e++) {
                    int exit = e < -n ? StateCodes.NO_EXIT : e;
                    byte code = layer.initial(c, exit);
                    assertTrue(StateCodes.unresolved(code));
                    assertEquals(c, layer.counter(code));
                    int kept = layer.exit(code);
                    assertTrue(kept == exit || (kept == StateCodes.UNKNOWN && exit < -layer.kept),
                            "layer " + n + " exit " + exit + " kept as " + kept);
                    if (c > 1) {
                        assertEquals(layer.initial(c - 1, exit), layer.lowered(code));
                    }
                    mean(meaning, code, c + " moves, kept exit " + kept);
                }
            }
            for (int v = -n; v <= n; v++) {
                assertTrue(!StateCodes.unresolved((byte) v));
            }
        }
    }

    /**
     * The transitions, as the rules of resolution state them: a losing child makes a position
     * worth {@code +t}; the last bad move makes it worth {@code -t} if its best exit is at most
     * {@code -t} (exactly {@code -t}: a don't-care entry), else leaves it waiting at its exit;
     * a resolved position or a positive exit never changes; an exit the code does not keep is
     * asked for only at a level above the kept exits (below, it is known to be under {@code -t}).
     */
    @Test
    void transitionsFollowTheRules() {
        StateCodes layer = new StateCodes(20, 3);
        assertEquals(5 | StateCodes.RESOLVED, StateCodes.claimWin(layer.initial(2, -1), 5));
        assertEquals(5 | StateCodes.RESOLVED | StateCodes.EXACT, StateCodes.claimWin(StateCodes.pos(5), 5));
        assertEquals(StateCodes.UNCHANGED, StateCodes.claimWin((byte) -4, 5));
        assertEquals(StateCodes.UNCHANGED, StateCodes.claimWin((byte) 0, 5));

        byte three = layer.initial(3, -2);
        byte two = (byte) layer.lowerCounter(three, 2, StateCodes.UNKNOWN, 0);
        assertEquals(layer.initial(2, -2), two);
        byte one = (byte) layer.lowerCounter(two, 2, StateCodes.UNKNOWN, 0);
        assertEquals((-2 & 0xFF) | StateCodes.RESOLVED | StateCodes.EXACT,
                layer.lowerCounter(one, 2, StateCodes.UNKNOWN, 0), "every move bad, exit -2 at level 2");
        assertEquals(StateCodes.zero(-2) & 0xFF, layer.lowerCounter(one, 3, StateCodes.UNKNOWN, 0),
                "every move bad at level 3, exit -2: waits for level 2");
        assertEquals((-1 & 0xFF) | StateCodes.RESOLVED, layer.lowerCounter(one, 1, StateCodes.UNKNOWN, 0),
                "exit -2 below level 1's -1: worth -1, not its exit");
        byte none = layer.initial(1, StateCodes.NO_EXIT);
        assertEquals((-7 & 0xFF) | StateCodes.RESOLVED, layer.lowerCounter(none, 7, StateCodes.UNKNOWN, 0));

        byte unknown = layer.initial(1, -9); // below the 3 kept exits
        assertEquals(StateCodes.NEED_EXIT, layer.lowerCounter(unknown, 4, StateCodes.UNKNOWN, 0));
        assertEquals((-3 & 0xFF) | StateCodes.RESOLVED, layer.lowerCounter(unknown, 3, StateCodes.UNKNOWN, 0),
                "an exit not kept is below -3: at level 3 worth -3, not its exit, without asking for it");
        assertEquals(StateCodes.zero(-5) & 0xFF, layer.lowerCounter(unknown, 6, -5, 0));
        assertEquals((-4 & 0xFF) | StateCodes.RESOLVED, layer.lowerCounter(unknown, 4, -5, 0));
        assertEquals((-4 & 0xFF) | StateCodes.RESOLVED | StateCodes.EXACT, layer.lowerCounter(unknown, 4, -4, 0));

        assertEquals(StateCodes.UNCHANGED, layer.lowerCounter(StateCodes.pos(3), 2, StateCodes.UNKNOWN, 0));
        assertEquals(StateCodes.UNCHANGED, layer.lowerCounter((byte) 3, 2, StateCodes.UNKNOWN, 0));
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> layer.lowerCounter(StateCodes.zero(-1), 1, StateCodes.UNKNOWN, 77));
        assertTrue(e.getMessage().contains("position 77 of layer 20"), e.getMessage());
    }

    /** Records what {@code code} means; fails if it already meant something else. */
    private static void mean(String[] meaning, byte code, String what) {
        String before = meaning[code & 0xFF];
        if (before != null && !before.equals(what)) {
            fail("code " + code + " means both " + before + " and " + what);
        }
        meaning[code & 0xFF] = what;
    }

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void recomputedExitsGiveTheSameValuesAndDontCares(Variant variant) {
        ByteBigArray[] values = new ByteBigArray[MAX + 1];
        for (int n = 0; n <= MAX; n++) {
            LayerState kept = solve(variant, n, values, Integer.MAX_VALUE, false);
            for (int maxKept : new int[] {0, 2}) {
                for (boolean dtc : new boolean[] {false, true}) {
                    LayerState few = solve(variant, n, values, maxKept, dtc);
                    same(variant, n, kept, few, "keeping " + maxKept + (dtc ? " with distances" : ""));
                }
            }
            checkDontCares(variant, n, kept, values);
            values[n] = kept.state;
        }
    }

    private static LayerState solve(Variant variant, int n, ByteBigArray[] below, int maxKept, boolean dtc) {
        LayerState layer = new LayerState(n, maxKept);
        ByteBigArray dist = dtc ? new ByteBigArray(layer.size) : null;
        ExitPhase.run(layer, below, dist, variant, 3, Progress.NONE);
        if (dtc) {
            DistancePhase.run(layer, dist, below, variant, 3, Progress.NONE);
        } else {
            ResolvePhase.run(layer, below, variant, 3, Progress.NONE);
        }
        return layer;
    }

    private static void same(Variant variant, int n, LayerState a, LayerState b, String what) {
        for (long r = 0; r < a.size; r++) {
            if (a.state.get(r) != b.state.get(r) || a.dontCare.get(r) != b.dontCare.get(r)) {
                fail(variant.id() + " layer " + n + " rank " + r + " " + what + ": value " + b.state.get(r)
                        + " don't-care " + b.dontCare.get(r) + ", expected " + a.state.get(r) + " "
                        + a.dontCare.get(r));
            }
        }
    }

    /** A position is marked don't-care exactly if its value equals its best exit. */
    private static void checkDontCares(Variant variant, int n, LayerState layer, ByteBigArray[] below) {
        ExitKernel kernel = new ExitKernel(variant, below);
        int[] b = new int[12];
        PositionIndex.unrank(n, 0, b);
        byte[] given = new byte[(int) layer.size];
        layer.exits().copyTo(0, given, 0, given.length);
        for (long r = 0; r < layer.size; r++) {
            int exit = ExitKernel.best(kernel.evaluate(b, n));
            boolean dontCare = exit == layer.state.get(r);
            if (dontCare != layer.dontCare.get(r)) {
                fail(variant.id() + " layer " + n + " rank " + r + ": exit " + exit + ", value " + layer.state.get(r)
                        + ", marked " + layer.dontCare.get(r));
            }
            assertEquals(dontCare ? exit : LayerState.NO_EXIT, given[(int) r]);
            PositionIndex.next(b);
        }
    }
}
