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
import org.krou.util.ByteBigArray;
import org.krou.util.Parallel;

/**
 * Writes a table file: streaming block by block (the file is never built in memory), blocks
 * compressed on several threads, atomically (a temporary file in the same directory, fsync,
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
    private static final Encoding[] AUTO_ENCODING = {Encoding.PACKED, Encoding.PACKED, Encoding.PACKED,
        Encoding.PACKED, Encoding.RLE, Encoding.RLE, Encoding.RLE, Encoding.RLE};
    private static final int[] AUTO_PARAM = {1, 2, 4, 8, 2, 3, 4, 5};
    private static final int SAMPLE_BLOCKS = 48;

    private TableWriter() {
    }

    /** Writes a values table with the {@link WriterOptions#DEFAULT default} options. */
    public static WriteResult write(Path file, Variant variant, int seeds, ByteBigArray values, ByteBigArray exits)
            throws IOException {
        return write(file, TableKind.VALUES, variant, seeds, values, exits, WriterOptions.DEFAULT);
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
        private final ByteBigArray exits;
        private final WriterOptions o;
        private final ExecutorService pool;
        private final int blocks;
        private byte[] best = new byte[256];
        private DontCareFill.Transitions succ;
        private RansEncoder model;

        Job(Path file, TableKind kind, Variant variant, int seeds, long positions, ByteBigArray symbols,
            ByteBigArray exits, WriterOptions o, ExecutorService pool) {
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

        private BlockEncoder encoder(boolean withExits) {
            return new BlockEncoder(symbols, withExits ? exits : null, withExits ? o.fill() : Fill.NONE, best, succ,
                    model, o.blockSize(), o.lz4Level());
        }

        /**
         * Counts the stored symbols ({@code [0..256)}), the don't-care entries ({@code [256]}) and
         * the transitions ({@code [257 + prev * 256 + next]}) over all blocks, in parallel.
         */
        private long[] countAll(boolean withExits) throws IOException {
            int t = o.threads();
            List<Future<long[]>> parts = new ArrayList<>();
            for (int w = 0; w < t; w++) {
                final int from = (int) ((long) blocks * w / t);
                final int to = (int) ((long) blocks * (w + 1) / t);
                parts.add(pool.submit(() -> {
                    BlockEncoder enc = encoder(withExits);
                    long[] c = new long[257];
                    long[] tr = new long[257 * 256];
                    for (int b = from; b < to; b++) {
                        c[256] += enc.count((long) b * o.blockSize(), size(b), c, tr);
                    }
                    long[] all = java.util.Arrays.copyOf(c, 257 + tr.length);
                    System.arraycopy(tr, 0, all, 257, tr.length);
                    return all;
                }));
            }
            long[] sum = null;
            for (Future<long[]> f : parts) {
                long[] c = get(f);
                if (sum == null) {
                    sum = c;
                } else {
                    for (int i = 0; i < c.length; i++) {
                        sum[i] += c[i];
                    }
                }
            }
            return sum;
        }

        WriteResult run() throws IOException {
            long[] counts = countAll(false);
            long[] byValue = new long[256];
            for (int s = 0; s < 256; s++) {
                int sym = kind.symbol((byte) s);
                if (counts[s] > 0 && kind == TableKind.VALUES && (sym < -seeds || sym > seeds)) {
                    throw new IllegalArgumentException(counts[s] + " values equal " + sym + ", outside -" + seeds
                            + ".." + seeds);
                }
                byValue[(byte) s + 128] = counts[s];
            }
            best = DontCareFill.bestAtMost(byValue);
            if (exits != null) {
                for (int round = 0; round < (o.fill() == Fill.CONTEXT ? 2 : 1); round++) {
                    succ = new DontCareFill.Transitions(java.util.Arrays.copyOfRange(counts, 257, counts.length));
                    counts = countAll(true);
                }
            }
            byte[] table = symbolTable(counts);
            byte[] codeOf = new byte[256];
            for (int i = 0; i < table.length; i++) {
                codeOf[table[i] & 0xFF] = (byte) i;
            }
            Encoding enc = o.encoding();
            int param = o.param();
            if (enc == Encoding.RANS) {
                model = RansEncoder.fromCounts(transitionsByCode(counts, table, codeOf), table.length, param);
            }
            if (enc == null) {
                int pick = chooseEncoding(codeOf);
                enc = AUTO_ENCODING[pick];
                param = AUTO_PARAM[pick];
            }
            return writeFile(enc, param, table, codeOf, counts[256]);
        }

        /** The transitions between codes, context {@code k} being the block start. */
        private static long[] transitionsByCode(long[] counts, byte[] table, byte[] codeOf) {
            int k = table.length;
            long[] t = new long[(k + 1) * k];
            for (int p = 0; p <= 256; p++) {
                int ctx = p == 256 ? k : codeOf[p] & 0xFF;
                for (int s = 0; s < 256; s++) {
                    long n = counts[257 + p * 256 + s];
                    if (n > 0) {
                        t[ctx * k + (codeOf[s] & 0xFF)] += n;
                    }
                }
            }
            return t;
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

        /**
         * Tries every automatic candidate on evenly spaced sample blocks, on the writer's threads;
         * returns the best one.
         */
        private int chooseEncoding(byte[] codeOf) {
            int samples = Math.min(blocks, SAMPLE_BLOCKS);
            int threads = o.threads();
            long[][] totals = new long[threads][AUTO_ENCODING.length];
            BlockEncoder[] encoders = new BlockEncoder[threads];
            for (int w = 0; w < threads; w++) {
                encoders[w] = encoder(exits != null);
            }
            Parallel.forChunks(threads, samples, 1, (w, from, to) -> {
                for (long k = from; k < to; k++) {
                    int b = (int) ((long) blocks * k / samples);
                    int m = size(b);
                    encoders[w].prepare((long) b * o.blockSize(), m, Encoding.PACKED, codeOf);
                    for (int c = 0; c < AUTO_ENCODING.length; c++) {
                        totals[w][c] += encoders[w].compress(m, AUTO_ENCODING[c], AUTO_PARAM[c], o.compression());
                    }
                }
            });
            long[] total = new long[AUTO_ENCODING.length];
            for (long[] t : totals) {
                for (int c = 0; c < total.length; c++) {
                    total[c] += t[c];
                }
            }
            int pick = 0;
            for (int c = 1; c < total.length; c++) {
                if (total[c] < total[pick]) {
                    pick = c;
                }
            }
            return pick;
        }

        private WriteResult writeFile(Encoding enc, int param, byte[] table, byte[] codeOf, long dontCares)
                throws IOException {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = dir.resolve("." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                    + Long.toHexString(System.nanoTime()));
            boolean done = false;
            try {
                TableHeader h;
                try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    h = writeBody(ch, enc, param, table, codeOf, dontCares);
                    ch.force(true);
                }
                move(tmp, file);
                done = true;
                syncDirectory(dir);
                return new WriteResult(file, positions, h.fileLength(), enc, param, h.dontCare() ? dontCares : 0,
                        table.length);
            } finally {
                if (!done) {
                    Files.deleteIfExists(tmp);
                }
            }
        }

        /** Writes model, blocks, index and header; returns the header. */
        private TableHeader writeBody(FileChannel ch, Encoding enc, int param, byte[] table, byte[] codeOf,
                                      long dontCares) throws IOException {
            long[] offset = new long[blocks];
            int[] stored = new int[blocks];
            int[] encoded = new int[blocks];
            int[] crc = new int[blocks];
            CRC32C body = new CRC32C();
            long at = TableFormat.HEADER_LENGTH;
            ch.position(at);
            byte[] modelBytes = enc == Encoding.RANS ? model.toBytes() : new byte[0];
            CRC32C mc = new CRC32C();
            mc.update(modelBytes, 0, modelBytes.length);
            body.update(modelBytes, 0, modelBytes.length);
            writeFully(ch, modelBytes);
            at += modelBytes.length;
            ThreadLocal<BlockEncoder> encoders = ThreadLocal.withInitial(() -> encoder(exits != null));
            ArrayDeque<Future<BlockEncoder.Encoded>> window = new ArrayDeque<>();
            int next = 0;
            for (int b = 0; b < blocks; b++) {
                while (next < blocks && window.size() < 4 * o.threads()) {
                    final int nb = next++;
                    window.add(pool.submit(() -> encoders.get().encode((long) nb * o.blockSize(), size(nb), enc, param,
                            o.compression(), codeOf)));
                }
                BlockEncoder.Encoded x = get(window.removeFirst());
                offset[b] = at;
                stored[b] = x.data().length;
                encoded[b] = x.encodedLength();
                crc[b] = x.crc();
                body.update(x.data(), 0, x.data().length);
                writeFully(ch, x.data());
                at += x.data().length;
            }
            byte[] index = TableLayout.indexBytes(offset, stored, encoded, crc);
            CRC32C ic = new CRC32C();
            ic.update(index, 0, index.length);
            body.update(index, 0, index.length);
            writeFully(ch, index);
            long length = at + index.length;
            TableHeader h = new TableHeader(TableFormat.VERSION, kind, variant.id(), seeds, positions, enc, param,
                    o.compression(), o.blockSize(), blocks, exits != null && dontCares > 0 && o.fill() != Fill.NONE,
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
