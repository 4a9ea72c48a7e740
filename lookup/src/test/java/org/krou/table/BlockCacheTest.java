package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The block cache is bounded in bytes, whatever the sizes of the blocks put into it. */
class BlockCacheTest {
    @Test
    void neverHoldsMoreBytesThanItsBound() {
        long bound = 10_000;
        BlockCache c = new BlockCache(64, bound);
        SplittableRandom r = new SplittableRandom(1);
        List<Long> keys = new ArrayList<>();
        for (int k = 0; k < 4000; k++) {
            long key = BlockCache.key(r.nextInt(3), r.nextInt(200));
            byte[] d = new byte[1 + r.nextInt(3000)];
            c.put(key, d);
            keys.add(key);
            assertSame(d, c.get(key), "a block just put is there");
            if (r.nextInt(3) == 0) {
                c.get(keys.get(r.nextInt(keys.size())));
            }
            assertTrue(c.bytes() <= bound, "accounted " + c.bytes() + " bytes after " + k + " blocks");
            if (k % 50 == 0) {
                // counted independently of the accounting: every distinct block still retrievable
                Set<byte[]> held = Collections.newSetFromMap(new IdentityHashMap<>());
                long sum = 0;
                for (long x : keys) {
                    byte[] g = c.get(x);
                    if (g != null && held.add(g)) {
                        sum += g.length;
                    }
                }
                assertTrue(sum <= bound, "holds " + sum + " bytes, bound " + bound);
                assertTrue(sum > 0);
            }
        }
        c.clear();
        assertEquals(0, c.bytes());
    }

    @Test
    void aBlockLargerThanTheBoundIsNotCachedAndZeroCachesNothing() {
        BlockCache c = BlockCache.ofBytes(1000);
        c.put(BlockCache.key(1, 1), new byte[1001]);
        assertNull(c.get(BlockCache.key(1, 1)));
        c.put(BlockCache.key(1, 2), new byte[1000]);
        assertEquals(1000, c.bytes());
        BlockCache none = BlockCache.ofBytes(0);
        none.put(BlockCache.key(1, 1), new byte[1]);
        assertNull(none.get(BlockCache.key(1, 1)));
        assertEquals(0, none.bytes());
    }
}
