package org.krou.cluster;

import java.io.IOException;
import org.krou.generator.table.BlockEncoder;
import org.krou.generator.table.ExitSource;
import org.krou.generator.table.Fill;
import org.krou.generator.table.TableCoding;
import org.krou.generator.table.WriterOptions;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;
import org.krou.generator.Parallel;

/**
 * A worker's share of writing a settled layer: it counts and codes the table blocks of the
 * positions it owns, as {@link TableCoding} asks, and hands the coded blocks over in order to
 * be sent to the coordinator, which writes them into the table as they arrive
 * ({@link BlockSender}, {@link BlockReceiver}). The rank blocks it owns are whole numbers
 * of table blocks, so its positions, one after the other, are its table blocks one after the
 * other (only the layer's last block may be short, and it comes last).
 *
 * <pre>{@code
 * PartCoder coder = new PartCoder(part, WriterOptions.DEFAULT, 2);
 * long[] symbols = coder.symbols();
 * }</pre>
 */
final class PartCoder {
    private final LayerPart part;
    private final WriterOptions options;
    private final int threads;
    private final long blocks;

    /**
     * @throws IllegalArgumentException if the rank blocks are not whole numbers of table blocks
     */
    PartCoder(LayerPart part, WriterOptions options, int threads) {
        if (part.blocks.blockSize % options.blockSize() != 0) {
            throw new IllegalArgumentException("rank blocks of " + part.blocks.blockSize + " positions are not whole "
                    + "numbers of table blocks of " + options.blockSize());
        }
        this.part = part;
        this.options = options;
        this.threads = threads;
        this.blocks = (part.state.length() + options.blockSize() - 1) / options.blockSize();
    }

    /** Occurrences of each value byte over the owned positions. */
    long[] symbols() {
        long[] c = new long[256];
        TableCoding.countSymbols(part.state, 0, part.state.length(), c);
        return c;
    }

    /** The pair counts of the owned table blocks, as {@link TableCoding.Counts#pairs}. */
    long[] pairs(byte[] table, byte[] order, int stride) {
        ExitSource exits = options.fill() != Fill.NONE ? part.exits() : null;
        long[][] sums = new long[threads][];
        Parallel.forChunks(threads, blocks, 256, (w, from, to) -> {
            BlockEncoder enc = new BlockEncoder(part.state, exits, TableKind.VALUES, part.seeds, table, options.blockSize());
            long[] c = TableCoding.countPairs(enc, table.length, order, from, to, this::first, this::length, stride,
                    this::tableBlock);
            if (sums[w] == null) {
                sums[w] = c;
            } else {
                for (int i = 0; i < c.length; i++) {
                    sums[w][i] += c[i];
                }
            }
        });
        long[] sum = new long[TableCoding.pairCells(table.length) + 1];
        for (long[] s : sums) {
            for (int i = 0; s != null && i < sum.length; i++) {
                sum[i] += s[i];
            }
        }
        return sum;
    }

    /** Receives the coded blocks in order. */
    interface Sink {
        /** Owned table block {@code b}, block {@code tableBlock} of the table, coded. */
        void block(long b, long tableBlock, BlockEncoder.Stored coded) throws IOException, InterruptedException;
    }

    /**
     * Codes the owned table blocks with the plan of {@code table}, {@code order} and
     * {@code modelCounts}, handing each to {@code sink} in order.
     */
    void encode(byte[] table, byte[] order, long[] modelCounts, Sink sink) throws IOException, InterruptedException {
        TableCoding.Plan plan = TableCoding.Plan.of(TableKind.VALUES, part.seeds, options, null, table, order,
                modelCounts);
        BlockEncoder enc = plan.encoder(part.state, part.exits());
        for (long b = 0; b < blocks; b++) {
            sink.block(b, tableBlock(b), plan.encode(enc, first(b), tableBlock(b) * options.blockSize(), length(b)));
        }
    }

    /** Owned table blocks. */
    long blocks() {
        return blocks;
    }

    /** The index in the layer's table of owned table block {@code b} (the sampling counts by it). */
    long tableBlock(long b) {
        return part.blocks.global(first(b)) / options.blockSize();
    }

    private long first(long b) {
        return b * options.blockSize();
    }

    private int length(long b) {
        return (int) Math.min(options.blockSize(), part.state.length() - b * options.blockSize());
    }
}
