package org.krou.cluster;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.zip.CRC32C;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;

/**
 * The coordinator's finished tables of the layers below the one under way, as the workers see
 * them: the body checksum and length of each (carried by {@code LAYER}), and its chunks for a
 * worker that lacks it ({@code FETCH epoch layer chunk}, answered {@code TABLE_CHUNK epoch
 * layer chunk crc bytes}; {@link TableFetch}). Only the workers of the layer are answered, only
 * about layers below it, and only about chunks inside the file; anything else is ignored. A
 * chunk is read when asked, so that memory stays one chunk per request in flight.
 *
 * <pre>{@code
 * TableServer s = new TableServer(dataDir, Variant.ABAPA, 12, 1 << 20);
 * s.crc(3); s.length(3);
 * s.serve(transport, from, message, epoch, workers);   // for each FETCH
 * }</pre>
 */
final class TableServer {
    private final Path[] files;
    private final long[] crc;
    private final long[] length;
    /** Bytes of a chunk. */
    private final int chunk;

    /**
     * The tables of layers {@code 0..seeds-1} under {@code dataDir}, sent in chunks of
     * {@code chunk} bytes.
     *
     * @throws org.krou.table.TableException if one is missing or damaged
     */
    TableServer(Path dataDir, Variant variant, int seeds, int chunk) {
        this.chunk = chunk;
        files = new Path[seeds];
        crc = new long[seeds];
        length = new long[seeds];
        for (int k = 0; k < seeds; k++) {
            files[k] = TablePaths.valuesPath(dataDir, variant, k);
            try (TableFile t = TableFile.open(files[k], TableKind.VALUES, variant, k, true, new BlockCache(1))) {
                crc[k] = t.header().bodyCrc() & 0xFFFFFFFFL;
                length[k] = t.header().fileLength();
            }
        }
    }

    /** The body checksums of the tables, layer by layer. */
    long[] crcs() {
        return crc.clone();
    }

    /** The lengths of the tables, layer by layer. */
    long[] lengths() {
        return length.clone();
    }

    /**
     * Answers {@code FETCH epoch layer chunk} from {@code from} if it is of layer {@code epoch},
     * from a worker of the layer, and the chunk is inside a table below it; else ignores it.
     *
     * @throws IOException if the table cannot be read
     */
    void serve(Transport transport, String from, byte[] fetch, long epoch, List<String> workers) throws IOException {
        long k;
        long index;
        Wire.In in = new Wire.In(fetch);
        try {
            in.type();
            if (in.varint() != epoch) {
                return;
            }
            k = in.varint();
            index = in.varint();
        } catch (Wire.Malformed m) {
            return;
        }
        if (!workers.contains(from) || k < 0 || k >= files.length || index < 0 || in.more()
                || index >= (length[(int) k] + chunk - 1) / chunk) {
            return;
        }
        long at = index * chunk;
        byte[] b = new byte[(int) Math.min(chunk, length[(int) k] - at)];
        try (FileChannel ch = FileChannel.open(files[(int) k], StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.wrap(b);
            while (buf.hasRemaining()) {
                if (ch.read(buf, at + buf.position()) < 0) {
                    throw new IOException("the table of layer " + k + " is shorter than " + length[(int) k] + " bytes");
                }
            }
        }
        CRC32C c = new CRC32C();
        c.update(b, 0, b.length);
        transport.send(from, new Wire.Out(b.length + 32).type(Wire.TABLE_CHUNK).varint(epoch).varint(k).varint(index)
                .varint(c.getValue()).array(b).toArray());
    }
}
