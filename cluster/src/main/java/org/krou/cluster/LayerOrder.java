package org.krou.cluster;

import java.util.HashSet;
import java.util.Set;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * The order to solve a layer, as {@code LAYER} carries it: {@code LAYER epoch variant seeds
 * blockSize batch window chunk W ids... (crc length) * seeds}, {@code chunk} being the bytes of
 * a chunk of a file sent between this worker and the coordinator (a finished table, coded
 * blocks). The variant travels as its rule options
 * (parsed by {@link Variant#parse}); each finished layer {@code 0..seeds-1} as the body checksum
 * and length of the coordinator's table, so that a worker can tell whether the table in its own
 * data directory is that one, or fetch it ({@link TableFetch}). No path travels: a worker names
 * its files itself, under the directories it was given at start.
 *
 * <p>{@link #read} checks every field against the bounds of the protocol before anything is
 * allocated or opened for it, so that a crafted order fails the layer with a message.
 *
 * <pre>{@code
 * byte[] m = LayerOrder.write(new Wire.Out(256), e, Variant.ABAPA, 12, 1536, 64, 4, 1 << 20, ids, crcs, lengths);
 * Wire.In in = new Wire.In(m); in.type();
 * LayerOrder o = LayerOrder.read(in.varint(), in, "m1");
 * }</pre>
 *
 * @param tableCrc    body checksum (CRC32C, unsigned) of the coordinator's table of each layer below
 * @param tableLength length in bytes of that table
 */
record LayerOrder(long epoch, Variant variant, int seeds, int blockSize, int batch, int window, int chunk,
                  String[] workers, long[] tableCrc, long[] tableLength) {
    /** The longest variant text and member id accepted. */
    static final int MAX_TEXT = 256;
    /** The most workers in a layer. */
    static final int MAX_WORKERS = 1 << 12;
    /** The largest rank block. */
    static final int MAX_BLOCK = 1 << 30;
    /** The largest update batch (a batch of look-ups holds at most {@code 2^17} positions). */
    static final int MAX_BATCH = 1 << 17;
    /** The most batches in flight between two workers. */
    static final int MAX_WINDOW = 1 << 16;
    /** The smallest and the largest chunk of a file sent. */
    static final int MIN_CHUNK = 256;
    static final int MAX_CHUNK = 4 << 20;

    /** Appends the order to {@code out} (after nothing: the type is written here); returns the message. */
    static byte[] write(Wire.Out out, long epoch, Variant variant, int seeds, int blockSize, int batch, int window,
                        int chunk, java.util.List<String> workers, long[] tableCrc, long[] tableLength) {
        out.type(Wire.LAYER).varint(epoch).string(variant.id()).varint(seeds).varint(blockSize).varint(batch)
                .varint(window).varint(chunk).varint(workers.size());
        for (String id : workers) {
            out.string(id);
        }
        for (int k = 0; k < seeds; k++) {
            out.varint(tableCrc[k]).varint(tableLength[k]);
        }
        return out.toArray();
    }

    /**
     * Reads an order of layer epoch {@code epoch} (after its type byte and epoch) received by
     * worker {@code self}.
     *
     * @throws IllegalArgumentException naming the field if one is out of range, the variant
     *                                  unknown, {@code self} not among the workers, or a worker
     *                                  named twice
     */
    static LayerOrder read(long epoch, Wire.In in, String self) {
        String text = in.string();
        if (text.length() > MAX_TEXT) {
            throw new Wire.Malformed("a variant of " + text.length() + " characters");
        }
        Variant variant = Variant.parse(text);
        int seeds = (int) in.varint("layer", 0, PositionIndex.MAX_SEEDS);
        int blockSize = (int) in.varint("rank block size", 8, MAX_BLOCK);
        if (blockSize % 8 != 0) {
            throw new Wire.Malformed("rank block size " + blockSize + " is not a multiple of 8");
        }
        int batch = (int) in.varint("batch", 1, MAX_BATCH);
        int window = (int) in.varint("window", 1, MAX_WINDOW);
        int chunk = (int) in.varint("chunk", MIN_CHUNK, MAX_CHUNK);
        String[] workers = new String[(int) in.varint("workers", 1, Math.min(MAX_WORKERS, in.remaining()))];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < workers.length; i++) {
            workers[i] = in.string();
            if (workers[i].length() > MAX_TEXT || !seen.add(workers[i])) {
                throw new Wire.Malformed("worker " + i + " named twice or at length " + workers[i].length());
            }
        }
        if (!seen.contains(self)) {
            throw new Wire.Malformed("this worker (" + self + ") is not among the " + workers.length + " of the layer");
        }
        long[] crc = new long[seeds];
        long[] length = new long[seeds];
        for (int k = 0; k < seeds; k++) {
            crc[k] = in.varint("checksum of table " + k, 0, 0xFFFFFFFFL);
            length[k] = in.varint("length of table " + k, 1, maxTableBytes(k));
        }
        in.end();
        return new LayerOrder(epoch, variant, seeds, blockSize, batch, window, chunk, workers, crc, length);
    }

    /**
     * A bound on the length of a table of layer {@code k}, far above any real one (16 bytes a
     * position, plus 64 MiB for header, model and index), so that a crafted length cannot make
     * a worker fetch without end.
     */
    static long maxTableBytes(int k) {
        return 16 * PositionIndex.size(k) + (64L << 20);
    }

    /** The index of worker {@code id} in this layer. */
    int indexOf(String id) {
        for (int i = 0; i < workers.length; i++) {
            if (workers[i].equals(id)) {
                return i;
            }
        }
        return -1;
    }
}
