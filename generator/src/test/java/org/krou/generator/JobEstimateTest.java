package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.krou.index.PositionIndex;
import org.junit.jupiter.api.Test;

/**
 * The estimate of the time left against jobs whose layer times follow a known law: layer
 * {@code k} takes {@code C(k+11, 11) * (a + b k)} seconds, the sizes computed here from the
 * binomial, not from the index.
 */
class JobEstimateTest {
    /** C(k+11, 11): the boards of k seeds on 12 pits. */
    private static long boards(int k) {
        long c = 1;
        for (int i = 1; i <= 11; i++) {
            c = c * (k + i) / i;
        }
        return c;
    }

    private static double layerSeconds(int k, double a, double b) {
        return boards(k) * (a + b * k);
    }

    @Test
    void theSizesAreTheBoardCounts() {
        for (int k = 0; k <= 34; k++) {
            assertEquals(boards(k), PositionIndex.size(k));
        }
    }

    @Test
    void aCostThatGrowsWithTheSeedsIsProjectedToTheLargerLayers() {
        double a = 80e-9;
        double b = 6e-9;
        JobEstimate e = new JobEstimate(32);
        assertFalse(e.ready());
        for (int k = 0; k <= 24; k++) {
            e.layerDone(k, boards(k), layerSeconds(k, a, b));
        }
        double truth = 0;
        for (int k = 25; k <= 32; k++) {
            truth += layerSeconds(k, a, b);
        }
        assertTrue(e.ready());
        assertEquals(truth, e.secondsLeft(25, "", 0), truth * 1e-6);
        // what the mean rate so far would say: too little, since the cost grows
        double seconds = 0;
        long positions = 0;
        for (int k = 0; k <= 24; k++) {
            seconds += layerSeconds(k, a, b);
            positions += boards(k);
        }
        double meanRate = 0;
        for (int k = 25; k <= 32; k++) {
            meanRate += boards(k) * seconds / positions;
        }
        assertTrue(meanRate < 0.9 * truth, meanRate + " against " + truth);
    }

    @Test
    void smallLayersWithFixedCostsAreLeftOutOfTheFit() {
        double a = 100e-9;
        JobEstimate e = new JobEstimate(20);
        for (int k = 0; k <= 16; k++) {
            // 50 ms of fixed costs on every layer: they dominate the small layers only
            e.layerDone(k, boards(k), 0.05 + layerSeconds(k, a, 0));
        }
        double truth = 0;
        for (int k = 17; k <= 20; k++) {
            truth += 0.05 + layerSeconds(k, a, 0);
        }
        // the fitted layers (12..16) still carry some of the fixed cost: within 10%
        assertEquals(truth, e.secondsLeft(17, "", 0), truth * 0.10);
    }

    @Test
    void theLayerInProgressCountsWhatItsPhasesHaveDone() {
        JobEstimate e = new JobEstimate(20);
        for (int k = 14; k <= 17; k++) {
            e.layerDone(k, boards(k), layerSeconds(k, 100e-9, 0));
        }
        e.phaseDone("exits", 1);
        e.phaseDone("resolve", 3);
        // no writing recorded: the phases' shares are 1/4 and 3/4
        assertEquals(0.25 + 0.75 / 3, e.layerFraction("resolve", 1.0 / 3), 1e-12);
        double layer18 = layerSeconds(18, 100e-9, 0);
        double rest = layerSeconds(19, 100e-9, 0) + layerSeconds(20, 100e-9, 0);
        assertEquals(layer18 * 0.5 + rest, e.secondsLeft(18, "resolve", 1.0 / 3), 1e-9 * (layer18 + rest));
        assertEquals(0, e.layerFraction("mapping finished layers", 0.5));
    }

    /**
     * A layer running twice as slowly as the model (the other layers) says: half-way (a half
     * done in the model's whole time) its time left is half of the mean of its pace and the
     * model's, 0.75 of the model's time rather than the model's half; before a twentieth is
     * done, the model's alone.
     */
    @Test
    void theLayerInProgressCountsItsOwnPace() {
        JobEstimate e = new JobEstimate(18);
        for (int k = 14; k <= 17; k++) {
            e.layerDone(k, boards(k), layerSeconds(k, 100e-9, 0));
        }
        e.phaseDone("exits", 1);
        e.phaseDone("resolve", 1);
        double model = layerSeconds(18, 100e-9, 0);
        // exits done, resolve 0: half the layer, in the model's whole time
        assertEquals(0.5 * (0.5 * 2 * model + 0.5 * model), e.secondsLeft(18, "resolve", 0, model), 1e-9 * model);
        assertEquals(0.75 * model, e.secondsLeft(18, "resolve", 0, model), 1e-9 * model);
        assertEquals(0.5 * model, e.secondsLeft(18, "resolve", 0, 0), 1e-9 * model, "no time known: the model");
        assertEquals(0.98 * model, e.secondsLeft(18, "exits", 0.04, 1), 1e-9 * model,
                "2% done: the model alone, whatever the pace");
    }

    @Test
    void withoutAFitTheDefaultSharesAndTheMeanCostAreUsed() {
        JobEstimate e = new JobEstimate(10);
        e.layerDone(9, 1000, 2e-3);
        assertFalse(e.ready(), "a thousand positions computed: too few to estimate from");
        assertEquals(JobEstimate.DEFAULT_SHARES[0] * 0.5, e.layerFraction("exits", 0.5), 1e-12);
        assertEquals(2e-6 * boards(10), e.secondsLeft(10, "", 0), 1e-9);
    }

    /**
     * A resumed job of 0..16 that reads back 0..13 and 15: only 14 and 16 are left to compute,
     * whether a reused layer is being read or the first layer to compute has not started.
     */
    @Test
    void layersReadBackAreNotLeftToCompute() {
        JobEstimate e = new JobEstimate(16);
        e.layerDone(12, boards(12), boards(12) * 1e-6);
        e.layerDone(13, boards(13), boards(13) * 1e-6);
        boolean[] reused = new boolean[17];
        java.util.Arrays.fill(reused, 0, 14, true);
        reused[15] = true;
        e.reusing(reused);
        double left = (boards(14) + boards(16)) * 1e-6; // 4,457,400 + 13,037,895 µs
        assertEquals(17.495295, left, 1e-9);
        assertEquals(left, e.secondsLeft(10, "mapping", 0.5), 1e-9);
        assertEquals(left, e.secondsLeft(14, "exits", 0), 1e-9);
        assertEquals(boards(16) * 1e-6, e.secondsLeft(15, "", 0), 1e-9);
    }
}
