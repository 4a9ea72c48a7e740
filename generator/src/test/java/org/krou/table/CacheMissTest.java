package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.generator.table.SyntheticLayers;
import org.krou.generator.table.WriterOptions;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.testing.Allocations;
import org.krou.util.ByteBigArray;

/** Misses of the block cache: no allocation once warm, and one decode when threads miss together. */
class CacheMissTest {
    private static final int SEEDS = 8;
    private static final int BLOCK = 2000;

    @TempDir
    Path tmp;

    private byte[] table(String codec) throws IOException {
        return table(codec, SEEDS, BLOCK);
    }

    private byte[] table(String codec, int seeds, int block) throws IOException {
        WriterOptions o = (codec.equals("raw") ? WriterOptions.RAW : WriterOptions.DEFAULT).withBlockSize(block);
        ByteBigArray values = SyntheticLayers.skewed(seeds, 5);
        SyntheticLayers.write(tmp, Variant.ABAPA, seeds, values, null, o);
        return Files.readAllBytes(TablePaths.valuesPath(tmp, Variant.ABAPA, seeds));
    }

    /**
     * Blocks of many sizes (two tables of different block sizes sharing the cache, and the
     * shorter last block of each): once warm, every miss still finds an evicted array to reuse,
     * since a shorter block may sit in a longer array.
     */
    @ParameterizedTest
    @ValueSource(strings = {"raw", "context"})
    void missesOfBlocksOfManySizesAllocateNothingOnceWarm(String codec) throws IOException {
        byte[] eight = table(codec, SEEDS, BLOCK);
        byte[] seven = table(codec, SEEDS - 1, 1500);
        BlockCache cache = new BlockCache(64, 3L * BLOCK);
        try (TableFile a = TableFile.open(new HeapByteSource(eight, Path.of("8.krou")), TableKind.VALUES,
                Variant.ABAPA, SEEDS, cache);
             TableFile b = TableFile.open(new HeapByteSource(seven, Path.of("7.krou")), TableKind.VALUES,
                     Variant.ABAPA, SEEDS - 1, cache)) {
            long[] sink = new long[1];
            Runnable work = () -> {
                for (int k = 0; k < 500; k++) { // every block of both tables, the last ones included
                    TableFile t = k % 2 == 0 ? a : b;
                    long blocks = (t.positions() + t.header().blockSize() - 1) / t.header().blockSize();
                    long rank = Math.min(t.positions() - 1, (k / 2 % blocks) * t.header().blockSize() + k % 97);
                    sink[0] += t.symbolAt(rank);
                }
            };
            long decodes = cache.decodes();
            long bytes = Allocations.leastBytes(40, work);
            long runs = 40 + 1; // the warm-up and at least one measured run
            assertTrue(cache.decodes() - decodes > 400 * runs, (cache.decodes() - decodes) + " misses in " + runs
                    + " or more runs of 500 look-ups");
            assertEquals(0, bytes, "bytes allocated by a run of 500 look-ups, 400 or more of them misses");
        }
    }

    /**
     * With a cache of three blocks and look-ups cycling over many blocks, every look-up misses:
     * after a warm-up (JIT compilation, the per-thread buffers, the cache's arrays), a thousand
     * misses allocate nothing; the decoded block goes into the array of the block it evicts.
     */
    @ParameterizedTest
    @ValueSource(strings = {"raw", "context"})
    void missesAllocateNothingOnceWarm(String codec) throws IOException {
        byte[] file = table(codec);
        ByteBigArray expected = TableTestSupport.readAll(file, Variant.ABAPA, SEEDS);
        BlockCache cache = new BlockCache(64, 3L * BLOCK);
        try (TableFile t = TableFile.open(new HeapByteSource(file, Path.of("mem.krou")), TableKind.VALUES,
                Variant.ABAPA, SEEDS, cache)) {
            int full = (int) (PositionIndex.size(SEEDS) / BLOCK); // the whole blocks: all of one size
            assertTrue(full >= 20, full + " blocks");
            long[] sum = new long[1];
            for (int k = 0; k < 20_000; k++) {
                sum[0] += look(t, k, full);
            }
            long decodes = cache.decodes();
            long bytes = Allocations.leastBytes(0, () -> {
                sum[0] = 0;
                for (int k = 0; k < 1000; k++) {
                    sum[0] += look(t, k, full);
                }
            });
            assertEquals(0, bytes, "bytes allocated by 1000 misses");
            long misses = cache.decodes() - decodes;
            assertTrue(misses > 0 && misses % 1000 == 0, misses + " misses: expected every look-up of every run to miss");
            long check = 0;
            for (int k = 0; k < 1000; k++) {
                check += expected.get(rank(k, full));
            }
            assertEquals(check, sum[0]);
        }
    }

    private static long rank(int k, int full) {
        return (long) (k % full) * BLOCK + (k * 37L) % BLOCK;
    }

    private static int look(TableFile t, int k, int full) {
        return t.symbolAt(rank(k, full));
    }

    /**
     * Two threads miss the same block at once: the first one's read of the block is held until
     * the second is waiting for it, so without the single flight both would read and decode it.
     * In the context-coded table the two positions are in different parts of the block (streams
     * 0 and 2): the waiting thread's position is decoded by the first thread too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"raw", "context"})
    void twoThreadsMissingTheSameBlockDecodeItOnce(String codec) throws Exception {
        byte[] file = table(codec);
        ByteBigArray expected = TableTestSupport.readAll(file, Variant.ABAPA, SEEDS);
        BlockCache cache = BlockCache.ofBytes(1 << 20);
        AtomicInteger blockReads = new AtomicInteger();
        CountDownLatch first = new CountDownLatch(1);
        long blocksFrom = TableFormat.HEADER_LENGTH;
        ByteSource slow = new ByteSource() {
            final HeapByteSource in = new HeapByteSource(file, Path.of("slow.krou"));

            @Override
            public long length() {
                return in.length();
            }

            @Override
            public void read(long offset, byte[] dst, int off, int len) {
                if (offset >= blocksFrom && len < file.length / 4 && first.getCount() == 0) {
                    // a block read: hold the first until another thread waits or also reads
                    if (blockReads.incrementAndGet() == 1) {
                        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                        while (cache.waits() == 0 && blockReads.get() == 1 && System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                    }
                }
                in.read(offset, dst, off, len);
            }

            @Override
            public Path path() {
                return in.path();
            }

            @Override
            public void close() {
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (TableFile t = TableFile.open(slow, TableKind.VALUES, Variant.ABAPA, SEEDS, cache)) {
            first.countDown(); // the header, model and index are read: count block reads from now
            long r1 = 5L * BLOCK + 17;
            long r2 = 5L * BLOCK + 1234;
            Future<Integer> a = pool.submit(() -> t.symbolAt(r1));
            Future<Integer> b = pool.submit(() -> t.symbolAt(r2));
            assertEquals(expected.get(r1), a.get(30, TimeUnit.SECONDS).intValue());
            assertEquals(expected.get(r2), b.get(30, TimeUnit.SECONDS).intValue());
            assertEquals(1, blockReads.get(), "reads of the block");
            assertEquals(1, cache.decodes(), "decodes of the block");
            assertEquals(1, cache.waits(), "threads that waited for the other's decode");
        } finally {
            pool.shutdownNow();
        }
    }
}
