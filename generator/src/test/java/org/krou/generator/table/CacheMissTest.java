package org.krou.generator.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.testing.Allocations;
import org.krou.util.ByteBigArray;

/**
 * Misses of the block cache allocate nothing once warm: tables written by the writer, opened
 * through {@link TableFile#open} onto the heap. (One decode when threads miss together is tested
 * in lookup's {@code SingleFlightTest}, through a byte source that can hold a read.)
 */
class CacheMissTest {
    private static final int SEEDS = 8;
    private static final int BLOCK = 2000;

    @TempDir
    Path tmp;

    /** Writes a table of {@code seeds} seeds in blocks of {@code block} positions; returns its file. */
    private Path table(String codec, int seeds, int block) throws IOException {
        WriterOptions o = (codec.equals("raw") ? WriterOptions.RAW : WriterOptions.DEFAULT).withBlockSize(block);
        ByteBigArray values = SyntheticLayers.skewed(seeds, 5);
        SyntheticLayers.write(tmp.resolve(codec), Variant.ABAPA, seeds, values, null, o);
        return TablePaths.valuesPath(tmp.resolve(codec), Variant.ABAPA, seeds);
    }

    private static TableFile open(Path file, int seeds, BlockCache cache) {
        return TableFile.open(file, TableKind.VALUES, Variant.ABAPA, seeds, false, cache);
    }

    /**
     * Blocks of many sizes (two tables of different block sizes sharing the cache, and the
     * shorter last block of each): once warm, every miss still finds an evicted array to reuse,
     * since a shorter block may sit in a longer array.
     */
    @ParameterizedTest
    @ValueSource(strings = {"raw", "context"})
    void missesOfBlocksOfManySizesAllocateNothingOnceWarm(String codec) throws IOException {
        Path eight = table(codec, SEEDS, BLOCK);
        Path seven = table(codec, SEEDS - 1, 1500);
        BlockCache cache = new BlockCache(64, 3L * BLOCK);
        try (TableFile a = open(eight, SEEDS, cache);
             TableFile b = open(seven, SEEDS - 1, cache)) {
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
        Path file = table(codec, SEEDS, BLOCK);
        ByteBigArray expected;
        try (TableFile whole = open(file, SEEDS, new BlockCache(8))) {
            expected = WholeTable.read(whole, 1);
        }
        BlockCache cache = new BlockCache(64, 3L * BLOCK);
        try (TableFile t = open(file, SEEDS, cache)) {
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
}
