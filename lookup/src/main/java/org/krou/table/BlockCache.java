package org.krou.table;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A small bounded cache of decoded blocks, shared by the tables of a tablebase and safe for any
 * number of threads without locks: two-way set associative over immutable entries published
 * through an atomic array. A hit allocates nothing. Memory is bounded by the number of slots
 * times the largest block.
 */
public final class BlockCache {
    /** One decoded block. */
    private record Entry(long key, byte[] data) {
    }

    private final AtomicReferenceArray<Entry> slots;
    private final int mask;

    /** A cache of about {@code entries} blocks (rounded up to a power of two, at least 2). */
    public BlockCache(int entries) {
        int n = Integer.highestOneBit(Math.max(2, Math.min(entries, 1 << 20)) - 1) << 1;
        slots = new AtomicReferenceArray<>(n);
        mask = n - 2;
    }

    /** Number of slots. */
    public int capacity() {
        return slots.length();
    }

    static long key(int table, int block) {
        return ((long) table << 32) | (block & 0xFFFFFFFFL);
    }

    private int set(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    /** The cached block, or null. */
    byte[] get(long key) {
        int s = set(key);
        Entry e = slots.get(s);
        if (e != null && e.key == key) {
            return e.data;
        }
        e = slots.get(s + 1);
        if (e != null && e.key == key) {
            slots.set(s + 1, slots.getAndSet(s, e)); // move to the front of its set
            return e.data;
        }
        return null;
    }

    /** Caches a block, evicting the older entry of its set. */
    void put(long key, byte[] data) {
        int s = set(key);
        Entry e = new Entry(key, data);
        slots.set(s + 1, slots.getAndSet(s, e));
    }

    /** Drops every entry. */
    public void clear() {
        for (int i = 0; i < slots.length(); i++) {
            slots.set(i, null);
        }
    }
}
