package org.krou.cluster;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;

/**
 * A worker's copy of the coordinator's finished tables, in its own data directory under the
 * names the generator gives them ({@code DATA/<variant>/values-NN.krou}). A table already there
 * with the coordinator's checksum and length is used as it is (a shared directory, or a copy
 * from an earlier job); any other is fetched from the coordinator in chunks of the size the
 * layer's order says, at most {@link #WINDOW} asked at a time ({@code FETCH epoch layer chunk}, answered
 * {@code TABLE_CHUNK epoch layer chunk crc bytes}; {@link TableServer}), each checked against
 * its CRC32C and written in place in a temporary file of the same directory, which replaces the
 * table once the whole file's checksum is the coordinator's. Only the layer and chunk asked
 * for are accepted; the rest of what arrives is dropped.
 *
 * <pre>{@code
 * TableFetch f = new TableFetch(transport, coordinator, epoch, dataDir, 1 << 20);
 * f.ensure(Variant.ABAPA, 11, crc, length);    // on the layer's thread
 * f.received(in);                              // on the loop thread, for each TABLE_CHUNK
 * }</pre>
 */
final class TableFetch {
    /** Chunks asked and not yet received, at most. */
    static final int WINDOW = 8;
    /** Seconds without a chunk after which the chunks still missing are asked again. */
    private static final int PATIENCE = 30;
    private final Transport transport;
    private final String coordinator;
    private final long epoch;
    private final Path data;
    /** Bytes of a chunk (the last of a file may be shorter). */
    private final int chunk;
    /** The chunks asked and not yet received, as {@code layer << 32 | chunk}. */
    private final ConcurrentHashMap<Long, Boolean> asked = new ConcurrentHashMap<>();
    private final LinkedBlockingQueue<Chunk> arrived = new LinkedBlockingQueue<>();
    private volatile boolean closed;

    private record Chunk(int layer, long index, int crc, byte[] bytes) {
    }

    TableFetch(Transport transport, String coordinator, long epoch, Path data, int chunk) {
        this.transport = transport;
        this.chunk = chunk;
        this.coordinator = coordinator;
        this.epoch = epoch;
        this.data = data;
    }

    /**
     * Makes sure the data directory holds the coordinator's table of layer {@code k} (body
     * checksum {@code crc}, {@code length} bytes), fetching it if not.
     *
     * @throws IOException          if it cannot be written, or what arrived is not that table
     * @throws InterruptedException if the layer is abandoned meanwhile
     */
    void ensure(Variant variant, int k, long crc, long length) throws IOException, InterruptedException {
        Path file = TablePaths.valuesPath(data, variant, k);
        if (matches(file, variant, k, crc, length, false)) {
            return;
        }
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling("." + file.getFileName() + ".fetch-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime()));
        boolean done = false;
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                receive(ch, k, length);
                ch.force(true);
            }
            if (!matches(tmp, variant, k, crc, length, true)) {
                throw new IOException("the table of layer " + k + " received is not the coordinator's (checksum "
                        + Long.toHexString(crc) + ", " + length + " bytes)");
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** True if {@code file} is a table of layer {@code k} with that checksum and length (its body checked if {@code verify}). */
    private static boolean matches(Path file, Variant variant, int k, long crc, long length, boolean verify)
            throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) != length) {
            return false;
        }
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, k, true, new BlockCache(1))) {
            if ((t.header().bodyCrc() & 0xFFFFFFFFL) != crc) {
                return false;
            }
            if (verify) {
                t.verifyFileChecksum();
            }
            return true;
        } catch (TableException e) {
            return false;
        }
    }

    /** Asks for the chunks of layer {@code k}'s table, a window at a time, and writes each in place. */
    private void receive(FileChannel ch, int k, long length) throws IOException, InterruptedException {
        long chunks = (length + chunk - 1) / chunk;
        BitSet got = new BitSet();
        long next = 0;
        long received = 0;
        int waited = 0;
        CRC32C crc = new CRC32C();
        while (received < chunks) {
            while (next < chunks && next - received < WINDOW) {
                ask(k, next++);
            }
            Chunk c = arrived.poll(1, TimeUnit.SECONDS);
            if (closed) {
                throw new InterruptedException("the layer was abandoned");
            }
            if (c == null) {
                if (++waited % PATIENCE == 0) { // a request or an answer may be lost: asking again is harmless
                    for (long i = got.nextClearBit(0); i < next; i = got.nextClearBit((int) i + 1)) {
                        ask(k, i);
                    }
                }
                continue;
            }
            waited = 0;
            long at = c.index * chunk;
            int expected = (int) Math.min(chunk, length - at);
            if (c.layer != k || c.index >= chunks || got.get((int) c.index)) {
                continue; // not asked: received() lets only asked chunks through, once each
            }
            crc.reset();
            crc.update(c.bytes, 0, c.bytes.length);
            if (c.bytes.length != expected || (int) crc.getValue() != c.crc) {
                throw new IOException("chunk " + c.index + " of the table of layer " + k + " arrived damaged ("
                        + c.bytes.length + " bytes, " + expected + " expected, or its checksum differs)");
            }
            ByteBuffer b = ByteBuffer.wrap(c.bytes);
            while (b.hasRemaining()) {
                ch.write(b, at + b.position());
            }
            got.set((int) c.index);
            received++;
        }
    }

    private void ask(int k, long index) {
        asked.put((long) k << 32 | index, Boolean.TRUE);
        transport.send(coordinator, new Wire.Out(24).type(Wire.FETCH).varint(epoch).varint(k).varint(index).toArray());
    }

    /**
     * {@code TABLE_CHUNK epoch layer chunk crc bytes} received (read after its type and epoch),
     * on the loop thread: passed to the fetching thread if it was asked for and not received yet.
     */
    void received(Wire.In in) {
        int layer = (int) in.varint("layer", 0, org.krou.index.PositionIndex.MAX_SEEDS);
        long index = in.varint("chunk", 0, Integer.MAX_VALUE);
        int crc = (int) in.varint("checksum", 0, 0xFFFFFFFFL);
        byte[] bytes = in.array();
        in.end();
        if (asked.remove((long) layer << 32 | index) != null) {
            arrived.add(new Chunk(layer, index, crc, bytes == null ? new byte[0] : bytes));
        }
    }

    /** Stops a fetch under way: the layer is abandoned. */
    void close() {
        closed = true;
        asked.clear();
    }
}
