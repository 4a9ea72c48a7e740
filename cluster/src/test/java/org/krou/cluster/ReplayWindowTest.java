package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The anti-replay window: each counter once, late ones within the window, nothing older. */
class ReplayWindowTest {
    @Test
    void eachCounterIsAcceptedOnce() {
        ReplayWindow w = new ReplayWindow();
        assertTrue(w.accept(1));
        assertTrue(w.accept(2));
        assertFalse(w.accept(2), "seen");
        assertFalse(w.accept(1), "seen");
        assertFalse(w.accept(0), "counters start at 1");
        assertFalse(w.accept(-5), "counters start at 1");
    }

    @Test
    void lateCountersWithinTheWindowPassOnceOlderOnesNever() {
        ReplayWindow w = new ReplayWindow();
        assertTrue(w.accept(5), "3 and 4 still on their way");
        assertTrue(w.accept(3));
        assertTrue(w.accept(4));
        assertFalse(w.accept(3));
        long top = 5 + ReplayWindow.SIZE;
        assertTrue(w.accept(top));
        assertFalse(w.accept(5), "seen, and now " + ReplayWindow.SIZE + " below the top: too old");
        assertTrue(w.accept(6 + 1), "7 was never seen and is within the window");
        assertFalse(w.accept(6 + 1));
        assertTrue(w.accept(top + 10 * ReplayWindow.SIZE), "a jump past the whole window");
        assertFalse(w.accept(top + 10 * ReplayWindow.SIZE));
        assertFalse(w.accept(top), "seen long ago and outside the window");
        assertTrue(w.accept(top + 10 * ReplayWindow.SIZE - 1), "never seen, just below the top");
    }

    @Test
    void aSlotReusedByALaterCounterStartsUnseen() {
        ReplayWindow w = new ReplayWindow();
        assertTrue(w.accept(1));
        assertTrue(w.accept(3));
        // counter 1 + SIZE lands in counter 1's slot; 2 + SIZE in the slot of 2, never seen
        assertTrue(w.accept(3 + ReplayWindow.SIZE));
        assertTrue(w.accept(2 + ReplayWindow.SIZE), "not seen: the slot of 2 was empty");
        assertTrue(w.accept(1 + ReplayWindow.SIZE), "not seen: counter 1's mark was cleared when the window moved");
        assertFalse(w.accept(1 + ReplayWindow.SIZE));
    }
}
