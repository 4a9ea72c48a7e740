package org.krou.generator.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.Encoding;
import org.krou.table.TableFile;
import org.krou.table.TableFormat;
import org.krou.table.TableFormatException;
import org.krou.table.TableInfo;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;

/**
 * Tables written by {@link TableWriter} read back through {@link TableFile} as the values (or
 * don't-care entries at most their exits) written, in every encoding, block size and fill; the
 * writer refuses bad input and replaces a file atomically.
 */
class WrittenTableTest {
    @TempDir
    Path dir;

    static List<WriterOptions> options() {
        WriterOptions d = WriterOptions.DEFAULT.withFill(Fill.NONE);
        List<WriterOptions> o = new ArrayList<>();
        o.add(d);
        o.add(WriterOptions.RAW);
        o.add(d.withEncoding(Encoding.CONTEXT, 10));
        o.add(d.withEncoding(Encoding.CONTEXT, 11).withMaxContexts(1));
        o.add(d.withMaxContexts(TableFormat.MAX_CONTEXTS));
        o.add(d.withBlockSize(1));
        o.add(d.withBlockSize(7));
        o.add(d.withBlockSize(9));
        o.add(WriterOptions.RAW.withBlockSize(7));
        o.add(d.withBlockSize(1000).withThreads(1));
        o.add(d.withBlockSize(TableFormat.MAX_BLOCK_SIZE).withThreads(3));
        return o;
    }

    static Stream<Arguments> cases() {
        List<Arguments> a = new ArrayList<>();
        for (WriterOptions o : options()) {
            a.add(Arguments.of("skewed", 6, o));
            if (o.blockSize() >= 100) {
                a.add(Arguments.of("uniform", 8, o)); // 17 symbols: escapes in every packed width
            }
            a.add(Arguments.of("constant", 4, o));
            a.add(Arguments.of("extremes", 5, o));
            a.add(Arguments.of("constant", 0, o));
            a.add(Arguments.of("skewed", 1, o));
        }
        return a.stream();
    }

    static ByteBigArray data(String kind, int seeds) {
        switch (kind) {
            case "skewed":
                return SyntheticLayers.skewed(seeds, 42 + seeds);
            case "uniform":
                return SyntheticLayers.uniform(seeds, 7);
            case "extremes":
                return SyntheticLayers.extremes(seeds, 3);
            default:
                return SyntheticLayers.constant(seeds, seeds);
        }
    }

    @ParameterizedTest(name = "{0} {1} seeds {2}")
    @MethodSource("cases")
    void readsBackWhatWasWritten(String kind, int seeds, WriterOptions o) throws IOException {
        ByteBigArray values = data(kind, seeds);
        WriteResult r = SyntheticLayers.write(dir, Variant.ABAPA, seeds, values, null, o);
        assertEquals(Files.size(r.file()), r.fileBytes());
        try (TableFile t = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, seeds, true, new BlockCache(4))) {
            assertFalse(t.dontCare());
            ByteBigArray all = WholeTable.read(t, 2);
            for (long i = 0; i < values.length(); i++) {
                assertEquals(values.get(i), all.get(i), "rank " + i);
            }
            SplittableRandom rnd = new SplittableRandom(1);
            for (int k = 0; k < 2000; k++) {
                long i = rnd.nextLong(values.length());
                assertEquals(values.get(i), t.symbolAt(i), "rank " + i);
            }
            assertEquals(values.get(values.length() - 1), t.symbolAt(values.length() - 1));
            t.verifyChecksums();
        }
    }

    @ParameterizedTest
    @MethodSource("fills")
    void dontCareEntriesGiveTheTrueValueAsMaxOfStoredAndExit(Fill fill, WriterOptions o) throws IOException {
        int seeds = 7;
        ByteBigArray values = SyntheticLayers.skewed(seeds, 5);
        ByteBigArray exits = SyntheticLayers.exits(values, seeds, 6);
        WriteResult r = SyntheticLayers.write(dir, Variant.ABAPA, seeds, values, exits, o.withFill(fill));
        try (TableFile t = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, seeds, false, new BlockCache(4))) {
            assertEquals(fill != Fill.NONE, t.dontCare());
            long free = checkStored(values, exits, WholeTable.read(t, 1), fill != Fill.NONE);
            assertEquals(free, r.dontCares());
            assertTrue(fill == Fill.NONE || free > values.length() / 4);
        }
    }

    /**
     * A layer of more than 4,096 coded blocks (8 seeds, blocks of 9 positions: 8,398): its fill
     * orders are chosen from every fourth block, its model from all of them, so every block
     * codes (a code that occurs only in blocks left out of the sample is in the model) and
     * every position reads back as the true value or a don't-care entry at most its exit.
     */
    @Test
    void aFillOrderChosenOnASampleOfTheBlocksStillCodesEveryBlock() throws IOException {
        int seeds = 8;
        ByteBigArray values = SyntheticLayers.skewed(seeds, 9);
        ByteBigArray exits = SyntheticLayers.exits(values, seeds, 10);
        WriteResult r = SyntheticLayers.write(dir, Variant.ABAPA, seeds, values, exits,
                WriterOptions.DEFAULT.withBlockSize(9));
        try (TableFile t = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, seeds, false, new BlockCache(4))) {
            assertTrue(t.header().blockCount() > 4096, t.header().blockCount() + " blocks");
            long free = checkStored(values, exits, WholeTable.read(t, 2), true);
            assertEquals(free, r.dontCares(), "the don't-care count comes from every block");
        }
    }

    /**
     * Checks each stored value against its true value and exit: with don't-care entries filled,
     * one whose value equals its exit may be stored as anything up to the exit, every other is
     * stored as it is; the greater of stored value and exit is the true value. Returns the
     * don't-care entries.
     */
    private static long checkStored(ByteBigArray values, ByteBigArray exits, ByteBigArray stored, boolean filled) {
        long free = 0;
        for (long i = 0; i < values.length(); i++) {
            int v = values.get(i);
            int e = exits.get(i);
            int s = stored.get(i);
            if (e == v && filled) {
                free++;
                assertTrue(s <= e, "rank " + i + ": stored " + s + " above exit " + e);
            } else {
                assertEquals(v, s, "rank " + i);
            }
            int resolved = e == Byte.MIN_VALUE ? s : Math.max(s, e);
            assertEquals(v, resolved, "rank " + i);
        }
        return free;
    }

    static Stream<Arguments> fills() {
        List<Arguments> a = new ArrayList<>();
        for (Fill f : Fill.values()) {
            a.add(Arguments.of(f, WriterOptions.DEFAULT.withBlockSize(999)));
            a.add(Arguments.of(f, WriterOptions.RAW.withBlockSize(4096)));
        }
        return a.stream();
    }

    @Test
    void dontCareEntriesMakeTablesSmaller() throws IOException {
        ByteBigArray values = SyntheticLayers.skewed(8, 5);
        ByteBigArray exits = SyntheticLayers.exits(values, 8, 6);
        long plain = SyntheticLayers.write(dir, Variant.ABAPA, 8, values, null, WriterOptions.DEFAULT).fileBytes();
        long dc = SyntheticLayers.write(dir, Variant.ABAPA, 8, values, exits, WriterOptions.DEFAULT).fileBytes();
        assertTrue(dc < plain, dc + " vs " + plain);
    }

    @Test
    void unsignedKindRoundTrip() throws IOException {
        int seeds = 5;
        long n = PositionIndex.size(seeds);
        ByteBigArray d = new ByteBigArray(n);
        SplittableRandom r = new SplittableRandom(2);
        for (long i = 0; i < n; i++) {
            d.set(i, (byte) (r.nextInt(4) == 0 ? 200 + r.nextInt(56) : r.nextInt(3)));
        }
        Path f = TablePaths.path(dir, Variant.ABAPA, TableKind.DTC, seeds);
        TableWriter.write(f, TableKind.DTC, Variant.ABAPA, seeds, d, null, WriterOptions.DEFAULT);
        try (TableFile t = TableFile.open(f, TableKind.DTC, Variant.ABAPA, seeds, true, new BlockCache(4))) {
            for (long i = 0; i < n; i++) {
                assertEquals(d.get(i) & 0xFF, t.symbolAt(i));
            }
        }
        assertThrows(TableFormatException.class,
                () -> TableFile.open(f, TableKind.VALUES, Variant.ABAPA, seeds, true, new BlockCache(4)));
    }

    @Test
    void writerRefusesBadInput() {
        ByteBigArray ok = SyntheticLayers.skewed(4, 1);
        Path f = TablePaths.valuesPath(dir, Variant.ABAPA, 4);
        assertThrows(IllegalArgumentException.class, () -> TableWriter.write(f, Variant.ABAPA, 5, ok, null));
        ByteBigArray big = SyntheticLayers.skewed(4, 1);
        big.set(17, (byte) 5);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TableWriter.write(f, Variant.ABAPA, 4, big, null));
        assertTrue(e.getMessage().contains("outside -4..4"), e.getMessage());
        ByteBigArray exits = SyntheticLayers.exits(ok, 4, 2);
        exits.set(3, (byte) (ok.get(3) + 1));
        e = assertThrows(IllegalArgumentException.class, () -> TableWriter.write(f, Variant.ABAPA, 4, ok, exits));
        assertTrue(e.getMessage().contains("rank 3"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> TableWriter.write(f, Variant.ABAPA, 4, ok, new ByteBigArray(3)));
        assertThrows(IllegalArgumentException.class, () -> WriterOptions.DEFAULT.withEncoding(Encoding.CONTEXT, 9));
        assertThrows(IllegalArgumentException.class, () -> WriterOptions.DEFAULT.withBlockSize(0));
        assertFalse(Files.exists(f));
    }

    @Test
    void writesAtomicallyAndReplaces() throws IOException {
        Path f = TablePaths.valuesPath(dir, Variant.ABAPA, 3);
        TableWriter.write(f, Variant.ABAPA, 3, SyntheticLayers.constant(3, 1), null);
        TableWriter.write(f, Variant.ABAPA, 3, SyntheticLayers.constant(3, -2), null);
        try (Stream<Path> s = Files.list(f.getParent())) {
            assertEquals(List.of(f.getFileName().toString()), s.map(p -> p.getFileName().toString()).toList());
        }
        try (TableFile t = TableFile.open(f, TableKind.VALUES, Variant.ABAPA, 3, true, new BlockCache(4))) {
            assertEquals(-2, t.symbolAt(0));
            TableInfo info = TableInfo.of(t);
            assertEquals(3, info.seeds());
            assertEquals(PositionIndex.size(3), info.positions());
            assertEquals(Files.size(f), info.fileBytes());
            assertTrue(info.toString().contains("abapa values, 3 seeds"), info.toString());
        }
    }

    /** Without a cache a probe decodes a block only as far as the position it wants: the same symbols. */
    @Test
    void partialDecodesReadWhatWholeDecodesRead() throws IOException {
        ByteBigArray values = SyntheticLayers.skewed(9, 3);
        ByteBigArray exits = SyntheticLayers.exits(values, 9, 4);
        for (WriterOptions o : List.of(WriterOptions.DEFAULT, WriterOptions.DEFAULT.withBlockSize(777),
                WriterOptions.RAW.withBlockSize(500))) {
            WriteResult r = SyntheticLayers.write(dir, Variant.ABAPA, 9, values, exits, o);
            try (TableFile whole = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, 9, true, new BlockCache(64));
                 TableFile part = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, 9, true,
                         BlockCache.ofBytes(0))) {
                ByteBigArray all = WholeTable.read(whole, 2);
                for (long i = 0; i < all.length(); i++) {
                    assertEquals(all.get(i), part.symbolAt(i), o + " rank " + i);
                }
                assertEquals(0, part.header().positions() - all.length());
            }
        }
    }
}
