package org.krou.generator.table;

import org.krou.table.Encoding;
import org.krou.table.TableFormat;

/**
 * How {@link TableWriter} encodes a table. The default is what the measurements in
 * {@code docs/PERFORMANCE.md} found best for size and cold-probe speed together.
 *
 * <pre>{@code
 * WriterOptions o = WriterOptions.DEFAULT.withBlockSize(2048).withThreads(1);
 * }</pre>
 *
 * @param encoding    the symbol encoding
 * @param param       the encoding's parameter (the frequency precision of {@link Encoding#CONTEXT})
 * @param blockSize   positions per block, 1..{@link TableFormat#MAX_BLOCK_SIZE}
 * @param fill        how don't-care entries are filled when exits are given
 * @param maxContexts the most contexts of a {@link Encoding#CONTEXT} model, up to
 *                    {@link TableFormat#MAX_CONTEXTS}
 * @param threads     encoding threads, 1 or more
 */
public record WriterOptions(Encoding encoding, int param, int blockSize, Fill fill, int maxContexts, int threads) {
    /**
     * The default: context-coded blocks of 1,536 positions (four streams of 384: a cold probe
     * decodes 192 positions on average; shorter blocks make larger tables, longer ones slower
     * cold probes: docs/PERFORMANCE.md, "Format 5"), 12-bit frequencies, at most 1,024 contexts,
     * don't-care entries filled in context, 2 threads.
     */
    public static final WriterOptions DEFAULT = new WriterOptions(Encoding.CONTEXT, 12, 1536, Fill.CONTEXT, 1024, 2);

    /** How many times as many positions a block of a distance table holds as one of values. */
    public static final int DISTANCE_BLOCK_FACTOR = 4;

    /** One byte a position, every value stored as it is: for tests and tools. */
    public static final WriterOptions RAW = new WriterOptions(Encoding.RAW, 0, 1024, Fill.NONE, 1024, 2);

    /** Validates. */
    public WriterOptions {
        if (encoding == null || fill == null) {
            throw new IllegalArgumentException("encoding and fill are required");
        }
        if (!encoding.validParam(param)) {
            throw new IllegalArgumentException("parameter " + param + " is not valid for encoding " + encoding);
        }
        if (blockSize < 1 || blockSize > TableFormat.MAX_BLOCK_SIZE) {
            throw new IllegalArgumentException("block size " + blockSize + " outside 1.." + TableFormat.MAX_BLOCK_SIZE);
        }
        if (maxContexts < 1 || maxContexts > TableFormat.MAX_CONTEXTS) {
            throw new IllegalArgumentException("contexts " + maxContexts + " outside 1.." + TableFormat.MAX_CONTEXTS);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be 1 or more, got " + threads);
        }
    }

    /** The same options with another encoding and parameter. */
    public WriterOptions withEncoding(Encoding e, int p) {
        return new WriterOptions(e, p, blockSize, fill, maxContexts, threads);
    }

    /** The same options with another block size. */
    public WriterOptions withBlockSize(int size) {
        return new WriterOptions(encoding, param, size, fill, maxContexts, threads);
    }

    /** The same options with another don't-care fill. */
    public WriterOptions withFill(Fill f) {
        return new WriterOptions(encoding, param, blockSize, f, maxContexts, threads);
    }

    /** The same options with another limit on contexts. */
    public WriterOptions withMaxContexts(int n) {
        return new WriterOptions(encoding, param, blockSize, fill, n, threads);
    }

    /**
     * The options for distance-to-conversion tables: context-coded ones in blocks of
     * {@value #DISTANCE_BLOCK_FACTOR} times as many positions (at most
     * {@link TableFormat#MAX_BLOCK_SIZE}); raw ones as they are. Distances are probed to choose
     * a move, not inside a search, so a slower cold probe is worth a smaller table (each block's
     * coder states and index entry are shared by more positions; docs/PERFORMANCE.md, "Table
     * size").
     *
     * <pre>{@code
     * WriterOptions.DEFAULT.forDistances().blockSize();   // 6144
     * }</pre>
     */
    public WriterOptions forDistances() {
        return encoding == Encoding.CONTEXT
                ? withBlockSize(Math.min(TableFormat.MAX_BLOCK_SIZE, blockSize * DISTANCE_BLOCK_FACTOR)) : this;
    }

    /** The same options with another thread count. */
    public WriterOptions withThreads(int n) {
        return new WriterOptions(encoding, param, blockSize, fill, maxContexts, n);
    }
}
