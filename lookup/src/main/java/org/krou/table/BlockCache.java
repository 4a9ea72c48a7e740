package org.krou.table;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A bounded cache of decoded blocks, shared by the tables of a tablebase and safe for any number
 * of threads without locks: two-way set associative over immutable entries published through an
 * atomic array. A hit allocates nothing.
 *
 * <p>Two bounds hold: the number of slots, and the bytes of the blocks held. Every slot write
 * accounts for the block it displaces, and an insertion first evicts entries (a clock hand over
 * the slots) until the new block fits; a block larger than the whole byte bound is not cached.
 * So, with one thread, the cache never holds more than its byte bound; threads inserting at the
 * same moment may each overshoot it by at most the block they insert, until their next insertion.
 *
 * <pre>{@code
 * BlockCache cache = BlockCache.ofBytes(64L << 20);   // at most 64 MiB of decoded blocks
 * }</pre>
 */
public final class BlockCache {
    /** The smallest block size assumed when sizing the slots of a byte-bounded cache. */
    private static final int TYPICAL_BLOCK = 4096;

    /** One decoded block. */
    private record Entry(long key, byte[] data) {
    }

    private final AtomicReferenceArray<Entry> slots;
    private final int mask;
    private final long maxBytes;
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicInteger hand = new AtomicInteger();

    /** A cache of about {@code entries} blocks (rounded up to a power of two, at least 2), of any size. */
    public BlockCache(int entries) {
        this(entries, Long.MAX_VALUE);
    }

    /**
     * A cache of about {@code entries} slots (rounded up to a power of two, at least 2) holding at
     * most {@code maxBytes} bytes of decoded blocks.
     *
     * @throws IllegalArgumentException if {@code maxBytes} is negative
     */
    public BlockCache(int entries, long maxBytes) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("a block cache bound of " + maxBytes + " bytes: expected 0 or more");
        }
        int n = Integer.highestOneBit(Math.max(2, Math.min(entries, 1 << 20)) - 1) << 1;
        slots = new AtomicReferenceArray<>(n);
        mask = n - 2;
        this.maxBytes = maxBytes;
    }

    /** A cache holding at most {@code maxBytes} bytes of decoded blocks (0: caches nothing). */
    public static BlockCache ofBytes(long maxBytes) {
        long slots = Math.max(2, Math.min(1 << 20, maxBytes / TYPICAL_BLOCK * 2));
        return new BlockCache((int) slots, maxBytes);
    }

    /** Number of slots. */
    public int capacity() {
        return slots.length();
    }

    /** The bound on the bytes of the blocks held. */
    public long maxBytes() {
        return maxBytes;
    }

    /** The bytes of the blocks held now. */
    public long bytes() {
        return bytes.get();
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
            if (slots.compareAndSet(s + 1, e, null)) { // move to the front of its set
                bytes.addAndGet(-size(e));
                store(s + 1, store(s, e));
            }
            return e.data;
        }
        return null;
    }

    /** Caches a block, evicting the older entry of its set, and others while over the byte bound. */
    void put(long key, byte[] data) {
        if (data.length > maxBytes) {
            return;
        }
        for (int tries = slots.length(); bytes.get() + data.length > maxBytes && tries > 0; tries--) {
            int i = Math.floorMod(hand.getAndIncrement(), slots.length());
            Entry old = slots.getAndSet(i, null);
            if (old != null) {
                bytes.addAndGet(-size(old));
            }
        }
        int s = set(key);
        store(s + 1, store(s, new Entry(key, data)));
    }

    /** Writes slot {@code i} accounting for the bytes; returns the entry displaced. */
    private Entry store(int i, Entry e) {
        Entry old = slots.getAndSet(i, e);
        bytes.addAndGet(size(e) - size(old));
        return old;
    }

    private static long size(Entry e) {
        return e == null ? 0 : e.data.length;
    }

    /** Drops every entry. */
    public void clear() {
        for (int i = 0; i < slots.length(); i++) {
            Entry old = slots.getAndSet(i, null);
            bytes.addAndGet(-size(old));
        }
    }
}
