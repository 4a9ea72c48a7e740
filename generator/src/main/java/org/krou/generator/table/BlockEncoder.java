package org.krou.generator.table;

import java.util.Arrays;
import java.util.zip.CRC32C;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.krou.table.Compression;
import org.krou.table.Encoding;
import org.krou.table.TableFormat;
import org.krou.util.ByteBigArray;

/** Turns blocks of a table into stored bytes; one per thread (holds scratch buffers). */
final class BlockEncoder {
    /** One encoded block. */
    record Encoded(byte[] data, int encodedLength, int crc, int dontCares) {
    }

    private final ByteBigArray values;
    private final ByteBigArray exits;
    private final Fill fill;
    private final byte[] best;
    private final DontCareFill.Transitions succ;
    private final RansEncoder model;
    private final byte[] v;
    private final byte[] e;
    private final byte[] filled;
    private final byte[] codes;
    private byte[] enc;
    private byte[] comp;
    private final LZ4Compressor lz4;

    BlockEncoder(ByteBigArray values, ByteBigArray exits, Fill fill, byte[] best, DontCareFill.Transitions succ, RansEncoder model,
                 int blockSize, int lz4Level) {
        this.values = values;
        this.exits = exits;
        this.fill = fill;
        this.best = best;
        this.succ = succ;
        this.model = model;
        v = new byte[blockSize];
        e = exits == null ? null : new byte[blockSize];
        filled = new byte[blockSize];
        codes = new byte[blockSize];
        enc = new byte[0];
        comp = new byte[0];
        LZ4Factory f = LZ4Factory.safeInstance();
        lz4 = lz4Level == 0 ? f.fastCompressor() : f.highCompressor(lz4Level);
    }

    /** Fills block {@code [first, first + m)} into {@link #filled}; returns its don't-care count. */
    private int load(long first, int m) {
        values.copyTo(first, v, 0, m);
        if (e != null) {
            exits.copyTo(first, e, 0, m);
        }
        return DontCareFill.fill(fill, v, e, m, best, succ, filled, first);
    }

    /**
     * Adds the stored symbols of the block to {@code counts} (index {@code symbol & 0xFF}) and,
     * if not null, their transitions to {@code transitions} (index {@code prev * 256 + next},
     * {@code prev = 256} at the start of each of the block's two rANS streams).
     */
    int count(long first, int m, long[] counts, long[] transitions) {
        int dc = load(first, m);
        int prev = 256;
        int second = TableFormat.ransSecondStream(m);
        for (int i = 0; i < m; i++) {
            int s = filled[i] & 0xFF;
            counts[s]++;
            if (transitions != null) {
                transitions[(i == second ? 256 : prev) * 256 + s]++;
                prev = s;
            }
        }
        return dc;
    }

    /** Loads the block and maps it to codes; returns the don't-care count. */
    int prepare(long first, int m, Encoding encoding, byte[] codeOf) {
        int dc = load(first, m);
        if (encoding == Encoding.RAW) {
            System.arraycopy(filled, 0, codes, 0, m);
        } else {
            for (int i = 0; i < m; i++) {
                codes[i] = codeOf[filled[i] & 0xFF];
            }
        }
        return dc;
    }

    /** Encodes and compresses the prepared codes; returns the stored length (data in {@link #stored()}). */
    int compress(int m, Encoding encoding, int param, Compression compression) {
        int max = TableFormat.maxEncodedLength(encoding, param, m);
        if (enc.length < max) {
            enc = new byte[max];
            comp = new byte[lz4.maxCompressedLength(max)];
        }
        encodedLength = SymbolEncoder.encode(encoding, param, model, codes, m, enc);
        if (compression == Compression.NONE) {
            storedArray = enc;
            return encodedLength;
        }
        storedArray = comp;
        return lz4.compress(enc, 0, encodedLength, comp, 0, comp.length);
    }

    private int encodedLength;
    private byte[] storedArray;

    /** The buffer holding the last {@link #compress} result. */
    byte[] stored() {
        return storedArray;
    }

    /** Encodes block {@code [first, first + m)} completely. */
    Encoded encode(long first, int m, Encoding encoding, int param, Compression compression, byte[] codeOf) {
        int dc = prepare(first, m, encoding, codeOf);
        int len = compress(m, encoding, param, compression);
        byte[] data = Arrays.copyOf(storedArray, len);
        CRC32C crc = new CRC32C();
        crc.update(data, 0, len);
        return new Encoded(data, encodedLength, (int) crc.getValue(), dc);
    }
}
