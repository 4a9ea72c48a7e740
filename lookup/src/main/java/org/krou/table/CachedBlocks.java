package org.krou.table;

/**
 * How the look-ups of one table go through the block cache ({@link TableFile#symbolAt(long)}).
 * A block of a context-coded table is cached as its four parts, its streams ({@link ContextModel#partStart}),
 * each as far as it has been decoded: a miss decodes the position's stream as far as the
 * position (what a look-up without a cache decodes, an eighth of the block on average) and caches
 * that prefix; a look-up further along the stream misses, decodes it again as far as its
 * position and replaces the prefix. A block of a raw table is cached whole. A batch decodes
 * and caches blocks whole ({@link #decodeWhole}). Threads that miss the same block together wait
 * for one decode, which goes as far as each of them wants in each part. Decodes go into the
 * thread's scratch buffers; every array this table puts into the cache has the length of its
 * largest part, so that recycled arrays fit any part and a prefix grows in its own array.
 */
final class CachedBlocks {
    private final TableFile table;
    private final BlockCache cache;
    private final int id;
    private final int blockSize;
    /** Parts a block is cached in: the four streams of a context-coded block, else the whole block. */
    private final int parts;
    /** The largest part of a whole block: the length of every array this table puts into the cache. */
    private final int partCapacity;

    /**
     * The look-ups of {@code table}, whose cache keys carry {@code id}; {@code coded}: a context-coded
     * table, cached by parts.
     */
    CachedBlocks(TableFile table, BlockCache cache, int id, boolean coded) {
        this.table = table;
        this.cache = cache;
        this.id = id;
        this.blockSize = table.header().blockSize();
        this.parts = coded ? BlockCache.PARTS : 1;
        this.partCapacity = parts == 1 ? blockSize : ContextModel.partStart(1, blockSize);
    }

    /** The first position of part {@code q} (0..parts; {@code parts} gives {@code m}) of block {@code b} of {@code m} positions. */
    private int partStart(int q, int m) {
        return parts == 1 ? (q == 0 ? 0 : m) : ContextModel.partStart(q, m);
    }

    /** Byte {@code at} of block {@code b} of {@code m} positions from the cache as 0..255, or -1 if it is not there. */
    int read(int b, int m, int at) {
        if (parts == 1) {
            return cache.read(BlockCache.key(id, b), at);
        }
        int p = ContextModel.partAt(at, m);
        return cache.read(BlockCache.key(id, b, p & 3), at - (p >>> 2));
    }

    /**
     * Byte {@code at} of block {@code b} of {@code m} positions, which was not in the cache:
     * decoded (once) and cached, if context-coded only its part as far as {@code at} and as far as any
     * thread waiting for this decode wants in each part, or with {@code whole} the whole block
     * ({@link #decodeWhole}); when the cache keeps nothing, decoded only as far as {@code at}.
     */
    int missed(int b, int m, int at, boolean whole) {
        TableFile.Scratch s = TableFile.Scratch.get();
        if (s.block.length < blockSize) {
            s.block = new byte[blockSize];
        }
        if (cache.maxBytes() == 0) {
            table.decodeBlock(b, s.block, s, at);
            return s.block[at];
        }
        if (parts == 1 || whole) {
            return decodeWhole(b, m)[at];
        }
        int q = ContextModel.partOf(at, m);
        while (true) {
            int ticket = cache.claims().begin(BlockCache.key(id, b), q, at);
            if (ticket == DecodeClaims.WAITED) {
                int x = read(b, m, at);
                if (x >= 0) {
                    return x;
                }
                continue; // not as far as this position (or evicted): claim it
            }
            try {
                int len = table.readBlock(b, s);
                for (int p = 0; p < parts; p++) {
                    int first = partStart(p, m);
                    int next = partStart(p + 1, m);
                    int want = ticket >= 0 ? Math.min(cache.claims().wanted(ticket, p), next - 1) : -1;
                    if (p == q) {
                        want = Math.max(want, at);
                    }
                    if (want >= first) {
                        table.decodeRead(b, len, s.block, s, want);
                        cache.put(BlockCache.key(id, b, p), s.block, first, want - first + 1, partCapacity);
                    }
                }
                return s.block[at];
            } finally {
                cache.claims().end(ticket);
            }
        }
    }

    /**
     * Block {@code b} of {@code m} positions decoded whole into this thread's scratch buffer
     * (valid until the thread's next decode) and put into the cache, each part whole; if another
     * thread was decoding it, that decode is waited for and the block copied from the cache.
     */
    byte[] decodeWhole(int b, int m) {
        TableFile.Scratch s = TableFile.Scratch.get();
        if (s.block.length < blockSize) {
            s.block = new byte[blockSize];
        }
        while (true) {
            int ticket = cache.claims().begin(BlockCache.key(id, b));
            if (ticket == DecodeClaims.WAITED) {
                if (copyCached(b, m, s.block)) {
                    return s.block;
                }
                continue; // not all cached after all (too large, evicted, a prefix, or the decode failed): claim it
            }
            try {
                table.decodeBlock(b, s.block, s);
                for (int p = 0; p < parts; p++) {
                    int first = partStart(p, m);
                    int next = partStart(p + 1, m);
                    if (next > first) {
                        cache.put(BlockCache.key(id, b, p), s.block, first, next - first, partCapacity);
                    }
                }
                return s.block;
            } finally {
                cache.claims().end(ticket);
            }
        }
    }

    /** Copies every part of block {@code b} of {@code m} positions from the cache into {@code dst}; false if one is missing or short. */
    private boolean copyCached(int b, int m, byte[] dst) {
        for (int p = 0; p < parts; p++) {
            int first = partStart(p, m);
            int next = partStart(p + 1, m);
            if (next > first && !cache.copy(BlockCache.key(id, b, p), dst, first, next - first)) {
                return false;
            }
        }
        return true;
    }
}
