package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The four-counter check against workers whose messages are delayed. */
class TerminationTest {
    @Test
    void oneBalancedWaveIsNotEnough() {
        Termination t = new Termination();
        assertFalse(t.wave(true, 5, 5));
        assertTrue(t.wave(true, 5, 5));
    }

    @Test
    void aBatchInFlightOrAppliedBetweenWavesKeepsItGoing() {
        Termination t = new Termination();
        assertFalse(t.wave(true, 5, 4)); // one batch in flight
        assertFalse(t.wave(true, 5, 4));
        assertFalse(t.wave(true, 6, 6)); // applied, and it made the receiver send one more
        assertFalse(t.wave(false, 6, 6));
        assertFalse(t.wave(true, 6, 6));
        assertTrue(t.wave(true, 6, 6));
        t.reset();
        assertFalse(t.wave(true, 6, 6));
    }

    /**
     * Workers pass tokens with random delays (a token may spawn more); polls read the workers
     * one at a time, interleaved with deliveries. Termination must never be declared while a
     * token is in flight, and must be declared once all are delivered.
     */
    @Test
    void neverDeclaredWhileATokenIsInFlight() {
        Random random = new Random(14);
        for (int run = 0; run < 200; run++) {
            int w = 2 + random.nextInt(3);
            long[] sent = new long[w];
            long[] applied = new long[w];
            List<int[]> flight = new ArrayList<>(); // {to, delay}
            for (int i = 0; i < 5; i++) {
                sent[0]++;
                flight.add(new int[] {random.nextInt(w), random.nextInt(10)});
            }
            Termination t = new Termination();
            boolean over = false;
            for (int step = 0; step < 10_000 && !over; step++) {
                boolean idle = true;
                long s = 0;
                long a = 0;
                for (int m = 0; m < w; m++) {
                    deliverSome(random, flight, sent, applied, w);
                    s += sent[m];
                    a += applied[m];
                }
                over = t.wave(idle, s, a);
                if (over) {
                    assertTrue(flight.isEmpty(), "declared over with " + flight.size() + " in flight");
                }
            }
            assertTrue(over);
            assertEquals(sum(sent), sum(applied));
        }
    }

    /** Ages the tokens in flight; delivers the due ones, each spawning a token now and then. */
    private static void deliverSome(Random random, List<int[]> flight, long[] sent, long[] applied, int w) {
        List<int[]> spawned = new ArrayList<>();
        for (int i = flight.size() - 1; i >= 0; i--) {
            int[] f = flight.get(i);
            if (f[1]-- > 0) {
                continue;
            }
            flight.remove(i);
            applied[f[0]]++;
            if (random.nextInt(3) == 0) {
                sent[f[0]]++;
                spawned.add(new int[] {random.nextInt(w), random.nextInt(10)});
            }
        }
        flight.addAll(spawned);
    }

    private static long sum(long[] a) {
        long s = 0;
        for (long x : a) {
            s += x;
        }
        return s;
    }
}
