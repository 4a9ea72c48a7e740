package org.krou.generator.table;

import org.krou.generator.Parallel;
import org.krou.table.TableFile;
import org.krou.table.TableHeader;
import org.krou.util.ByteBigArray;

/**
 * A whole table decoded into memory, for the generator's passes over a finished layer: every
 * block of a {@link TableFile}, decoded through its per-block API on several threads.
 */
public final class WholeTable {
    private WholeTable() {
    }

    /**
     * The stored symbol bytes of every position of {@code t}, decoded on {@code threads} threads.
     *
     * @throws org.krou.table.CorruptTableException at a damaged block
     */
    public static ByteBigArray read(TableFile t, int threads) {
        TableHeader header = t.header();
        int blockSize = header.blockSize();
        ByteBigArray out = new ByteBigArray(t.positions());
        ThreadLocal<byte[]> buffers = ThreadLocal.withInitial(() -> new byte[blockSize]);
        Parallel.forChunks(threads, header.blockCount(), 1, (worker, from, to) -> {
            byte[] buf = buffers.get();
            for (long b = from; b < to; b++) {
                t.decodeBlock((int) b, buf);
                out.copyFrom(buf, 0, b * blockSize, header.blockPositions((int) b));
            }
        });
        return out;
    }
}
