package org.krou.table;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;
import org.krou.rules.Variant;

/**
 * One open table file: validated header and block index, and access to the <em>stored</em>
 * symbol of each position. A look-up decodes at most one block (checksum checked first), and of
 * a context-coded block only the position's stream as far as the position; what it decodes is kept
 * in a {@link BlockCache} ({@link CachedBlocks}). Safe for concurrent use.
 *
 * <p>If {@link #dontCare()} is true, a stored value may be below the true value where the true
 * value equals the position's best exit; {@link org.krou.probe.Tablebase} recovers it. Use it for
 * values; this class is the raw file layer.
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
    static final class Scratch {
        /** This thread's buffers. */
        static Scratch get() {
            return SCRATCH.get();
        }

        final CRC32C crc = new CRC32C();
        byte[] stored = new byte[0];
        byte[] block = new byte[0];
        final LagScratch lag = new LagScratch();
    }

    /** This table's part of the cache keys: below 2^30 ({@link BlockCache#key(int, int, int)}), never reused. */
    private final int id = IDS.incrementAndGet();
    private final Path file;
    private final ByteSource src;
    private final TableHeader header;
    private final BlockIndex index;
    private final byte[] symbols;
    private final TableKind kind;
    private final int blockSize;
    private final long positions;
    private final ContextModel model;
    private final boolean[] allowed = new boolean[256];
    /** How look-ups go through the cache. */
    private final CachedBlocks cached;

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
        if (id <= 0 || id >= 1 << 30) {
            throw new IllegalStateException("more than 2^30 tables opened in this process: the block cache's keys"
                    + " would no longer tell them apart");
        }
        this.cached = new CachedBlocks(this, cache, id, model != null);
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
    static TableFile open(ByteSource src, TableKind kind, Variant variant, int seeds, BlockCache cache) {
        Path file = src.path();
        try {
            TableHeader h = HeaderParser.read(src, file, kind, variant, seeds);
            ContextModel model = SectionReader.readModel(src, file, h);
            BlockIndex idx = SectionReader.readIndex(src, file, h);
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
     * The stored symbol at {@code rank} (signed or unsigned per the kind). A cached block (or
     * part) is read without writing shared memory. On a miss only what the position needs is
     * decoded: in a context-coded table its stream (a quarter of the block) as far as the position, an eighth
     * of the block on average, which is put into the cache as that stream's prefix (a longer
     * prefix replaces it when a later look-up decodes further); in a raw table the whole block.
     * Threads missing the same block together wait for one decode, which goes as far as each of
     * them needs. The decode is into a per-thread buffer, allocating nothing once the cache is warm.
     *
     * @throws CorruptTableException if the block is damaged
     */
    public int symbolAt(long rank) {
        return symbolAt(rank, false);
    }

    /**
     * As {@link #symbolAt(long)}; with {@code wholeBlock} a miss decodes and caches the whole
     * block, as {@link #symbolsAt} does: for a caller about to read many positions of the same
     * blocks in any order (a batch), to whom a part now and the rest later would cost more.
     */
    public int symbolAt(long rank, boolean wholeBlock) {
        if (rank < 0 || rank >= positions) {
            throw new IllegalArgumentException("rank " + rank + " outside 0.." + (positions - 1) + " in " + file);
        }
        int b = (int) (rank / blockSize);
        int at = (int) (rank - (long) b * blockSize);
        int m = header.blockPositions(b);
        int x = cached.read(b, m, at);
        return kind.symbol((byte) (x >= 0 ? x : cached.missed(b, m, at, wholeBlock)));
    }

    /**
     * The stored symbols at {@code ranks[from..to)}, which must be ascending, into
     * {@code out[from..to)}: each block is looked up in the cache or decoded (whole, and cached
     * whole) at most once.
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
            int b = (int) (ranks[i] / blockSize);
            long start = (long) b * blockSize;
            int m = header.blockPositions(b);
            long end = start + m;
            int x;
            for (; i < to && ranks[i] < end && (x = cached.read(b, m, (int) (ranks[i] - start))) >= 0; i++) {
                out[i] = kind.symbol((byte) x);
            }
            if (i < to && ranks[i] < end) { // the rest of the block: decoded whole
                byte[] d = cached.decodeWhole(b, m);
                for (; i < to && ranks[i] < end; i++) {
                    out[i] = kind.symbol(d[(int) (ranks[i] - start)]);
                }
            }
        }
    }

    /**
     * Reads, checks and decodes block {@code b} into {@code out[0..blockPositions(b))}.
     *
     * @throws CorruptTableException if it is damaged
     */
    public void decodeBlock(int b, byte[] out) {
        decodeBlock(b, out, SCRATCH.get());
    }

    void decodeBlock(int b, byte[] out, Scratch scratch) {
        decodeBlock(b, out, scratch, header.blockPositions(b) - 1);
    }

    /** Reads and checks block {@code b}, and decodes it at least as far as position {@code at}. */
    void decodeBlock(int b, byte[] out, Scratch scratch, int at) {
        decodeRead(b, readBlock(b, scratch), out, scratch, at);
    }

    /** Reads block {@code b} into the scratch buffer and checks its checksum; returns its stored length. */
    int readBlock(int b, Scratch scratch) {
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
        return len;
    }

    /**
     * Decodes block {@code b} of stored length {@code len}, read by {@link #readBlock}, at least
     * as far as position {@code at} (if context-coded: the positions of {@code at}'s stream up to it).
     */
    void decodeRead(int b, int len, byte[] out, Scratch scratch, int at) {
        String err = SymbolCodec.decode(header.encoding(), model, scratch.stored, len, header.blockPositions(b),
                symbols, allowed, out, at, (long) b * blockSize, header.seeds(), scratch.lag);
        if (err != null) {
            throw new CorruptTableException(file, b, index.offset[b], err);
        }
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
     * just written needs to be known intact; {@link #verifyChecksums()} also decodes every block.
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
