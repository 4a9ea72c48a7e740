package org.krou.table;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;
import org.krou.util.Parallel;

/**
 * One open table file: validated header and block index, and access to the <em>stored</em>
 * symbol of each position. A look-up decodes at most one block (checksum checked first), kept
 * in a {@link BlockCache}. Safe for concurrent use.
 *
 * <p>If {@link #dontCare()} is true, a stored value may be below the true value where the true
 * value equals the position's best exit; {@code org.krou.probe.Tablebase} and
 * {@code org.krou.generator.table.LayerResolver} (generator module) recover it. Use those for values; this class is the raw file layer.
 *
 * <pre>{@code
 * try (TableFile t = TableFile.open(path, TableKind.VALUES, Variant.ABAPA, 12, true, new BlockCache(64))) {
 *     int stored = t.symbolAt(PositionIndex.rank(board));
 * }
 * }</pre>
 */
public final class TableFile implements AutoCloseable {
    private static final AtomicInteger IDS = new AtomicInteger();
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** Per-thread buffers of a decode, grown to the largest block seen and then reused: a miss allocates nothing. */
    private static final class Scratch {
        final CRC32C crc = new CRC32C();
        byte[] stored = new byte[0];
        byte[] block = new byte[0];
        final LagScratch lag = new LagScratch();
    }

    private final int id = IDS.incrementAndGet();
    private final Path file;
    private final ByteSource src;
    private final TableHeader header;
    private final BlockIndex index;
    private final byte[] symbols;
    private final TableKind kind;
    private final int blockSize;
    private final long positions;
    private final BlockCache cache;
    private final ContextModel model;
    private final boolean[] allowed = new boolean[256];

    private TableFile(Path file, ByteSource src, TableHeader header, BlockIndex index, ContextModel model,
                      BlockCache cache) {
        this.model = model;
        this.file = file;
        this.src = src;
        this.header = header;
        this.index = index;
        this.symbols = header.symbolsShared();
        this.kind = header.kind();
        this.blockSize = header.blockSize();
        this.positions = header.positions();
        this.cache = cache;
        for (byte x : symbols) {
            allowed[x & 0xFF] = true;
        }
    }

    /**
     * Opens and validates a table file.
     *
     * @param variant the variant expected, or null for any
     * @param seeds   the seed count expected, or -1 for any
     * @param mapped  true to memory-map the file, false to read it onto the heap
     * @throws MissingTableException if the file does not exist
     * @throws TableException        if it cannot be read, is not the table expected, or is damaged
     */
    public static TableFile open(Path file, TableKind kind, Variant variant, int seeds, boolean mapped, BlockCache cache) {
        ByteSource src;
        try {
            src = mapped ? ByteSource.map(file) : ByteSource.load(file);
        } catch (NoSuchFileException e) {
            throw new MissingTableException(variant, seeds, file);
        } catch (IOException e) {
            if (!Files.exists(file)) {
                throw new MissingTableException(variant, seeds, file);
            }
            throw new TableException(file, file + ": cannot read: " + IoReason.of(e), e);
        }
        return open(src, kind, variant, seeds, cache);
    }

    /** Opens and validates a table held by {@code src}; closes {@code src} if that fails. */
    public static TableFile open(ByteSource src, TableKind kind, Variant variant, int seeds, BlockCache cache) {
        Path file = src.path();
        try {
            TableHeader h = TableFormat.readHeader(src, file, kind, variant, seeds);
            ContextModel model = TableFormat.readModel(src, file, h);
            BlockIndex idx = TableFormat.readIndex(src, file, h);
            return new TableFile(file, src, h, idx, model, cache);
        } catch (RuntimeException e) {
            src.close();
            throw e;
        }
    }

    /** The validated header. */
    public TableHeader header() {
        return header;
    }

    /** The file, or null for an anonymous source. */
    public Path path() {
        return file;
    }

    /** Seeds on the board in this table. */
    public int seeds() {
        return header.seeds();
    }

    /** Number of positions. */
    public long positions() {
        return positions;
    }

    /** True if stored values may be "don't care" entries needing a one-ply resolution. */
    public boolean dontCare() {
        return header.dontCare();
    }

    /**
     * The stored symbol at {@code rank} (signed or unsigned per the kind). A cached block is read
     * without writing shared memory; an uncached one is decoded once (threads missing it together
     * wait for one decode) into a per-thread buffer and put into the cache, allocating nothing once
     * the cache is warm.
     *
     * @throws CorruptTableException if the block is damaged
     */
    public int symbolAt(long rank) {
        if (rank < 0 || rank >= positions) {
            throw new IllegalArgumentException("rank " + rank + " outside 0.." + (positions - 1) + " in " + file);
        }
        int b = (int) (rank / blockSize);
        int at = (int) (rank - (long) b * blockSize);
        long key = BlockCache.key(id, b);
        int x = cache.read(key, at);
        return kind.symbol((byte) (x >= 0 ? x : missed(b, key, at)));
    }

    /**
     * The stored symbols at {@code ranks[from..to)}, which must be ascending, into
     * {@code out[from..to)}: each block is looked up in the cache or decoded at most once.
     *
     * @throws IllegalArgumentException if a rank is outside the table or the ranks are not ascending
     * @throws CorruptTableException    if a block is damaged
     */
    public void symbolsAt(long[] ranks, int from, int to, int[] out) {
        for (int i = from; i < to; i++) {
            long rank = ranks[i];
            if (rank < 0 || rank >= positions || (i > from && rank < ranks[i - 1])) {
                throw new IllegalArgumentException("rank " + rank + " at " + i + ": expected ascending ranks in 0.."
                        + (positions - 1) + " in " + file);
            }
        }
        int i = from;
        while (i < to) {
            long rank = ranks[i];
            int b = (int) (rank / blockSize);
            long start = (long) b * blockSize;
            long end = start + header.blockPositions(b);
            long key = BlockCache.key(id, b);
            if (cache.read(key, (int) (rank - start)) >= 0) {
                int x;
                for (; i < to && ranks[i] < end && (x = cache.read(key, (int) (ranks[i] - start))) >= 0; i++) {
                    out[i] = kind.symbol((byte) x);
                }
                continue; // the rest of the block, if it was evicted meanwhile, is decoded next
            }
            byte[] d = decodeForCache(b, key);
            for (; i < to && ranks[i] < end; i++) {
                out[i] = kind.symbol(d[(int) (ranks[i] - start)]);
            }
        }
    }

    /**
     * Byte {@code at} of block {@code b}, which was not in the cache: decoded (once) and cached; or,
     * when the cache keeps nothing, decoded only as far as {@code at} (half a block on average).
     */
    private int missed(int b, long key, int at) {
        if (cache.maxBytes() == 0) {
            Scratch s = SCRATCH.get();
            if (s.block.length < blockSize) {
                s.block = new byte[blockSize];
            }
            decodeBlock(b, s.block, s, at);
            return s.block[at];
        }
        return decodeForCache(b, key)[at];
    }

    /**
     * Block {@code b} in this thread's scratch buffer (valid until the thread's next decode),
     * decoded and put into the cache; if another thread was decoding it, that decode is waited for
     * and the block copied from the cache instead.
     */
    private byte[] decodeForCache(int b, long key) {
        Scratch s = SCRATCH.get();
        int m = header.blockPositions(b);
        if (s.block.length < m) {
            s.block = new byte[Math.max(m, blockSize)];
        }
        while (true) {
            int ticket = cache.beginDecode(key);
            if (ticket == BlockCache.WAITED) {
                if (cache.copy(key, s.block, m)) {
                    return s.block;
                }
                continue; // not cached after all (too large, evicted, or the decode failed): claim it
            }
            try {
                decodeBlock(b, s.block, s);
                cache.put(key, s.block, m);
                return s.block;
            } finally {
                cache.endDecode(ticket);
            }
        }
    }

    /**
     * Reads, checks and decodes block {@code b} into {@code out[0..blockPositions(b))}.
     *
     * @throws CorruptTableException if its checksum or contents are wrong
     */
    public void decodeBlock(int b, byte[] out) {
        if (b < 0 || b >= header.blockCount()) {
            throw new IllegalArgumentException("block " + b + " outside 0.." + (header.blockCount() - 1));
        }
        decodeBlock(b, out, SCRATCH.get());
    }

    private void decodeBlock(int b, byte[] out, Scratch scratch) {
        decodeBlock(b, out, scratch, header.blockPositions(b) - 1);
    }

    /** Reads and checks block {@code b}, and decodes it at least as far as position {@code at}. */
    private void decodeBlock(int b, byte[] out, Scratch scratch, int at) {
        long off = index.offset[b];
        int len = index.stored[b];
        if (scratch.stored.length < len + ContextModel.PADDING) {
            scratch.stored = new byte[ContextModel.powerOfTwo(len + ContextModel.PADDING)]; // as the decoder wants
        }
        byte[] in = scratch.stored;
        src.read(off, in, 0, len);
        CRC32C crc = scratch.crc;
        crc.reset();
        crc.update(in, 0, len);
        if ((int) crc.getValue() != index.crc[b]) {
            throw new CorruptTableException(file, b, off, String.format("checksum %08x, computed %08x",
                    index.crc[b], (int) crc.getValue()));
        }
        String err = SymbolCodec.decode(header.encoding(), model, in, len, header.blockPositions(b), symbols,
                allowed, out, at, header.version() < TableFormat.VERSION_4, (long) b * blockSize, header.seeds(),
                scratch.lag);
        if (err != null) {
            throw new CorruptTableException(file, b, off, err);
        }
    }

    /** The stored symbol bytes of every position, decoded on {@code threads} threads. */
    public ByteBigArray readAll(int threads) {
        ByteBigArray out = new ByteBigArray(positions);
        ThreadLocal<byte[]> buffers = ThreadLocal.withInitial(() -> new byte[blockSize]);
        Parallel.forChunks(threads, header.blockCount(), 1, (worker, from, to) -> {
            byte[] buf = buffers.get();
            for (long b = from; b < to; b++) {
                int m = header.blockPositions((int) b);
                decodeBlock((int) b, buf);
                out.copyFrom(buf, 0, b * blockSize, m);
            }
        });
        return out;
    }

    /**
     * Checks every block (checksum and contents) and then the checksum of everything after the
     * header.
     *
     * @throws CorruptTableException at the first damage found
     */
    public void verifyChecksums() {
        byte[] buf = new byte[blockSize];
        for (int b = 0; b < header.blockCount(); b++) {
            decodeBlock(b, buf);
        }
        verifyFileChecksum();
    }

    /**
     * Checks the whole-file checksum only: one read of everything after the header (model,
     * blocks, index), nothing decoded. With the header checked at open, this is what a file
     * written by the writer ({@code org.krou.generator.table.TableWriter}) needs to be known intact; {@link #verifyChecksums()} also
     * decodes every block.
     *
     * @throws CorruptTableException if the checksum differs
     */
    public void verifyFileChecksum() {
        CRC32C crc = new CRC32C();
        byte[] chunk = new byte[1 << 20];
        for (long at = header.headerLength(); at < header.fileLength(); at += chunk.length) {
            int k = (int) Math.min(chunk.length, header.fileLength() - at);
            src.read(at, chunk, 0, k);
            crc.update(chunk, 0, k);
        }
        if ((int) crc.getValue() != header.bodyCrc()) {
            throw new CorruptTableException(file, -1, header.headerLength(), String.format(
                    "whole-file checksum %08x, computed %08x", header.bodyCrc(), (int) crc.getValue()));
        }
    }

    /** Bytes of block data, without header, model and index. */
    public long blockBytes() {
        return index.storedBytes();
    }

    /** Releases the file. */
    @Override
    public void close() {
        src.close();
    }
}
