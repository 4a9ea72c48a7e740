package org.krou.generator.table;

import org.krou.table.Compression;
import org.krou.table.Encoding;
import org.krou.table.TableFormat;

/**
 * How {@link TableWriter} encodes a table. The defaults are what the measurements in
 * {@code docs/FORMAT.md} found smallest.
 *
 * <pre>{@code
 * WriterOptions o = WriterOptions.DEFAULT.withBlockSize(1 << 14).withThreads(1);
 * }</pre>
 *
 * @param encoding    the symbol encoding, or null to choose the smallest on a sample of blocks
 * @param param       the encoding's parameter (ignored when {@code encoding} is null)
 * @param blockSize   positions per block, 1..{@link TableFormat#MAX_BLOCK_SIZE}
 * @param compression block compression
 * @param lz4Level    0 for the fast LZ4 compressor, 1..17 for LZ4 HC at that level
 * @param fill        how don't-care entries are filled when exits are given
 * @param threads     compression threads, 1 or more
 */
public record WriterOptions(Encoding encoding, int param, int blockSize, Compression compression, int lz4Level,
                            Fill fill, int threads) {
    /**
     * LZ4-compressed blocks (the default): packed or run-length codes chosen on a sample, 64 Ki
     * positions per block, LZ4 HC level 9, fewest-runs fill, 2 threads.
     */
    public static final WriterOptions LZ4 =
            new WriterOptions(null, 0, 1 << 16, Compression.LZ4, 9, Fill.RUNS, 2);

    /**
     * The smallest: order-1 rANS with 11-bit frequencies, 4 Ki positions per block, no further
     * compression, most-probable-successor fill, 2 threads (about a quarter smaller than LZ4,
     * see README.md).
     */
    public static final WriterOptions RANS =
            new WriterOptions(Encoding.RANS, 11, 1 << 12, Compression.NONE, 0, Fill.CONTEXT, 2);

    /** The default: {@link #LZ4}, the format's reference coding. */
    public static final WriterOptions DEFAULT = LZ4;

    /** Validates. */
    public WriterOptions {
        if (encoding != null && !encoding.validParam(param)) {
            throw new IllegalArgumentException("parameter " + param + " is not valid for encoding " + encoding);
        }
        if (blockSize < 1 || blockSize > TableFormat.MAX_BLOCK_SIZE) {
            throw new IllegalArgumentException("block size " + blockSize + " outside 1.." + TableFormat.MAX_BLOCK_SIZE);
        }
        if (compression == null || fill == null) {
            throw new IllegalArgumentException("compression and fill are required");
        }
        if (lz4Level < 0 || lz4Level > 17) {
            throw new IllegalArgumentException("LZ4 level " + lz4Level + " outside 0..17");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be 1 or more, got " + threads);
        }
    }

    /** The same options with a fixed encoding. */
    public WriterOptions withEncoding(Encoding e, int p) {
        return new WriterOptions(e, p, blockSize, compression, lz4Level, fill, threads);
    }

    /** The same options with another block size. */
    public WriterOptions withBlockSize(int size) {
        return new WriterOptions(encoding, param, size, compression, lz4Level, fill, threads);
    }

    /** The same options with another compression and LZ4 level. */
    public WriterOptions withCompression(Compression c, int level) {
        return new WriterOptions(encoding, param, blockSize, c, level, fill, threads);
    }

    /** The same options with another don't-care fill. */
    public WriterOptions withFill(Fill f) {
        return new WriterOptions(encoding, param, blockSize, compression, lz4Level, f, threads);
    }

    /** The same options with another thread count. */
    public WriterOptions withThreads(int n) {
        return new WriterOptions(encoding, param, blockSize, compression, lz4Level, fill, n);
    }
}
