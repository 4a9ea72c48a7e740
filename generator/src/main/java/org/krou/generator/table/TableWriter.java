package org.krou.generator.table;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32C;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.Encoding;
import org.krou.table.TableFormat;
import org.krou.table.TableHeader;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;

/**
 * Writes a table file: streaming block by block (the file is never built in memory), blocks
 * coded on several threads, atomically (a temporary file in the same directory, fsync,
 * then a rename over the target).
 *
 * <pre>{@code
 * Path file = TableFormat.valuesPath(Path.of("data"), Variant.ABAPA, 12);
 * WriteResult r = TableWriter.write(file, Variant.ABAPA, 12, values, exits);
 * System.out.printf("%.2f bits per position%n", r.bitsPerPosition());
 * }</pre>
 *
 * <p>With {@code exits} (one byte per position: {@code Byte.MIN_VALUE} if the position has no
 * capturing move and is not a finished game, else the best value among its capturing moves or
 * the value of the finished game), every position whose value equals its exit is stored as a
 * "don't care": any value {@code <= exit}, chosen to compress well. Readers then return
 * {@code max(stored, best exit)}, recomputed by a one-ply search; the result is exact.
 */
public final class TableWriter {
    /** Passes over the layer that refine the don't-care fill before the final counts. */
    private static final int FILL_ROUNDS = 2;

    private TableWriter() {
    }

    /** Writes a values table with the {@link WriterOptions#DEFAULT default} options. */
    public static WriteResult write(Path file, Variant variant, int seeds, ByteBigArray values, ByteBigArray exits)
            throws IOException {
        return write(file, TableKind.VALUES, variant, seeds, values, exits, WriterOptions.DEFAULT);
    }

    /**
     * Writes a values table whose exits are read block by block from {@code exits} (null: none),
     * as {@link #write(Path, TableKind, Variant, int, ByteBigArray, ByteBigArray, WriterOptions)}.
     */
    public static WriteResult writeValues(Path file, Variant variant, int seeds, ByteBigArray values,
                                          ExitSource exits, WriterOptions options) throws IOException {
        return writeTable(file, TableKind.VALUES, variant, seeds, values, exits, options);
    }

    /** Writes a values table. */
    public static WriteResult write(Path file, Variant variant, int seeds, ByteBigArray values, ByteBigArray exits,
                                    WriterOptions options) throws IOException {
        return write(file, TableKind.VALUES, variant, seeds, values, exits, options);
    }

    /**
     * Writes a table of any kind.
     *
     * @param symbols one byte per position, in rank order of {@link PositionIndex}
     * @param exits   null, or the best exit of each position (values tables only)
     * @throws IllegalArgumentException if the sizes do not match the layer, a value is outside
     *                                  {@code -seeds..seeds}, or an exit exceeds its value
     */
    public static WriteResult write(Path file, TableKind kind, Variant variant, int seeds, ByteBigArray symbols,
                                    ByteBigArray exits, WriterOptions options) throws IOException {
        return writeTable(file, kind, variant, seeds, symbols, exits == null ? null : ExitSource.of(exits), options);
    }

    private static WriteResult writeTable(Path file, TableKind kind, Variant variant, int seeds,
                                          ByteBigArray symbols, ExitSource exits, WriterOptions options) throws IOException {
        if (seeds < 0 || seeds > PositionIndex.MAX_SEEDS) {
            throw new IllegalArgumentException("seed count " + seeds + " outside 0.." + PositionIndex.MAX_SEEDS);
        }
        long positions = PositionIndex.size(seeds);
        if (symbols.length() != positions || (exits != null && exits.length() != positions)) {
            throw new IllegalArgumentException("layer " + seeds + " has " + positions + " positions, got "
                    + symbols.length() + " symbols" + (exits == null ? "" : " and " + exits.length() + " exits"));
        }
        if (exits != null && kind != TableKind.VALUES) {
            throw new IllegalArgumentException("don't-care entries are only defined for values tables");
        }
        ExecutorService pool = Executors.newFixedThreadPool(options.threads(), r -> {
            Thread t = new Thread(r, "krou-table-writer");
            t.setDaemon(true);
            return t;
        });
        try {
            return new Job(file, kind, variant, seeds, positions, symbols, exits, options, pool).run();
        } finally {
            pool.shutdownNow();
        }
    }

    /** One write. */
    private static final class Job {
        private final Path file;
        private final TableKind kind;
        private final Variant variant;
        private final int seeds;
        private final long positions;
        private final ByteBigArray symbols;
        private final ExitSource exits;
        private final WriterOptions o;
        private final ExecutorService pool;
        private final int blocks;
        private byte[] table;
        private byte[] codeOf;
        private int[] valueOf;

        Job(Path file, TableKind kind, Variant variant, int seeds, long positions, ByteBigArray symbols,
            ExitSource exits, WriterOptions o, ExecutorService pool) {
            this.file = file;
            this.kind = kind;
            this.variant = variant;
            this.seeds = seeds;
            this.positions = positions;
            this.symbols = symbols;
            this.exits = exits;
            this.o = o;
            this.pool = pool;
            long b = (positions + o.blockSize() - 1) / o.blockSize();
            if (b > (Integer.MAX_VALUE - 8) / TableFormat.INDEX_ENTRY) {
                throw new IllegalArgumentException("block size " + o.blockSize() + " makes " + b + " blocks: too many");
            }
            this.blocks = (int) b;
        }

        private int size(int b) {
            return (int) Math.min(o.blockSize(), positions - (long) b * o.blockSize());
        }

        private BlockEncoder encoder() {
            return new BlockEncoder(symbols, o.fill() == Fill.NONE ? null : exits, table, codeOf, valueOf,
                    o.blockSize());
        }

        /** Occurrences of each symbol byte, over all blocks, in parallel. */
        private long[] countSymbols() throws IOException {
            List<Future<long[]>> parts = new ArrayList<>();
            int t = o.threads();
            for (int w = 0; w < t; w++) {
                final long from = positions * w / t;
                final long to = positions * (w + 1) / t;
                parts.add(pool.submit(() -> {
                    long[] c = new long[256];
                    byte[] buf = new byte[1 << 16];
                    for (long at = from; at < to; at += buf.length) {
                        int n = (int) Math.min(buf.length, to - at);
                        symbols.copyTo(at, buf, 0, n);
                        for (int i = 0; i < n; i++) {
                            c[buf[i] & 0xFF]++;
                        }
                    }
                    return c;
                }));
            }
            long[] sum = new long[256];
            for (Future<long[]> f : parts) {
                long[] c = get(f);
                for (int i = 0; i < 256; i++) {
                    sum[i] += c[i];
                }
            }
            return sum;
        }

        /**
         * The pair counts of the codes as filled with {@code order} ({@code [(prev * (k + 1) +
         * prev2) * k + code]}), and the don't-care count at the end, over all blocks in parallel.
         */
        private long[] countPairs(byte[] order) throws IOException {
            int k = table.length;
            int cells = (k + 1) * (k + 1) * k;
            List<Future<long[]>> parts = new ArrayList<>();
            int t = o.threads();
            for (int w = 0; w < t; w++) {
                final int from = (int) ((long) blocks * w / t);
                final int to = (int) ((long) blocks * (w + 1) / t);
                parts.add(pool.submit(() -> {
                    BlockEncoder enc = encoder();
                    long[] all = new long[cells + 1];
                    int[] c = new int[cells];
                    for (int b = from; b < to; b++) {
                        all[cells] += enc.count((long) b * o.blockSize(), size(b), order, c);
                        if ((b & 0xFFF) == 0xFFF || b == to - 1) { // int counts stay far from overflowing
                            for (int i = 0; i < cells; i++) {
                                all[i] += c[i];
                            }
                            Arrays.fill(c, 0);
                        }
                    }
                    return all;
                }));
            }
            long[] sum = new long[cells + 1];
            for (Future<long[]> f : parts) {
                long[] c = get(f);
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += c[i];
                }
            }
            return sum;
        }

        WriteResult run() throws IOException {
            long[] counts = countSymbols();
            for (int s = 0; s < 256; s++) {
                int sym = kind.symbol((byte) s);
                if (counts[s] > 0 && kind == TableKind.VALUES && (sym < -seeds || sym > seeds)) {
                    throw new IllegalArgumentException(counts[s] + " values equal " + sym + ", outside -" + seeds
                            + ".." + seeds);
                }
            }
            table = symbolTable(counts);
            int k = table.length;
            codeOf = new byte[256];
            valueOf = new int[k];
            for (int i = 0; i < k; i++) {
                codeOf[table[i] & 0xFF] = (byte) i;
                valueOf[i] = kind.symbol(table[i]);
            }
            boolean fill = exits != null && o.fill() != Fill.NONE;
            byte[] order = null;
            ContextEncoder model = null;
            long dontCares = 0;
            if (k > 0 && (fill || o.encoding() == Encoding.CONTEXT)) {
                long[] pairs = countPairs(null);
                for (int round = 0; fill && round < FILL_ROUNDS; round++) {
                    order = BlockEncoder.fillOrder(pairs, k);
                    pairs = countPairs(order);
                }
                dontCares = pairs[pairs.length - 1];
                if (o.encoding() == Encoding.CONTEXT) {
                    model = ContextEncoder.fromCounts(Arrays.copyOf(pairs, pairs.length - 1), k, o.param(),
                            o.maxContexts());
                }
            }
            return writeFile(order, model, fill ? dontCares : 0);
        }

        /** The symbols that occur, most frequent first (ties: smaller symbol first). */
        private byte[] symbolTable(long[] counts) {
            List<Integer> present = new ArrayList<>();
            for (int s = 0; s < 256; s++) {
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

        private WriteResult writeFile(byte[] order, ContextEncoder model, long dontCares) throws IOException {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = dir.resolve("." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                    + Long.toHexString(System.nanoTime()));
            boolean done = false;
            try {
                TableHeader h;
                try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    h = writeBody(ch, order, model, dontCares);
                    ch.force(true);
                }
                move(tmp, file);
                done = true;
                syncDirectory(dir);
                return new WriteResult(file, positions, h.fileLength(), o.encoding(), o.param(),
                        h.dontCare() ? dontCares : 0, table.length);
            } finally {
                if (!done) {
                    Files.deleteIfExists(tmp);
                }
            }
        }

        /** Writes model, blocks, index and header; returns the header. */
        private TableHeader writeBody(FileChannel ch, byte[] order, ContextEncoder model, long dontCares)
                throws IOException {
            int[] stored = new int[blocks];
            int[] crc = new int[blocks];
            CRC32C body = new CRC32C();
            long at = TableFormat.HEADER_LENGTH;
            ch.position(at);
            byte[] modelBytes = model != null ? model.toBytes() : new byte[0];
            CRC32C mc = new CRC32C();
            mc.update(modelBytes, 0, modelBytes.length);
            body.update(modelBytes, 0, modelBytes.length);
            writeFully(ch, modelBytes);
            at += modelBytes.length;
            Encoding enc = model != null ? Encoding.CONTEXT : Encoding.RAW;
            ThreadLocal<BlockEncoder> encoders = ThreadLocal.withInitial(this::encoder);
            ArrayDeque<Future<BlockEncoder.Stored>> window = new ArrayDeque<>();
            int next = 0;
            for (int b = 0; b < blocks; b++) {
                while (next < blocks && window.size() < 64 * o.threads()) {
                    final int nb = next++;
                    window.add(pool.submit(() -> encoders.get().encode((long) nb * o.blockSize(), size(nb), order,
                            enc, model)));
                }
                BlockEncoder.Stored x = get(window.removeFirst());
                stored[b] = x.data().length;
                crc[b] = x.crc();
                body.update(x.data(), 0, x.data().length);
                writeFully(ch, x.data());
                at += x.data().length;
            }
            byte[] index = TableLayout.indexBytes(stored, crc);
            CRC32C ic = new CRC32C();
            ic.update(index, 0, index.length);
            body.update(index, 0, index.length);
            writeFully(ch, index);
            long length = at + index.length;
            TableHeader h = new TableHeader(TableFormat.VERSION, kind, variant.id(), seeds, positions, enc,
                    enc == Encoding.RAW ? 0 : o.param(), o.blockSize(), blocks, order != null && dontCares > 0,
                    table, at, length, (int) ic.getValue(), (int) body.getValue(), modelBytes.length,
                    (int) mc.getValue());
            ch.position(0);
            writeFully(ch, TableLayout.headerBytes(h));
            return h;
        }
    }

    private static void move(Path tmp, Path file) throws IOException {
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every platform can sync a directory; the file itself is synced
        }
    }

    private static void writeFully(FileChannel ch, byte[] data) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(data);
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }

    private static <T> T get(Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing a table", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            if (c instanceof Error err) {
                throw err;
            }
            if (c instanceof IOException io) {
                throw io;
            }
            throw new IOException(c);
        }
    }
}
