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
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;

/**
 * Writes a table file: streaming block by block (the file is never built in memory), blocks
 * coded on several threads, atomically (a temporary file in the same directory, fsync,
 * then a rename over the target).
 *
 * <pre>{@code
 * Path file = TablePaths.valuesPath(Path.of("data"), Variant.ABAPA, 12);
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

    /** The stored blocks of a table, handed to the writer in order. */
    public interface StoredBlocks {
        /** Block {@code b}: asked for {@code b = 0, 1, ...} in order, each once. */
        BlockEncoder.Stored next(int b) throws IOException;
    }

    /**
     * Writes a table whose blocks were coded elsewhere with {@code plan} (by the workers of a
     * cluster), atomically as the other writes are: byte for byte the file that writing the whole
     * layer here with the same plan gives.
     */
    public static WriteResult assemble(Path file, Variant variant, TableCoding.Plan plan, StoredBlocks blocks)
            throws IOException {
        return writeFile(file, variant, plan, blocks);
    }

    /** The number of blocks of a table of {@code positions} in blocks of {@code blockSize}. */
    public static int blockCount(long positions, int blockSize) {
        long b = (positions + blockSize - 1) / blockSize;
        if (b > (Integer.MAX_VALUE - 8) / TableFormat.INDEX_ENTRY) {
            throw new IllegalArgumentException("block size " + blockSize + " makes " + b + " blocks: too many");
        }
        return (int) b;
    }

    /** One write of a layer held here: counted and coded on the pool's threads. */
    private static final class Job implements TableCoding.Counts {
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

        Job(Path file, TableKind kind, Variant variant, int seeds, long positions, ByteBigArray symbols,
            ExitSource exits, WriterOptions o, ExecutorService pool) {
            this.file = file;
            this.kind = kind;
            this.variant = variant;
            this.seeds = seeds;
            this.positions = positions;
            this.symbols = symbols;
            this.exits = exits != null && o.fill() != Fill.NONE ? exits : null;
            this.o = o;
            this.pool = pool;
            this.blocks = blockCount(positions, o.blockSize());
        }

        private int size(long b) {
            return (int) Math.min(o.blockSize(), positions - b * o.blockSize());
        }

        @Override
        public long[] symbols() throws IOException {
            List<Future<long[]>> parts = new ArrayList<>();
            int t = o.threads();
            for (int w = 0; w < t; w++) {
                final long from = positions * w / t;
                final long to = positions * (w + 1) / t;
                parts.add(pool.submit(() -> {
                    long[] c = new long[256];
                    TableCoding.countSymbols(symbols, from, to, c);
                    return c;
                }));
            }
            return sum(parts, 256);
        }

        @Override
        public long[] pairs(byte[] table, byte[] order, int stride) throws IOException {
            List<Future<long[]>> parts = new ArrayList<>();
            int t = o.threads();
            for (int w = 0; w < t; w++) {
                final long from = (long) blocks * w / t;
                final long to = (long) blocks * (w + 1) / t;
                parts.add(pool.submit(() -> TableCoding.countPairs(
                        new BlockEncoder(symbols, exits, kind, seeds, table, o.blockSize()), table.length, order, from, to,
                        b -> b * o.blockSize(), this::size, stride, b -> b)));
            }
            return sum(parts, TableCoding.pairCells(table.length) + 1);
        }

        private static long[] sum(List<Future<long[]>> parts, int n) throws IOException {
            long[] sum = new long[n];
            for (Future<long[]> f : parts) {
                long[] c = get(f);
                for (int i = 0; i < n; i++) {
                    sum[i] += c[i];
                }
            }
            return sum;
        }

        WriteResult run() throws IOException {
            TableCoding.Plan plan = TableCoding.plan(kind, seeds, o, exits != null, this);
            ThreadLocal<BlockEncoder> encoders = ThreadLocal.withInitial(() -> plan.encoder(symbols, exits));
            ArrayDeque<Future<BlockEncoder.Stored>> window = new ArrayDeque<>();
            int[] next = {0};
            return writeFile(file, variant, plan, b -> {
                while (next[0] < blocks && window.size() < 64 * o.threads()) {
                    final long nb = next[0]++;
                    window.add(pool.submit(() -> plan.encode(encoders.get(), nb * o.blockSize(), nb * o.blockSize(), size(nb))));
                }
                return get(window.removeFirst());
            });
        }
    }

    private static WriteResult writeFile(Path file, Variant variant, TableCoding.Plan plan, StoredBlocks src)
            throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime()));
        boolean done = false;
        try {
            TableHeader h;
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                h = writeBody(ch, variant, plan, src);
                ch.force(true);
            }
            move(tmp, file);
            done = true;
            syncDirectory(dir);
            WriterOptions o = plan.options();
            return new WriteResult(file, h.positions(), h.fileLength(), o.encoding(), o.param(),
                    h.dontCare() ? plan.dontCares() : 0, plan.table().length);
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Writes model, blocks, index and header; returns the header. */
    private static TableHeader writeBody(FileChannel ch, Variant variant, TableCoding.Plan plan, StoredBlocks src)
            throws IOException {
        long positions = PositionIndex.size(plan.seeds());
        WriterOptions o = plan.options();
        int blocks = blockCount(positions, o.blockSize());
        int[] stored = new int[blocks];
        int[] crc = new int[blocks];
        CRC32C body = new CRC32C();
        long at = TableFormat.HEADER_LENGTH;
        ch.position(at);
        byte[] modelBytes = plan.model() != null ? plan.model().toBytes() : new byte[0];
        CRC32C mc = new CRC32C();
        mc.update(modelBytes, 0, modelBytes.length);
        body.update(modelBytes, 0, modelBytes.length);
        writeFully(ch, modelBytes);
        at += modelBytes.length;
        Encoding enc = plan.encoding();
        for (int b = 0; b < blocks; b++) {
            BlockEncoder.Stored x = src.next(b);
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
        TableHeader h = new TableHeader(TableFormat.VERSION, plan.kind(), variant.id(), plan.seeds(), positions, enc,
                enc == Encoding.RAW ? 0 : o.param(), o.blockSize(), blocks, plan.order() != null && plan.dontCares() > 0,
                plan.table(), at, length, (int) ic.getValue(), (int) body.getValue(), modelBytes.length,
                (int) mc.getValue());
        ch.position(0);
        writeFully(ch, TableLayout.headerBytes(h));
        return h;
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
