package org.krou.generator.table;

import java.util.Arrays;
import java.util.zip.CRC32C;
import org.krou.table.Encoding;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;

/**
 * Turns blocks of a table into stored bytes; one per thread (it holds scratch buffers).
 *
 * <p>A block is first turned into <em>codes</em> (ranks in the symbol list). Where the table has
 * exits, a "don't care" entry (value equal to its best exit, which the reader recovers with a
 * one-ply search) gets the code that the fill order of its context lists first among the values
 * {@code <= exit}; every other entry keeps its true value. Contexts are the two codes before a
 * position in its stream, as the coder's (stream A is the first {@code ceil(m/2)} positions).
 *
 * <p>The blocks may be held anywhere in the arrays given: {@code first} is where a block starts
 * in them (a cluster worker holds only its own blocks, one after the other).
 *
 * <pre>{@code
 * BlockEncoder enc = plan.encoder(values, exits);
 * BlockEncoder.Stored s = plan.encode(enc, 0, 1024);
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
    private final byte[] codeOf;
    private final int[] valueOf;
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
    public BlockEncoder(ByteBigArray values, ExitSource exits, TableKind kind, byte[] symbols, int blockSize) {
        this.values = values;
        this.exits = exits;
        this.symbols = symbols;
        this.k = symbols.length;
        this.codeOf = new byte[256];
        this.valueOf = new int[k];
        for (int i = 0; i < k; i++) {
            codeOf[symbols[i] & 0xFF] = (byte) i;
            valueOf[i] = kind.symbol(symbols[i]);
        }
        v = new byte[blockSize];
        e = exits == null ? null : new byte[blockSize];
        codes = new byte[blockSize];
        out = new byte[2 * blockSize + 16];
    }

    /**
     * The fill order of every context: for pair {@code pq = prev * (k + 1) + prev2}, the codes
     * {@code order[pq * k ..]} by decreasing count in {@code counts} (ties: smaller code first).
     */
    public static byte[] fillOrder(long[] counts, int k) {
        int k1 = k + 1;
        byte[] order = new byte[k1 * k1 * k];
        Integer[] idx = new Integer[k];
        for (int pq = 0; pq < k1 * k1; pq++) {
            final int base = pq * k;
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
     * Loads block {@code [first, first + m)} as codes, filling don't-care entries from
     * {@code order}; returns the number of don't-care entries. With a null {@code order} every
     * entry keeps its true value and the exits are not read (0 is returned): the pair counts of
     * the true values need none.
     *
     * @throws IllegalArgumentException if an exit is above its value
     */
    int load(long first, int m, byte[] order) {
        values.copyTo(first, v, 0, m);
        if (e == null || order == null) {
            for (int i = 0; i < m; i++) {
                codes[i] = codeOf[v[i] & 0xFF];
            }
            return 0;
        }
        exits.copyTo(first, e, 0, m);
        int dc = 0;
        int h = (m + 1) >>> 1;
        int k1 = k + 1;
        for (int i = 0; i < m; i++) {
            int code = codeOf[v[i] & 0xFF] & 0xFF;
            if (e[i] != NO_EXIT) {
                if (e[i] > v[i]) {
                    throw new IllegalArgumentException("exit " + e[i] + " above the value " + v[i] + " at rank "
                            + (first + i));
                }
                if (e[i] == v[i]) {
                    dc++;
                    int j = i < h ? i : i - h;
                    int base = i - j;
                    int prev = j >= 1 ? codes[base + j - 1] & 0xFF : k;
                    int prev2 = j >= 2 ? codes[base + j - 2] & 0xFF : k;
                    int at = (prev * k1 + prev2) * k;
                    int c = order[at] & 0xFF;
                    for (int x = 1; valueOf[c] > e[i]; x++) {
                        c = order[at + x] & 0xFF;
                    }
                    code = c;
                }
            }
            codes[i] = (byte) code;
        }
        return dc;
    }

    /**
     * Loads the block (as {@link #load}) and adds its pairs to
     * {@code counts[(prev * (k + 1) + prev2) * k + code]}; returns the don't-care count.
     */
    public int count(long first, int m, byte[] order, int[] counts) {
        int dc = load(first, m, order);
        int h = (m + 1) >>> 1;
        int k1 = k + 1;
        for (int i = 0; i < m; i++) {
            int j = i < h ? i : i - h;
            int base = i - j;
            int prev = j >= 1 ? codes[base + j - 1] & 0xFF : k;
            int prev2 = j >= 2 ? codes[base + j - 2] & 0xFF : k;
            counts[(prev * k1 + prev2) * k + (codes[i] & 0xFF)]++;
        }
        return dc;
    }

    /**
     * Encodes block {@code [first, first + m)}: raw symbols, or context-coded with
     * {@code model}, stored as its codes where coding would not make it shorter.
     */
    Stored encode(long first, int m, byte[] order, Encoding encoding, ContextEncoder model) {
        int dc = load(first, m, order);
        byte[] data;
        if (encoding == Encoding.RAW) {
            data = new byte[m];
            for (int i = 0; i < m; i++) {
                data[i] = symbols[codes[i] & 0xFF];
            }
        } else {
            int len = m > 8 ? model.encode(codes, m, out) : m;
            data = len < m ? Arrays.copyOf(out, len) : Arrays.copyOf(codes, m);
        }
        crc.reset();
        crc.update(data, 0, data.length);
        return new Stored(data, (int) crc.getValue(), dc);
    }
}
