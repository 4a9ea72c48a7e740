package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/** The block cache: bounded in bytes, correct under recycling, and a hit writes nothing. */
class BlockCacheTest {
    /** A block of {@code m} bytes whose contents say which block it is. */
    private static byte[] block(long key, int m) {
        byte[] d = new byte[m];
        for (int i = 0; i < m; i++) {
            d[i] = (byte) (key * 31 + i * 7);
        }
        return d;
    }

    private static int expected(long key, int pos) {
        return (byte) (key * 31 + pos * 7) & 0xFF;
    }

    @Test
    void neverHoldsMoreBytesThanItsBoundAndNeverMixesUpBlocks() {
        long bound = 10_000;
        BlockCache c = new BlockCache(64, bound);
        SplittableRandom r = new SplittableRandom(1);
        Map<Long, Integer> sizes = new HashMap<>();
        List<Long> keys = new ArrayList<>();
        for (int k = 0; k < 4000; k++) {
            long key = BlockCache.key(1 + r.nextInt(3), r.nextInt(200));
            // mostly one size, so arrays are recycled; some others, so they are not
            int m = sizes.computeIfAbsent(key, x -> r.nextInt(4) == 0 ? 1 + r.nextInt(3000) : 1000);
            c.put(key, block(key, m), m);
            keys.add(key);
            assertEquals(expected(key, m - 1), c.read(key, m - 1), "a block just put is there");
            for (int q = 0; q < 3; q++) {
                long x = keys.get(r.nextInt(keys.size()));
                int pos = r.nextInt(sizes.get(x));
                int got = c.read(x, pos);
                assertTrue(got == -1 || got == expected(x, pos), "block " + x + " byte " + pos + ": " + got);
            }
            assertTrue(c.bytes() <= bound, "accounted " + c.bytes() + " bytes after " + k + " blocks");
            if (k % 50 == 0) {
                // counted independently of the accounting: every distinct block still readable
                long sum = 0;
                for (long x : sizes.keySet()) {
                    byte[] copy = new byte[sizes.get(x)];
                    if (c.copy(x, copy, copy.length)) {
                        assertTrue(Arrays.equals(block(x, copy.length), copy), "block " + x);
                        sum += copy.length;
                    }
                }
                assertTrue(sum <= bound, "holds " + sum + " bytes, bound " + bound);
                assertTrue(sum > 0);
                assertTrue(sum <= c.bytes(), "the blocks' " + sum + " bytes sit in arrays of " + c.bytes());
            }
        }
        c.clear();
        assertEquals(0, c.bytes());
        assertEquals(-1, c.read(keys.get(0), 0));
    }

    /**
     * Threads putting and reading at once, with arrays recycled on almost every insertion and
     * prefixes of the blocks replaced by longer ones: a read gives the byte of the block asked
     * for or a miss, never a byte of the block that took over its array.
     */
    @Test
    void readersNeverSeeARecycledArraysNewContents() throws Exception {
        BlockCache c = new BlockCache(16, 6 * 4096);
        int threads = 4;
        java.util.concurrent.atomic.AtomicLong wrong = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong hits = new java.util.concurrent.atomic.AtomicLong();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int seed = t;
            ts[t] = new Thread(() -> {
                SplittableRandom r = new SplittableRandom(seed);
                byte[][] blocks = new byte[64][];
                for (int b = 0; b < blocks.length; b++) {
                    blocks[b] = block(BlockCache.key(1, b), 4096);
                }
                byte[] copy = new byte[4096];
                for (int k = 0; k < 400_000; k++) {
                    int b = r.nextInt(blocks.length);
                    long key = BlockCache.key(1, b);
                    if (r.nextInt(4) == 0) {
                        if (r.nextBoolean()) {
                            c.put(key, blocks[b], 4096);
                        } else { // a prefix, longer or shorter than the one cached
                            c.put(key, blocks[b], 0, 1 + r.nextInt(4096), 4096);
                        }
                    } else if (r.nextInt(3) == 0) {
                        if (c.copy(key, copy, 4096)) {
                            hits.incrementAndGet();
                            if (!Arrays.equals(blocks[b], copy)) {
                                wrong.incrementAndGet();
                            }
                        }
                    } else {
                        int pos = r.nextInt(4096);
                        int x = c.read(key, pos);
                        if (x >= 0) {
                            hits.incrementAndGet();
                            if (x != expected(key, pos)) {
                                wrong.incrementAndGet();
                            }
                        }
                    }
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(0, wrong.get(), "wrong bytes read in " + hits.get() + " hits");
        assertTrue(hits.get() > 10_000, hits.get() + " hits");
        assertTrue(c.bytes() <= 6 * 4096);
    }

    /**
     * A part of a block cached as far as it was decoded: a longer prefix of the same key replaces
     * it (in the same array), a shorter one does not, and the bytes come from where the caller
     * says.
     */
    @Test
    void aLongerPrefixReplacesAShorterOne() {
        BlockCache c = new BlockCache(64, 100_000);
        long key = BlockCache.key(1, 5, 2);
        byte[] src = block(key, 400);
        c.put(key, src, 0, 100, 400);
        assertEquals(expected(key, 99), c.read(key, 99));
        assertEquals(-1, c.read(key, 100), "past the prefix");
        assertEquals(400, c.bytes(), "an array of the part's whole length");
        c.put(key, src, 0, 50, 400);
        assertEquals(expected(key, 99), c.read(key, 99), "a shorter prefix leaves the longer one");
        c.put(key, src, 0, 300, 400);
        assertEquals(expected(key, 299), c.read(key, 299));
        assertEquals(expected(key, 0), c.read(key, 0));
        assertEquals(400, c.bytes(), "replaced in its own array");
        byte[] dst = new byte[400];
        assertTrue(c.copy(key, dst, 10, 300));
        assertTrue(Arrays.equals(src, 0, 300, dst, 10, 310));
        assertFalse(c.copy(key, dst, 0, 400), "a copy wants the whole length");
        long other = BlockCache.key(1, 5, 3);
        c.put(other, src, 100, 50, 400);
        assertEquals(expected(key, 100), c.read(other, 0), "copied from the offset given");
        assertEquals(expected(key, 149), c.read(other, 49));
        assertEquals(-1, c.read(other, 50));
    }

    /** A cache bounded in bytes has a slot for every stream of the default tables that fits in it. */
    @Test
    void aByteBoundedCacheHasSlotsForAllItHolds() {
        for (long bytes : new long[] {1L << 20, 256L << 20, 512L << 20}) {
            assertTrue(BlockCache.ofBytes(bytes).capacity() >= bytes / 384, bytes + " bytes");
        }
    }

    /** Keys: each part of each block of each table its own, part 0 the block's. */
    @Test
    void everyPartOfEveryBlockHasItsOwnKey() {
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int table : new int[] {1, 2, (1 << 30) - 1}) {
            for (int block : new int[] {0, 1, 2, 1 << 29, Integer.MAX_VALUE}) {
                assertEquals(BlockCache.key(table, block, 0), BlockCache.key(table, block));
                for (int part = 0; part < BlockCache.PARTS; part++) {
                    long k = BlockCache.key(table, block, part);
                    assertTrue(k >= 0, "key " + k);
                    assertTrue(seen.add(k), "table " + table + " block " + block + " part " + part);
                }
            }
        }
    }

    @Test
    void aBlockLargerThanTheBoundIsNotCachedAndZeroCachesNothing() {
        BlockCache c = BlockCache.ofBytes(1000);
        c.put(BlockCache.key(1, 1), new byte[1001], 1001);
        assertEquals(-1, c.read(BlockCache.key(1, 1), 0));
        c.put(BlockCache.key(1, 2), new byte[1000], 1000);
        assertEquals(1000, c.bytes());
        assertEquals(0, c.read(BlockCache.key(1, 2), 999));
        BlockCache none = BlockCache.ofBytes(0);
        none.put(BlockCache.key(1, 1), new byte[1], 1);
        assertEquals(-1, none.read(BlockCache.key(1, 1), 0));
        assertEquals(0, none.bytes());
    }

    /**
     * A hit writes nothing: every field of the cache, every slot's key, length, version and array
     * (its identity and contents) are the same after many hits, in every way of every set. (The former cache moved a block hit in the second way to the first.)
     */
    @Test
    void aHitWritesNothing() throws Exception {
        BlockCache c = new BlockCache(64);
        List<Long> keys = new ArrayList<>();
        for (int b = 0; b < 300; b++) {
            long key = BlockCache.key(1, b);
            c.put(key, block(key, 100), 100);
            keys.add(key);
        }
        List<Long> cached = new ArrayList<>();
        for (long key : keys) {
            if (c.read(key, 0) >= 0) {
                cached.add(key);
            }
        }
        assertTrue(cached.size() >= 40, cached.size() + " blocks cached: both ways of most sets are in use");
        List<Object> before = snapshot(c);
        for (int round = 0; round < 5; round++) {
            Collections.reverse(cached); // another order each round: a hit may not reorder its set
            Collections.shuffle(cached.subList(0, cached.size() / 2), new java.util.Random(round));
            for (long key : cached) {
                for (int pos = 0; pos < 100; pos += 13) {
                    assertEquals(expected(key, pos), c.read(key, pos));
                }
            }
        }
        List<Object> after = snapshot(c);
        for (int i = 0; i < before.size(); i++) {
            assertEquals(before.get(i), after.get(i), "hits changed the cache");
        }
    }

    /** Every field of {@code o}, element by element, with the identity of every object held. */
    static List<Object> snapshot(Object o) throws IllegalAccessException {
        List<Object> out = new ArrayList<>();
        for (Field f : o.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            Object v = f.get(o);
            if (v instanceof byte[][] a) { // one item per slot, so that a failure names it
                for (int i = 0; i < a.length; i++) {
                    out.add(f.getName() + "[" + i + "]=" + describe(a[i]));
                }
            } else {
                out.add(f.getName() + "=" + describe(v));
            }
        }
        return out;
    }

    private static Object describe(Object v) throws IllegalAccessException {
        if (v == null || v instanceof Number || v instanceof Boolean || v instanceof String) {
            return v instanceof AtomicLong a ? a.get() : v instanceof AtomicInteger i ? i.get() : v;
        }
        if (v instanceof AtomicLongArray a) {
            return a.toString();
        }
        if (v instanceof long[] a) {
            return Arrays.toString(a);
        }
        if (v instanceof int[] a) { // the slots' lengths and versions (a version changes with every write)
            return Arrays.toString(a);
        }
        if (v instanceof byte[] b) {
            return System.identityHashCode(b) + ":" + Arrays.hashCode(b);
        }
        return System.identityHashCode(v);
    }
}
