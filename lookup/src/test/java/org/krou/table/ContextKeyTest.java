package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The context key of docs/FORMAT.md, "Contexts": {@code ((prev · (k+1) + above) · 2) + same}. */
class ContextKeyTest {
    @Test
    void keysAreAsTheFormatSays() {
        // k = 3 codes (code 3: none): ((2·4 + 1)·2) + 1 = 19; the first position of a stream
        // (no code before, none a lag back, not same) is ((3·4 + 3)·2) + 0 = 30
        assertEquals(19, ContextKey.pack(3, 2, 1, 1));
        assertEquals(30, ContextKey.pack(3, 3, 3, 0));
        assertEquals(0, ContextKey.pack(3, 0, 0, 0));
        assertEquals(32, ContextKey.count(3), "2·4·4 keys");
        assertEquals(2, ContextKey.prev(3, 19));
        assertEquals(1, ContextKey.above(3, 19));
        assertEquals(1, ContextKey.same(19));
        // 18 codes (the values of abapa at 8 seeds and more: -8..8 and beyond): ((17·19 + 5)·2) + 0
        assertEquals(656, ContextKey.pack(18, 17, 5, 0));
    }

    @Test
    void everyKeyIsOneTripleAndBack() {
        for (int k = 1; k <= 40; k++) {
            boolean[] seen = new boolean[ContextKey.count(k)];
            for (int prev = 0; prev <= k; prev++) {
                for (int above = 0; above <= k; above++) {
                    for (int same = 0; same <= 1; same++) {
                        int key = ContextKey.pack(k, prev, above, same);
                        assertTrue(key >= 0 && key < seen.length && !seen[key], "k " + k + " key " + key);
                        seen[key] = true;
                        assertEquals(prev, ContextKey.prev(k, key));
                        assertEquals(above, ContextKey.above(k, key));
                        assertEquals(same, ContextKey.same(key));
                    }
                }
            }
        }
    }
}
