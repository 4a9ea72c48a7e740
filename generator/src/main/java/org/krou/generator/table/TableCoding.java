package org.krou.generator.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;
import org.krou.index.PositionIndex;
import org.krou.table.ContextKey;
import org.krou.table.Encoding;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;

/**
 * How a table's blocks are coded, decided from counts over the whole layer wherever its blocks
 * are held: on one machine ({@link TableWriter}) or spread over the workers of a cluster, which
 * count and encode their own blocks. The steps are the writer's: symbol counts give the symbol
 * list; key counts of the true values (each position's code counted under its context key,
 * {@link BlockEncoder#count}), then {@value #FILL_ROUNDS} times the fill order of the don't-care
 * entries with the key counts of the filled values; the model comes from the last counts. Counts add up over blocks, so parts counted apart give the same plan, and the same
 * bytes, as the whole layer counted at once.
 *
 * <pre>{@code
 * TableCoding.Plan plan = TableCoding.plan(TableKind.VALUES, 12, WriterOptions.DEFAULT, true, parts);
 * BlockEncoder enc = plan.encoder(values, exits);   // where a part's positions are held
 * }</pre>
 */
public final class TableCoding {
    /** Passes over the layer that refine the don't-care fill before the final counts. */
    static final int FILL_ROUNDS = 2;

    private TableCoding() {
    }

    /** What the plan asks of the holders of a table's blocks: counts over all of them. */
    public interface Counts {
        /** Occurrences of each symbol byte (256 counts) over every position. */
        long[] symbols() throws IOException;

        /**
         * Key counts of the codes over every block whose index in the table is a multiple of
         * {@code stride}, {@code [key * k + code]} (as {@link BlockEncoder#count}), with the don't-care count after them (0 for a null
         * {@code order}: the true values are counted and the exits not read).
         *
         * @param table  the symbol list
         * @param order  the fill order of the don't-care entries, null for the true values
         * @param stride 1 for every block, else the sampling of the blocks counted
         */
        long[] pairs(byte[] table, byte[] order, int stride) throws IOException;
    }

    /**
     * The coding of one table.
     *
     * @param symbolCounts occurrences of each symbol byte (the statistics of a values table)
     * @param table        the symbols that occur, most frequent first
     * @param order        the fill order of the don't-care entries, or null (no fill)
     * @param modelCounts  the key counts the model was built from (and the don't-care count
     *                     after them), or null
     * @param model        the context model, or null (raw blocks)
     * @param dontCares    positions stored as "don't care"
     */
    public record Plan(TableKind kind, int seeds, WriterOptions options, long[] symbolCounts, byte[] table,
                       byte[] order, long[] modelCounts, ContextEncoder model, long dontCares) {
        /**
         * The plan of these counts and fill order, with its model built from {@code modelCounts}
         * as {@link #plan} builds it: what a worker that receives them codes its blocks with.
         */
        public static Plan of(TableKind kind, int seeds, WriterOptions o, long[] symbolCounts, byte[] table,
                              byte[] order, long[] modelCounts) {
            ContextEncoder model = null;
            long dontCares = 0;
            if (modelCounts != null) {
                dontCares = order != null ? modelCounts[modelCounts.length - 1] : 0;
                if (o.encoding() == Encoding.CONTEXT) {
                    model = ContextEncoder.fromCounts(Arrays.copyOf(modelCounts, modelCounts.length - 1), table.length,
                            o.param(), o.maxContexts());
                }
            }
            return new Plan(kind, seeds, o, symbolCounts, table, order, modelCounts, model, dontCares);
        }

        /** The encoding of the blocks. */
        public Encoding encoding() {
            return model != null ? Encoding.CONTEXT : Encoding.RAW;
        }

        /** An encoder (one per thread) of blocks held in {@code values}, {@code exits} (null: none). */
        public BlockEncoder encoder(ByteBigArray values, ExitSource exits) {
            return new BlockEncoder(values, order == null ? null : exits, kind, seeds, table, options.blockSize());
        }

        /** Codes block {@code [first, first + m)} of {@code enc}'s arrays, whose first position has rank {@code rank}. */
        public BlockEncoder.Stored encode(BlockEncoder enc, long first, long rank, int m) {
            return enc.encode(first, rank, m, order, encoding(), model);
        }

        /** Value counts {@code -seeds..seeds} of a values table, as its statistics file lists them. */
        public long[] valueCounts() {
            long[] c = new long[2 * seeds + 1];
            for (int v = -seeds; v <= seeds; v++) {
                c[v + seeds] = symbolCounts[v & 0xFF];
            }
            return c;
        }
    }

    /**
     * The plan of a table whose blocks {@code counts} counts.
     *
     * @param fill true to fill the don't-care entries (values tables with exits)
     * @throws IllegalArgumentException if a value is outside {@code -seeds..seeds}
     */
    public static Plan plan(TableKind kind, int seeds, WriterOptions o, boolean fill, Counts counts)
            throws IOException {
        long[] symbolCounts = counts.symbols();
        byte[] table = symbolTable(kind, seeds, symbolCounts);
        int k = table.length;
        byte[] order = null;
        long[] pairs = null;
        if (k > 0 && (fill || o.encoding() == Encoding.CONTEXT)) {
            // the counts that only choose the next fill order are taken on a sample of the
            // blocks; the last, which the model and the don't-care count come from, on all
            int sample = fill ? sampleStride(TableWriter.blockCount(PositionIndex.size(seeds), o.blockSize())) : 1;
            pairs = counts.pairs(table, null, sample);
            for (int round = 0; fill && round < FILL_ROUNDS; round++) {
                order = BlockEncoder.fillOrder(pairs, k);
                pairs = counts.pairs(table, order, round == FILL_ROUNDS - 1 ? 1 : sample);
            }
        }
        return Plan.of(kind, seeds, o, symbolCounts, table, order, pairs);
    }

    /**
     * The sampling of the blocks whose counts choose a fill order: every {@code s}-th block, at
     * most every {@value #MAX_SAMPLE}-th, and at least {@value #MIN_SAMPLED} blocks counted
     * (all of them in a layer of fewer), so that every context that matters is counted
     * millions of times either way.
     */
    static int sampleStride(long blocks) {
        return (int) Math.max(1, Math.min(MAX_SAMPLE, blocks / MIN_SAMPLED));
    }

    /** The sparsest sampling of {@link #sampleStride}. */
    static final int MAX_SAMPLE = 8;
    /** The fewest blocks {@link #sampleStride} counts. */
    static final int MIN_SAMPLED = 2048;

    /**
     * The symbols that occur, most frequent first (ties: smaller symbol first).
     *
     * @throws IllegalArgumentException if a value of a values table is outside {@code -seeds..seeds}
     */
    static byte[] symbolTable(TableKind kind, int seeds, long[] counts) {
        List<Integer> present = new ArrayList<>();
        for (int s = 0; s < 256; s++) {
            int sym = kind.symbol((byte) s);
            if (counts[s] > 0 && kind == TableKind.VALUES && (sym < -seeds || sym > seeds)) {
                throw new IllegalArgumentException(counts[s] + " values equal " + sym + ", outside -" + seeds
                        + ".." + seeds);
            }
            if (counts[s] > 0) {
                present.add(s);
            }
        }
        present.sort((a, b) -> counts[a] != counts[b] ? Long.compare(counts[b], counts[a])
                : Integer.compare(kind.symbol((byte) (int) a), kind.symbol((byte) (int) b)));
        byte[] t = new byte[present.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (int) present.get(i);
        }
        return t;
    }

    /** Adds the occurrences of each symbol byte of {@code values[from..to)} to {@code counts} (256). */
    public static void countSymbols(ByteBigArray values, long from, long to, long[] counts) {
        byte[] buf = new byte[1 << 16];
        for (long at = from; at < to; at += buf.length) {
            int n = (int) Math.min(buf.length, to - at);
            values.copyTo(at, buf, 0, n);
            for (int i = 0; i < n; i++) {
                counts[buf[i] & 0xFF]++;
            }
        }
    }

    /**
     * The key counts, and the don't-care count after them, of blocks {@code from..to-1} whose
     * index in the table ({@code tableBlock(i)}) is a multiple of {@code stride}, block {@code i}
     * being {@code length(i)} positions at {@code first(i)} in {@code enc}'s arrays: one holder's
     * share of {@link Counts#pairs}.
     */
    public static long[] countPairs(BlockEncoder enc, int k, byte[] order, long from, long to,
                                    LongUnaryOperator first, LongToIntFunction length, int stride,
                                    LongUnaryOperator tableBlock) {
        int cells = pairCells(k);
        long[] all = new long[cells + 1];
        int[] c = new int[cells];
        for (long b = from; b < to; b++) {
            long tb = tableBlock.applyAsLong(b);
            if (stride > 1 && tb % stride != 0) {
                continue;
            }
            all[cells] += enc.count(first.applyAsLong(b), tb * enc.blockSize(), length.applyAsInt(b), order, c);
            if ((b & 0xFFF) == 0xFFF) { // int counts stay far from overflowing
                for (int i = 0; i < cells; i++) {
                    all[i] += c[i];
                }
                Arrays.fill(c, 0);
            }
        }
        for (int i = 0; i < cells; i++) {
            all[i] += c[i];
        }
        return all;
    }

    /** Count cells of a symbol list of {@code k} codes (keys times codes), without the don't-care count. */
    public static int pairCells(int k) {
        return ContextKey.count(k) * k;
    }
}
