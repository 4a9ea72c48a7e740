package org.krou.generator.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;

/**
 * The block cache holding the parts of format-5 blocks (their four streams) as far as probes
 * decoded them: every position reads back as a whole decode gives it, whatever the cache's size
 * and the order of the look-ups, and a miss decodes only what the position needs. The parts are
 * those docs/FORMAT.md gives ("Streams"), so that a cache's size in parts is known here.
 */
class PartCacheTest {
    private static final int SEEDS = 8;

    @TempDir
    Path tmp;

    /** A table of blocks of {@code block} positions, written to a file. */
    private Path table(int block) throws IOException {
        ByteBigArray values = SyntheticLayers.skewed(SEEDS, 11);
        Path dir = tmp.resolve("b" + block);
        SyntheticLayers.write(dir, Variant.ABAPA, SEEDS, values, null, WriterOptions.DEFAULT.withBlockSize(block));
        return TablePaths.valuesPath(dir, Variant.ABAPA, SEEDS);
    }

    /** The table's stored symbols, every block decoded whole. */
    private static ByteBigArray whole(Path file) {
        try (TableFile t = open(file, new BlockCache(8))) {
            return WholeTable.read(t, 1);
        }
    }

    private static TableFile open(Path file, BlockCache cache) {
        return TableFile.open(file, TableKind.VALUES, Variant.ABAPA, SEEDS, false, cache);
    }

    /**
     * The length of the first (and longest) stream of a block of {@code m} positions, as
     * docs/FORMAT.md gives it: the block's halves are {@code [0, H)} and {@code [H, m)},
     * {@code H = ceil(m/2)}, and the first half's first stream is {@code [0, ceil(H/2))}.
     */
    private static int firstStream(int m) {
        return ((m + 1) / 2 + 1) / 2;
    }

    /**
     * Every position of the table, in a random order, with no cache, a cache of three parts
     * (almost every look-up misses, and prefixes are evicted and decoded again) and a cache of
     * everything (prefixes grow), against the whole blocks decoded: blocks of odd and even
     * sizes, a short last block, and blocks so small that some parts are empty.
     */
    @ParameterizedTest
    @ValueSource(ints = {7, 1000, 1536, 2001})
    void everyPositionReadsAsTheWholeBlockGivesIt(int block) throws IOException {
        Path file = table(block);
        ByteBigArray expected = whole(file);
        int part = firstStream(block);
        for (BlockCache cache : new BlockCache[] {BlockCache.ofBytes(0), new BlockCache(64, 3L * part),
                BlockCache.ofBytes(64L << 20)}) {
            try (TableFile t = open(file, cache)) {
                long n = t.positions();
                long[] order = new long[(int) n];
                for (int i = 0; i < n; i++) {
                    order[i] = i;
                }
                SplittableRandom r = new SplittableRandom(block);
                for (int i = order.length - 1; i > 0; i--) {
                    int j = r.nextInt(i + 1);
                    long x = order[i];
                    order[i] = order[j];
                    order[j] = x;
                }
                for (long rank : order) {
                    assertEquals(expected.get(rank), t.symbolAt(rank), "rank " + rank + ", blocks of " + block
                            + ", cache of " + cache.maxBytes() + " bytes");
                }
            }
        }
    }

    /**
     * Four threads probing at random in the same eight blocks through a cache of six parts: they
     * wait for each other's decodes, extend each other's prefixes and evict each other's parts,
     * and every answer is still the whole decode's.
     */
    @Test
    void threadsProbingTheSameBlocksAgree() throws Exception {
        Path file = table(1536);
        ByteBigArray expected = whole(file);
        BlockCache cache = new BlockCache(16, 6L * 384); // six parts of 384 positions
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try (TableFile t = open(file, cache)) {
            java.util.List<java.util.concurrent.Future<Integer>> wrong = new java.util.ArrayList<>();
            for (int k = 0; k < 4; k++) {
                final int seed = k;
                wrong.add(pool.submit(() -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    int bad = 0;
                    for (int i = 0; i < 40_000; i++) {
                        long rank = r.nextLong(8L * 1536);
                        if (t.symbolAt(rank) != expected.get(rank)) {
                            bad++;
                        }
                    }
                    return bad;
                }));
            }
            for (java.util.concurrent.Future<Integer> f : wrong) {
                assertEquals(0, f.get(60, java.util.concurrent.TimeUnit.SECONDS).intValue(), "wrong answers");
            }
            assertEquals(true, cache.decodes() > 1000, cache.decodes() + " decodes: the cache should keep missing");
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A miss decodes the position's part as far as the position and caches that prefix: the
     * positions before it then hit, one after it misses once and then hits (the longer prefix
     * replaced the shorter), and another part of the block is another miss; a batch read decodes
     * the rest of the block once.
     */
    @Test
    void aMissCachesItsPartAsFarAsThePosition() throws IOException {
        Path file = table(1536);
        ByteBigArray expected = whole(file);
        BlockCache cache = BlockCache.ofBytes(64L << 20);
        try (TableFile t = open(file, cache)) {
            long start = 3L * 1536;
            int first = 768; // the first position of the third stream (part 2): 384 positions each
            int[] misses = {100, 50, 0, 101, 101, 100, 383, 300, 383};
            long[] decodes = {1, 1, 1, 2, 2, 2, 3, 3, 3};
            for (int k = 0; k < misses.length; k++) {
                long rank = start + first + misses[k];
                assertEquals(expected.get(rank), t.symbolAt(rank));
                assertEquals(decodes[k], cache.decodes(), "decodes after position " + misses[k] + " of part 2");
            }
            assertEquals(expected.get(start + 7), t.symbolAt(start + 7));
            assertEquals(4, cache.decodes(), "decodes after a position of part 0");
            long[] ranks = new long[1536];
            int[] out = new int[1536];
            for (int i = 0; i < ranks.length; i++) {
                ranks[i] = start + i;
            }
            t.symbolsAt(ranks, 0, ranks.length, out);
            assertEquals(5, cache.decodes(), "decodes after reading the whole block");
            for (int i = 0; i < ranks.length; i++) {
                assertEquals(expected.get(ranks[i]), out[i]);
                assertEquals(expected.get(ranks[i]), t.symbolAt(ranks[i]));
            }
            assertEquals(5, cache.decodes(), "decodes after reading every position again");
        }
    }
}
