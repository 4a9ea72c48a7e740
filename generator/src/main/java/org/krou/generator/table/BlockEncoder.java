package org.krou.generator.table;

import java.util.Arrays;
import java.util.zip.CRC32C;
import org.krou.table.ContextKey;
import org.krou.table.Encoding;
import org.krou.table.LagRuns;
import org.krou.table.TableFormat;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;

/**
 * Turns blocks of a table into stored bytes; one per thread (it holds scratch buffers).
 *
 * <p>A block is first turned into <em>codes</em> (ranks in the symbol list). Where the table has
 * exits, a "don't care" entry (value equal to its best exit, which the reader recovers with a
 * one-ply search) gets the code that the fill order of its context lists first among the values
 * {@code <= exit}; every other entry keeps its true value. Contexts are the coder's
 * (docs/FORMAT.md): a {@link ContextKey} of the code before a position in its stream, the code a lag back
 * ({@link LagRuns}) and whether the two codes before are equal, the block's four streams being
 * its halves' halves ({@link #streamStarts}). Each position's key is computed once a load.
 *
 * <p>The blocks may be held anywhere in the arrays given: {@code first} is where a block starts
 * in them (a cluster worker holds only its own blocks, one after the other).
 *
 * <pre>{@code
 * BlockEncoder enc = plan.encoder(values, exits);
 * BlockEncoder.Stored s = plan.encode(enc, 0, 0, 1024);   // held at 0, rank 0
 * }</pre>
 */
public final class BlockEncoder {
    /** Exit marker: no capturing move and not a finished game. */
    static final byte NO_EXIT = Byte.MIN_VALUE;

    /**
     * One stored block.
     *
     * @param data      its bytes in the file
     * @param crc       their CRC32C
     * @param dontCares its positions stored as "don't care"
     */
    public record Stored(byte[] data, int crc, int dontCares) {
    }

    private final ByteBigArray values;
    private final ExitSource exits;
    private final int seeds;
    private final LagRuns runs = new LagRuns();
    private final int[] lags;
    private final int[] keys;
    private final int[] starts = new int[5];
    private final byte[] tmp;
    private final byte[] codeOf;
    private final int[] valueOf;
    /** The codes by decreasing value (ties: smaller code first): the order {@link #buildFill} takes them in. */
    private final int[] byValue;
    /** The fill order {@link #fillCode} was built from, or null. */
    private byte[] fillOf;
    /**
     * {@code fillCode[y * k + c]}: the code stored for a don't-care entry of code {@code c} and key
     * {@code y}, the first code of the fill order of {@code y} whose value is at most
     * {@code c}'s; built once an order ({@link #buildFill}).
     */
    private byte[] fillCode = new byte[0];
    private final byte[] symbols;
    private final int k;
    private final byte[] v;
    private final byte[] e;
    private final byte[] codes;
    private final byte[] out;
    private final CRC32C crc = new CRC32C();

    /**
     * An encoder of blocks of up to {@code blockSize} positions held in {@code values}.
     *
     * @param exits   null, or the exits (don't-care entries are then counted and filled)
     * @param symbols the symbol list, most frequent first
     */
    public BlockEncoder(ByteBigArray values, ExitSource exits, TableKind kind, int seeds, byte[] symbols,
                        int blockSize) {
        this.values = values;
        this.exits = exits;
        this.seeds = seeds;
        lags = new int[blockSize];
        keys = new int[blockSize];
        tmp = new byte[2 * blockSize + 16];
        this.symbols = symbols;
        this.k = symbols.length;
        this.codeOf = new byte[256];
        this.valueOf = new int[k];
        for (int i = 0; i < k; i++) {
            codeOf[symbols[i] & 0xFF] = (byte) i;
            valueOf[i] = kind.symbol(symbols[i]);
        }
        this.byValue = java.util.stream.IntStream.range(0, k).boxed()
                .sorted((a, b) -> valueOf[a] != valueOf[b] ? Integer.compare(valueOf[b], valueOf[a]) : Integer.compare(a, b))
                .mapToInt(Integer::intValue).toArray();
        v = new byte[blockSize];
        e = exits == null ? null : new byte[blockSize];
        codes = new byte[blockSize];
        out = new byte[2 * blockSize + 16];
    }

    /** The blocks' size in positions. */
    int blockSize() {
        return v.length;
    }

    /**
     * The first positions of a block's four streams: {@code out[0..3]} (in a block of {@code m}
     * positions, halves {@code [0, H)} and {@code [H, m)}, {@code H = ceil(m/2)}, each cut at the
     * rounded-up middle), and {@code out[4] = m}.
     */
    static void streamStarts(int m, int[] out) {
        int hm = (m + 1) >>> 1;
        out[0] = 0;
        out[1] = (hm + 1) >>> 1;
        out[2] = hm;
        out[3] = hm + ((m - hm + 1) >>> 1);
        out[4] = m;
    }

    /**
     * The context key of position {@code i} of a stream starting at {@code s0}, of lag
     * {@code t}, from the codes before it: the code before ({@code k} if none), the code
     * {@code t} back ({@code k} if {@code t = 0} or it lies before the stream), and whether the
     * two codes before are equal.
     */
    static int keyAt(byte[] codes, int i, int s0, int t, int k) {
        int prev = i > s0 ? codes[i - 1] & 0xFF : k;
        int above = t > 0 && i - t >= s0 ? codes[i - t] & 0xFF : k;
        int same = i - 2 >= s0 && codes[i - 1] == codes[i - 2] ? 1 : 0;
        return ContextKey.pack(k, prev, above, same);
    }

    /**
     * The context keys {@code keys[0..m)} of a block's codes {@code codes[0..m)} ({@code k}
     * codes), whose first position has rank {@code rank} among the boards of {@code seeds}
     * seeds: what {@link ContextEncoder#encode} takes, for tools and tests.
     */
    public static void keys(byte[] codes, int m, int k, int seeds, long rank, int[] keys) {
        int[] lags = new int[m];
        new LagRuns().lags(seeds, rank, m, lags);
        int[] starts = new int[5];
        streamStarts(m, starts);
        int stream = 0;
        for (int i = 0; i < m; i++) {
            while (i == starts[stream + 1]) {
                stream++;
            }
            keys[i] = keyAt(codes, i, starts[stream], lags[i], k);
        }
    }

    /**
     * The fill order of every context key: for key {@code y}, the codes
     * {@code order[y * k ..]} by decreasing count in {@code counts} (ties: smaller code first).
     */
    public static byte[] fillOrder(long[] counts, int k) {
        int keys = ContextKey.count(k);
        byte[] order = new byte[keys * k];
        Integer[] idx = new Integer[k];
        for (int y = 0; y < keys; y++) {
            final int base = y * k;
            for (int s = 0; s < k; s++) {
                idx[s] = s;
            }
            Arrays.sort(idx, (a, b) -> counts[base + a] != counts[base + b]
                    ? Long.compare(counts[base + b], counts[base + a]) : Integer.compare(a, b));
            for (int s = 0; s < k; s++) {
                order[base + s] = (byte) (int) idx[s];
            }
        }
        return order;
    }

    /**
     * Loads block {@code [first, first + m)} of the arrays, whose first position has rank
     * {@code rank} in the layer, as codes and their context keys, filling don't-care entries
     * from {@code order}; returns the number of don't-care entries. With a null {@code order}
     * every entry keeps its true value and the exits are not read (0 is returned): the counts
     * of the true values need none. An order is read once, when first given (the don't-care
     * codes it gives each key and value are then looked up): it must not change afterwards.
     *
     * @throws IllegalArgumentException if an exit is above its value
     */
    int load(long first, long rank, int m, byte[] order) {
        values.copyTo(first, v, 0, m);
        boolean fill = e != null && order != null;
        if (fill) {
            exits.copyTo(first, e, 0, m);
            if (order != fillOf) {
                buildFill(order);
            }
        }
        runs.lags(seeds, rank, m, lags);
        streamStarts(m, starts);
        int dc = 0;
        int stream = 0;
        for (int i = 0; i < m; i++) {
            while (i == starts[stream + 1]) {
                stream++;
            }
            int y = keyAt(codes, i, starts[stream], lags[i], k);
            keys[i] = y;
            int code = codeOf[v[i] & 0xFF] & 0xFF;
            if (fill && e[i] != NO_EXIT) {
                if (e[i] > v[i]) {
                    throw new IllegalArgumentException("exit " + e[i] + " above the value " + v[i] + " at rank "
                            + (rank + i));
                }
                if (e[i] == v[i]) {
                    dc++;
                    code = fillCode[y * k + code] & 0xFF;
                }
            }
            codes[i] = (byte) code;
        }
        return dc;
    }

    /**
     * Builds {@link #fillCode} from {@code order}: for each key, the codes taken by decreasing value,
     * each gets the first code of the order whose value is at most its own (one pass along the
     * order a key, since that first code only moves on as the value falls). The order lists
     * every code, so the code itself ends each search.
     */
    private void buildFill(byte[] order) {
        int keys = ContextKey.count(k);
        if (order.length != keys * k) {
            throw new IllegalArgumentException("fill order of " + order.length + " codes: expected " + keys * k);
        }
        if (fillCode.length != order.length) {
            fillCode = new byte[order.length];
        }
        for (int y = 0; y < keys; y++) {
            int at = y * k;
            int x = 0;
            for (int c : byValue) {
                while (valueOf[order[at + x] & 0xFF] > valueOf[c]) {
                    x++;
                }
                fillCode[at + c] = order[at + x];
            }
        }
        fillOf = order;
    }

    /**
     * Loads the block (as {@link #load}) and adds each position to
     * {@code counts[key * k + code]}; returns the don't-care count.
     */
    public int count(long first, long rank, int m, byte[] order, int[] counts) {
        int dc = load(first, rank, m, order);
        for (int i = 0; i < m; i++) {
            counts[keys[i] * k + (codes[i] & 0xFF)]++;
        }
        return dc;
    }

    /**
     * Encodes block {@code [first, first + m)} of rank {@code rank}: raw symbols, or
     * context-coded with {@code model}, stored as its codes where coding would not make it
     * shorter.
     */
    Stored encode(long first, long rank, int m, byte[] order, Encoding encoding, ContextEncoder model) {
        int dc = load(first, rank, m, order);
        byte[] data;
        if (encoding == Encoding.RAW) {
            data = new byte[m];
            for (int i = 0; i < m; i++) {
                data[i] = symbols[codes[i] & 0xFF];
            }
        } else {
            int len = m > TableFormat.MIN_CODED_BYTES ? model.encode(codes, keys, m, out, tmp) : m;
            data = len < m ? Arrays.copyOf(out, len) : Arrays.copyOf(codes, m);
        }
        crc.reset();
        crc.update(data, 0, data.length);
        return new Stored(data, (int) crc.getValue(), dc);
    }
}
