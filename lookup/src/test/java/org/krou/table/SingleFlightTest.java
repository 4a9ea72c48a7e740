package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.rules.Variant;

/**
 * Two threads missing the same block of the cache decode it once. The tables are recorded files
 * (test resources {@code raw-values-05.krou} and {@code context-values-05.krou}: abapa, 5 seeds,
 * blocks of 200 positions, written by the generator's {@code TableWriter}), read through a byte
 * source that can hold a read.
 */
class SingleFlightTest {
    private static final int SEEDS = 5;
    private static final int BLOCK = 200;

    private static byte[] table(String codec) throws IOException {
        try (InputStream in = SingleFlightTest.class.getResourceAsStream(codec + "-values-05.krou")) {
            return in.readAllBytes();
        }
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
        long r1 = 5L * BLOCK + 17;
        long r2 = 5L * BLOCK + 134;
        int[] expected = new int[2];
        try (TableFile t = TableFile.open(new HeapByteSource(file, Path.of("mem.krou")), TableKind.VALUES,
                Variant.ABAPA, SEEDS, new BlockCache(8))) {
            assertEquals(BLOCK, t.header().blockSize());
            assertEquals(codec.equals("raw") ? Encoding.RAW : Encoding.CONTEXT, t.header().encoding());
            expected[0] = t.symbolAt(r1);
            expected[1] = t.symbolAt(r2);
        }
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
            Future<Integer> a = pool.submit(() -> t.symbolAt(r1));
            Future<Integer> b = pool.submit(() -> t.symbolAt(r2));
            assertEquals(expected[0], a.get(30, TimeUnit.SECONDS).intValue());
            assertEquals(expected[1], b.get(30, TimeUnit.SECONDS).intValue());
            assertEquals(1, blockReads.get(), "reads of the block");
            assertEquals(1, cache.decodes(), "decodes of the block");
            assertEquals(1, cache.waits(), "threads that waited for the other's decode");
        } finally {
            pool.shutdownNow();
        }
    }
}
