package org.krou.cluster;

import java.nio.file.Path;
import org.krou.index.PositionIndex;
import org.krou.probe.DontCareResolver;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;
import org.krou.generator.Parallel;

/**
 * A worker's slice of a layer finished before it joined the job (a rerun, or other workers):
 * its own rank blocks decoded from the layer's table in the worker's data directory (a copy of
 * the coordinator's, {@link TableFetch}), and, when the table stores don't-care entries, each
 * resolved by the probing library's {@link DontCareResolver} with the captured children read
 * through {@link Lookups}.
 *
 * <p>The resolver reads a child only while playing the captures of the position, never as a
 * result of a value it read (the children's values are true ones: nothing is resolved further),
 * so each chunk is resolved twice: once recording the children it reads, which are then fetched
 * together, and once replaying their values in the same order.
 *
 * <pre>{@code
 * ByteBigArray slice = SliceLoader.load(dataDir, Variant.ABAPA, 14, slices, lookups, 2);
 * slices.add(14, slice);
 * }</pre>
 */
final class SliceLoader {
    /** Positions resolved together. */
    private static final int CHUNK = 4096;
    /** Owned blocks decoded by a thread between two checks that the layer is still wanted. */
    private static final int DECODED = 16;

    private SliceLoader() {
    }

    /**
     * The slice of layer {@code seeds}, whose table is in {@code dataDir}; {@code slices} holds
     * layers {@code 0..seeds-1} (only {@code 0..seeds-2} are read).
     *
     * @throws org.krou.table.TableException if the table is missing, foreign or damaged
     * @throws InterruptedException          if the layer is abandoned meanwhile
     */
    static ByteBigArray load(Path dataDir, Variant variant, int seeds, Slices slices, Lookups lookups, int threads)
            throws InterruptedException {
        Blocks blocks = slices.blocks(seeds);
        ByteBigArray v = new ByteBigArray(blocks.localSize());
        Path file = TablePaths.valuesPath(dataDir, variant, seeds);
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, seeds, true, new BlockCache(2))) {
            decode(t, blocks, v, lookups, threads);
            if (!t.dontCare()) {
                return v;
            }
        } catch (PartExits.Abandoned e) {
            throw new InterruptedException(e.getMessage());
        }
        Replay[] replays = new Replay[Math.max(1, threads)];
        for (int w = 0; w < replays.length; w++) {
            replays[w] = new Replay(variant, lookups);
        }
        try {
            Parallel.forChunks(threads, blocks.localSize(), CHUNK,
                    (w, from, to) -> replays[w].resolve(blocks, seeds, v, from, to));
        } catch (PartExits.Abandoned e) {
            throw new InterruptedException(e.getMessage());
        }
        return v;
    }

    /** Decodes the owned blocks of table {@code t} into the slice {@code v}, on {@code threads} threads. */
    private static void decode(TableFile t, Blocks blocks, ByteBigArray v, Lookups lookups, int threads) {
        int tableBlock = t.header().blockSize();
        Parallel.forChunks(threads, blocks.ownedBlocks(), DECODED, (w, from, to) -> {
            try {
                lookups.checkOpen(); // a layer dropped meanwhile stops decoding
            } catch (InterruptedException e) {
                throw new PartExits.Abandoned(e);
            }
            byte[] buf = new byte[tableBlock];
            for (long i = from; i < to; i++) {
                long first = blocks.blockStart(i);
                long end = first + blocks.blockLength(i);
                for (long r = first; r < end; ) {
                    int b = (int) (r / tableBlock);
                    t.decodeBlock(b, buf);
                    int off = (int) (r - (long) b * tableBlock);
                    int n = (int) Math.min(t.header().blockPositions(b) - off, end - r);
                    v.copyFrom(buf, off, i * blocks.blockSize + (r - first), n);
                    r += n;
                }
            }
        });
    }

    /** One thread's resolver, whose look-ups are recorded, then replayed. */
    private static final class Replay implements DontCareResolver.Layers {
        private final DontCareResolver resolver;
        private final Lookups.Batch batch;
        private final int[] values = new int[CHUNK * 6];
        private final int[] board = new int[12];
        private boolean recording;
        private int cursor;

        Replay(Variant variant, Lookups lookups) {
            this.resolver = new DontCareResolver(variant, this);
            this.batch = lookups.batch(CHUNK * 6);
        }

        /** Resolves local positions {@code [from, to)} of the slice {@code v} in place. */
        void resolve(Blocks blocks, int seeds, ByteBigArray v, long from, long to) {
            recording = true;
            pass(blocks, seeds, v, from, to);
            try {
                batch.fetch(values);
            } catch (InterruptedException e) {
                throw new PartExits.Abandoned(e);
            }
            recording = false;
            cursor = 0;
            pass(blocks, seeds, v, from, to);
        }

        private void pass(Blocks blocks, int seeds, ByteBigArray v, long from, long to) {
            long prev = -2;
            for (long l = from; l < to; l++) {
                prev = blocks.board(l, prev, board);
                int value = resolver.resolve(board, seeds, v.get(l));
                if (!recording) {
                    v.set(l, (byte) value);
                }
            }
        }

        @Override
        public int stored(int[] b, int seeds) {
            if (recording) {
                batch.add(seeds, PositionIndex.rank(b));
                return 0;
            }
            return values[cursor++];
        }

        @Override
        public boolean dontCare(int seeds) {
            return false; // the children's values are true ones
        }
    }
}
