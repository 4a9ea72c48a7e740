package org.krou.table;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded cache of decoded blocks, shared by the tables of a tablebase and safe for any number
 * of threads. An entry is a block, or a <em>part</em> of one: context-coded tables cache each
 * of a block's four streams apart, and a stream as far as a probe has decoded it (a prefix,
 * replaced by a longer one when a later probe decodes further; see {@code TableFile}).
 *
 * <p><b>A hit only reads.</b> The cache is {@value #WAYS}-way set associative. A slot is a key,
 * a byte array, a length and a version (a sequence lock), each in a primitive array indexed by
 * slot, so that the ways of a set share a cache line and a hit costs two dependent memory reads
 * (the set's keys, versions and array references, then the byte) rather than a chain of objects.
 * A reader reads the version (even: no change under way), the slot and the one byte it wants,
 * then the version again: nothing is written, so readers on different cores never contend for a
 * cache line.
 * Since no recency can be recorded without a write, eviction does not use it: the way replaced in a
 * set is an empty one, else one whose array can take the block (it is then reused), else one
 * picked at random, and the byte bound evicts slots in the order of a clock hand. For the
 * near-random access of a search, random replacement loses little against LRU, and it never keeps
 * cycling the same two blocks as insertion order can.
 *
 * <p><b>A miss allocates nothing once warm.</b> The caller decodes into its own scratch buffer
 * ({@code TableFile} keeps one per thread) and {@link #put} copies the block into the array of an
 * entry it evicts, if that array is long enough (a shorter block, such as the last of a table, may
 * so sit in a longer array; the byte bound counts the arrays' lengths). Reusing an array is safe
 * because no reader ever holds one: readers see arrays only between two reads of the slot's
 * version, and an array is detached from its slot (the version changed) before it is
 * overwritten, so a reader still looking at it fails validation and treats the look-up as a miss.
 * A new array is allocated only while the cache fills, or when every array evicted is shorter
 * than the block; arrays never shrink, so once warm almost all are of the largest block size.
 *
 * <p><b>One decode per block.</b> Threads that miss the same block at the same moment decode it
 * once, by the cache's {@link DecodeClaims} ({@link #claims()}).
 *
 * <p><b>Bounds.</b> The number of slots, and the bytes of the blocks held: insertions are
 * serialised by a lock and evict until the new block fits, so the cache never holds more than
 * {@link #maxBytes()}; a block larger than that is not cached.
 *
 * <pre>{@code
 * BlockCache cache = BlockCache.ofBytes(64L << 20);   // at most 64 MiB of decoded blocks
 * }</pre>
 */
public final class BlockCache {
    /** Ways per set. */
    static final int WAYS = 8;
    /** Parts a block may be cached in (the streams of a context-coded block). */
    static final int PARTS = 4;

    /** The entry size assumed when sizing the slots of a byte-bounded cache: a stream of the default table. */
    private static final int TYPICAL_ENTRY = 384;
    /**
     * The most slots: the set is taken from 24 bits of the key's hash, and 2^24 slots hold the
     * streams of a cache of 6 GiB (their arrays of key, length, version and block take 20 bytes a slot).
     */
    private static final int MAX_SLOTS = 1 << 24;
    /** No key: table ids are positive, so no {@link #key} is -1. */
    private static final long EMPTY = -1;

    private static final VarHandle VERSIONS = MethodHandles.arrayElementVarHandle(int[].class);

    /**
     * The slots: key ({@link #EMPTY} if free), block array (null if free; the block is
     * {@code data[0..length)}, the array may be longer: a recycled one), length and version (odd
     * while the slot changes). Written only under {@link #inserting}, between the two version
     * increments of {@link #beginWrite} and {@link #endWrite}; read by any thread, validated by the
     * version.
     */
    private final long[] keys;
    private final byte[][] data;
    private final int[] lengths;
    private final int[] versions;
    private final int mask;
    private final long maxBytes;
    private final Object inserting = new Object();
    /** Bytes attached to slots; written under {@link #inserting}. */
    private volatile long bytes;
    private int hand;
    private int random = 0x2545F491;
    private final DecodeClaims claims = new DecodeClaims();

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
        int n = Integer.highestOneBit(Math.max(WAYS, Math.min(entries, MAX_SLOTS)) - 1) << 1;
        keys = new long[n];
        java.util.Arrays.fill(keys, EMPTY);
        data = new byte[n][];
        lengths = new int[n];
        versions = new int[n];
        mask = n - WAYS;
        this.maxBytes = maxBytes;
    }

    /** A cache holding at most {@code maxBytes} bytes of decoded blocks (0: caches nothing). */
    public static BlockCache ofBytes(long maxBytes) {
        long slots = Math.max(WAYS, Math.min(MAX_SLOTS, maxBytes / TYPICAL_ENTRY));
        return new BlockCache((int) slots, maxBytes);
    }

    /** Number of slots. */
    public int capacity() {
        return keys.length;
    }

    /** The bound on the bytes of the blocks held. */
    public long maxBytes() {
        return maxBytes;
    }

    /** The bytes of the blocks held now. */
    public long bytes() {
        return bytes;
    }

    /** Blocks decoded because they were not cached (statistics). */
    public long decodes() {
        return claims.decodes();
    }

    /** Times a thread waited for another thread's decode of the same block instead of decoding it (statistics). */
    public long waits() {
        return claims.waits();
    }

    /** The decodes in progress of this cache's blocks. */
    DecodeClaims claims() {
        return claims;
    }

    /** The key of block {@code block} ({@code >= 0}) of table {@code table} ({@code 1 .. 2^30 - 1}). */
    static long key(int table, int block) {
        return key(table, block, 0);
    }

    /** The key of part {@code part} ({@code 0 .. PARTS - 1}) of a block, as {@link #key(int, int)}. */
    static long key(int table, int block, int part) {
        return ((long) table << 33) | ((long) block << 2) | part;
    }

    /** The key's hash: its set, and its claim slot in {@link DecodeClaims}. */
    static long mix(long key) {
        return key * 0x9E3779B97F4A7C15L;
    }

    private int set(long key) {
        return (int) (mix(key) >>> 40) & mask;
    }

    /**
     * Byte {@code pos} of cached block {@code key} as 0..255, or -1 if the block is not cached (or
     * was being replaced while read). Writes nothing.
     */
    int read(long key, int pos) {
        int s = set(key);
        for (int w = 0; w < WAYS; w++) {
            int i = s + w;
            if (keys[i] != key) {
                continue;
            }
            int v = (int) VERSIONS.getAcquire(versions, i);
            byte[] d = data[i];
            // read while the slot may change: validated below; bound pos by both lengths
            if ((v & 1) != 0 || keys[i] != key || d == null || pos >= lengths[i] || pos >= d.length) {
                continue;
            }
            int x = d[pos] & 0xFF;
            VarHandle.acquireFence();
            if ((int) VERSIONS.getVolatile(versions, i) == v) {
                return x;
            }
        }
        return -1;
    }

    /**
     * Copies cached block {@code key} of {@code m} bytes into {@code dst}; false if it is not
     * cached (or was being replaced while copied). Writes nothing but {@code dst}.
     */
    boolean copy(long key, byte[] dst, int m) {
        return copy(key, dst, 0, m);
    }

    /** As {@link #copy(long, byte[], int)}, into {@code dst[off, off + m)}. */
    boolean copy(long key, byte[] dst, int off, int m) {
        int s = set(key);
        for (int w = 0; w < WAYS; w++) {
            int i = s + w;
            if (keys[i] != key) {
                continue;
            }
            int v = (int) VERSIONS.getAcquire(versions, i);
            byte[] d = data[i];
            if ((v & 1) != 0 || keys[i] != key || d == null || lengths[i] != m || d.length < m) {
                continue;
            }
            System.arraycopy(d, 0, dst, off, m);
            VarHandle.acquireFence();
            if ((int) VERSIONS.getVolatile(versions, i) == v) {
                return true;
            }
        }
        return false;
    }

    /** Marks slot {@code i} as changing (under {@link #inserting}): its version becomes odd. */
    private void beginWrite(int i) {
        VERSIONS.setOpaque(versions, i, versions[i] + 1);
        VarHandle.storeStoreFence(); // the slot's new contents are seen only after the odd version
    }

    /** Ends the change of slot {@code i}: its version becomes even again, and greater. */
    private void endWrite(int i) {
        VERSIONS.setRelease(versions, i, versions[i] + 1);
    }

    /**
     * Caches {@code src[0..m)} as block {@code key}, evicting a way of its set and, while over
     * the byte bound, other slots. {@code src} is copied, not kept.
     */
    void put(long key, byte[] src, int m) {
        put(key, src, 0, m, m);
    }

    /**
     * Caches {@code src[off, off + m)} as entry {@code key}, in an array of at least
     * {@code capacity} bytes if a new one is needed (the length the entry may grow to, so that a
     * longer prefix of the same part later reuses it). An entry of the same key already cached
     * stays if it is as long, and is replaced if it is shorter.
     */
    void put(long key, byte[] src, int off, int m, int capacity) {
        if (m > maxBytes) {
            return;
        }
        synchronized (inserting) {
            int s = set(key);
            int victim = -1;
            boolean same = false;
            for (int w = 0; w < WAYS; w++) {
                int i = s + w;
                if (keys[i] == key) {
                    if (lengths[i] >= m) {
                        return; // another thread put it meanwhile, as far or further
                    }
                    victim = i; // a shorter prefix of the same part: replaced, in its own array if it fits
                    same = true;
                    break;
                }
            }
            for (int w = 0; w < WAYS && !same; w++) {
                int i = s + w;
                if (data[i] == null) {
                    victim = i;
                } else if (victim < 0 && data[i].length >= m) {
                    victim = i;
                }
            }
            if (victim < 0) {
                random ^= random << 13;
                random ^= random >>> 17;
                random ^= random << 5;
                victim = s + Math.floorMod(random, WAYS);
            }
            int size = Math.max(m, (int) Math.min(capacity, maxBytes));
            byte[] spare = reusable(detach(victim), m, null);
            for (int tries = keys.length; bytes + size(spare, size) > maxBytes && tries > 0; tries--) {
                hand = (hand + 1) & (keys.length - 1);
                spare = reusable(detach(hand), m, spare);
            }
            if (bytes + size(spare, size) > maxBytes) {
                return;
            }
            byte[] d = spare != null ? spare : new byte[size];
            System.arraycopy(src, off, d, 0, m);
            beginWrite(victim);
            keys[victim] = key;
            data[victim] = d;
            lengths[victim] = m;
            endWrite(victim);
            bytes += d.length;
        }
    }

    /** The array to reuse for a block of {@code m} bytes: {@code spare}, else {@code evicted} if it is long enough. */
    private static byte[] reusable(byte[] evicted, int m, byte[] spare) {
        return spare == null && evicted != null && evicted.length >= m ? evicted : spare;
    }

    /** Bytes the block will hold: its array's length. */
    private static long size(byte[] spare, int m) {
        return spare != null ? spare.length : m;
    }

    /** Empties slot {@code i} (under the insertion lock); returns the array it held, or null. */
    private byte[] detach(int i) {
        byte[] d = data[i];
        if (d == null) {
            return null;
        }
        beginWrite(i);
        keys[i] = EMPTY;
        data[i] = null;
        lengths[i] = 0;
        endWrite(i);
        bytes -= d.length;
        return d;
    }

    /** Drops every entry. */
    public void clear() {
        synchronized (inserting) {
            for (int i = 0; i < keys.length; i++) {
                detach(i);
            }
        }
    }
}
