package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The resolve phase's progress follows its work: each position resolved counts a unit as it is
 * expanded, the scans of the levels one unit a position between them, and the phase ends at
 * exactly the units it declared.
 */
class ResolveProgressTest {
    /** Layer 7 (31,824 positions) is one chunk a level: the counts can be worked out by hand. */
    @Test
    void unitsAreTheScansShareAndThePositionsResolved() {
        int n = 7;
        ByteBigArray[] values = new ByteBigArray[n + 1];
        for (int k = 0; k < n; k++) {
            LayerState layer = new LayerState(k);
            ExitPhase.run(layer, values, null, Variant.ABAPA, 1, Progress.NONE);
            ResolvePhase.run(layer, values, Variant.ABAPA, 1, Progress.NONE);
            values[k] = layer.state;
        }
        LayerState layer = new LayerState(n);
        ExitPhase.run(layer, values, null, Variant.ABAPA, 1, Progress.NONE);
        List<Long> advances = new ArrayList<>();
        ResolvePhase.run(layer, values, Variant.ABAPA, 1, new Progress() {
            @Override
            public void phase(int seeds, String name, long units) {
            }

            @Override
            public void advance(long units) {
                advances.add(units);
            }

            @Override
            public void layerDone(int seeds, long positions, double seconds, boolean reused) {
            }
        });
        long zeros = 0;
        for (long r = 0; r < layer.size; r++) {
            zeros += layer.state.get(r) == 0 ? 1 : 0;
        }
        assertEquals(31_824, layer.size);
        assertEquals(n + 1, advances.size(), "one advance a level, one at the end");
        long levels = 0;
        for (int i = 0; i < n; i++) {
            levels += advances.get(i);
        }
        assertEquals(n * (31_824 / n) + (31_824 - zeros), levels,
                "the levels: seven shares of 4,546 and every position not worth 0 (each resolved once)");
        assertEquals(zeros + 31_824 % n, (long) advances.get(n), "the end: the draws and what the shares left");
        assertEquals(ResolvePhase.progressUnits(layer), levels + advances.get(n));
    }
}
