package org.krou.table;

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
import org.krou.generator.table.BlockEncoder;
import org.krou.generator.table.ContextEncoder;
import org.krou.generator.table.Fill;
import org.krou.generator.table.TableCoding;
import org.krou.generator.table.TableWriter;
import org.krou.generator.table.WriteResult;
import org.krou.generator.table.WriterOptions;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

class RoundTripTest {
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
                return TableTestSupport.skewed(seeds, 42 + seeds);
            case "uniform":
                return TableTestSupport.uniform(seeds, 7);
            case "extremes":
                return TableTestSupport.extremes(seeds, 3);
            default:
                return TableTestSupport.constant(seeds, seeds);
        }
    }

    @ParameterizedTest(name = "{0} {1} seeds {2}")
    @MethodSource("cases")
    void readsBackWhatWasWritten(String kind, int seeds, WriterOptions o) throws IOException {
        ByteBigArray values = data(kind, seeds);
        WriteResult r = TableTestSupport.write(dir, Variant.ABAPA, seeds, values, null, o);
        assertEquals(Files.size(r.file()), r.fileBytes());
        try (TableFile t = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, seeds, true, new BlockCache(4))) {
            assertFalse(t.dontCare());
            ByteBigArray all = t.readAll(2);
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
        ByteBigArray values = TableTestSupport.skewed(seeds, 5);
        ByteBigArray exits = TableTestSupport.exits(values, seeds, 6);
        WriteResult r = TableTestSupport.write(dir, Variant.ABAPA, seeds, values, exits, o.withFill(fill));
        try (TableFile t = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, seeds, false, new BlockCache(4))) {
            assertEquals(fill != Fill.NONE, t.dontCare());
            long free = checkStored(values, exits, t.readAll(1), fill != Fill.NONE);
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
        ByteBigArray values = TableTestSupport.skewed(seeds, 9);
        ByteBigArray exits = TableTestSupport.exits(values, seeds, 10);
        WriteResult r = TableTestSupport.write(dir, Variant.ABAPA, seeds, values, exits,
                WriterOptions.DEFAULT.withBlockSize(9));
        try (TableFile t = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, seeds, false, new BlockCache(4))) {
            assertTrue(t.header().blockCount() > 4096, t.header().blockCount() + " blocks");
            long free = checkStored(values, exits, t.readAll(2), true);
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
        ByteBigArray values = TableTestSupport.skewed(8, 5);
        ByteBigArray exits = TableTestSupport.exits(values, 8, 6);
        long plain = TableTestSupport.write(dir, Variant.ABAPA, 8, values, null, WriterOptions.DEFAULT).fileBytes();
        long dc = TableTestSupport.write(dir, Variant.ABAPA, 8, values, exits, WriterOptions.DEFAULT).fileBytes();
        assertTrue(dc < plain, dc + " vs " + plain);
    }

    @Test
    void mappedSourceReadsAcrossParts() throws IOException {
        ByteBigArray values = TableTestSupport.skewed(8, 9);
        WriteResult r = TableTestSupport.write(dir, Variant.AWARI, 8, values, null,
                WriterOptions.DEFAULT.withBlockSize(1000).withFill(Fill.NONE));
        for (int bits : new int[] {6, 10, 13}) {
            MappedByteSource src = MappedByteSource.open(r.file(), bits);
            try (TableFile t = TableFile.open(src, TableKind.VALUES, Variant.AWARI, 8, new BlockCache(4))) {
                ByteBigArray all = t.readAll(2);
                for (long i = 0; i < values.length(); i++) {
                    assertEquals(values.get(i), all.get(i));
                }
                t.verifyChecksums();
            }
        }
        byte[] bytes = Files.readAllBytes(r.file());
        MappedByteSource src = MappedByteSource.open(r.file(), 8);
        byte[] got = new byte[bytes.length];
        src.read(0, got, 0, got.length);
        assertEquals(java.util.Arrays.toString(bytes), java.util.Arrays.toString(got));
        assertThrows(IndexOutOfBoundsException.class, () -> src.read(bytes.length - 2, got, 0, 3));
        src.close();
        assertThrows(IllegalStateException.class, () -> src.read(0, got, 0, 1));
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
        Path f = TableFormat.path(dir, Variant.ABAPA, TableKind.DTC, seeds);
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
        ByteBigArray ok = TableTestSupport.skewed(4, 1);
        Path f = TableFormat.valuesPath(dir, Variant.ABAPA, 4);
        assertThrows(IllegalArgumentException.class, () -> TableWriter.write(f, Variant.ABAPA, 5, ok, null));
        ByteBigArray big = TableTestSupport.skewed(4, 1);
        big.set(17, (byte) 5);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TableWriter.write(f, Variant.ABAPA, 4, big, null));
        assertTrue(e.getMessage().contains("outside -4..4"), e.getMessage());
        ByteBigArray exits = TableTestSupport.exits(ok, 4, 2);
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
        Path f = TableFormat.valuesPath(dir, Variant.ABAPA, 3);
        TableWriter.write(f, Variant.ABAPA, 3, TableTestSupport.constant(3, 1), null);
        TableWriter.write(f, Variant.ABAPA, 3, TableTestSupport.constant(3, -2), null);
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
        ByteBigArray values = TableTestSupport.skewed(9, 3);
        ByteBigArray exits = TableTestSupport.exits(values, 9, 4);
        for (WriterOptions o : List.of(WriterOptions.DEFAULT, WriterOptions.DEFAULT.withBlockSize(777),
                WriterOptions.RAW.withBlockSize(500))) {
            WriteResult r = TableTestSupport.write(dir, Variant.ABAPA, 9, values, exits, o);
            try (TableFile whole = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, 9, true, new BlockCache(64));
                 TableFile part = TableFile.open(r.file(), TableKind.VALUES, Variant.ABAPA, 9, true,
                         BlockCache.ofBytes(0))) {
                ByteBigArray all = whole.readAll(2);
                for (long i = 0; i < all.length(); i++) {
                    assertEquals(all.get(i), part.symbolAt(i), o + " rank " + i);
                }
                assertEquals(0, part.header().positions() - all.length());
            }
        }
    }

    @Test
    void codecsRefuseGarbageWithoutThrowing() {
        SplittableRandom r = new SplittableRandom(11);
        byte[] symbols = {0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 9};
        int k = symbols.length;
        long[] counts = new long[TableCoding.pairCells(k)];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = r.nextInt(3) == 0 ? 0 : r.nextInt(1000);
        }
        // format 5's model (keys listed), and one without listed keys, which formats 2 to 4
        // read alike (no pairs listed)
        ContextModel lagged = ContextModel.parse(ContextEncoder.fromCounts(counts, k, 12, 64).toBytes(), k, 12, true,
                new String[1]);
        ContextModel old = ContextModel.parse(ContextEncoder.fromCounts(counts, k, 12, k + 1).toBytes(), k, 12, false,
                new String[1]);
        assertTrue(lagged != null && old != null);
        boolean[] allowed = new boolean[256];
        for (byte s : symbols) {
            allowed[s & 0xFF] = true;
        }
        byte[] out = new byte[300];
        LagScratch scratch = new LagScratch();
        int seeds = 10;
        int refused = 0;
        for (int i = 0; i < 30000; i++) {
            byte[] in = new byte[r.nextInt(400)];
            r.nextBytes(in);
            Encoding e = Encoding.values()[r.nextInt(Encoding.values().length)];
            int m = 1 + r.nextInt(300);
            long rank = r.nextLong(org.krou.index.PositionIndex.size(seeds) - m);
            ContextModel model = i % 3 == 0 ? old : lagged;
            String why = SymbolCodec.decode(e, model, in, in.length, m, symbols, allowed, out, m - 1, r.nextBoolean(),
                    rank, seeds, scratch);
            refused += why != null ? 1 : 0;
            // only as far as a position, in any layout: may answer (nothing checks the rest of
            // the block; the block checksum is checked before), never throws
            SymbolCodec.decode(e, model, in, in.length, m, symbols, allowed, out, r.nextInt(m), r.nextBoolean(),
                    rank, seeds, scratch);
        }
        assertTrue(refused > 22000, "refused " + refused);
    }

    /** Codes a block of format 5 whose first position has rank {@code rank} among boards of {@code seeds} seeds. */
    private static int encode(ContextEncoder enc, byte[] codes, int m, int k, int seeds, long rank, byte[] out) {
        int[] keys = new int[m];
        BlockEncoder.keys(codes, m, k, seeds, rank, keys);
        return enc.encode(codes, keys, m, out, new byte[2 * m + 16]);
    }

    /** Counts {@code codes} under their keys, {@code weight} each, into {@code counts}. */
    private static void count(byte[] codes, int k, int seeds, long rank, int weight, long[] counts) {
        int[] keys = new int[codes.length];
        BlockEncoder.keys(codes, codes.length, k, seeds, rank, keys);
        for (int i = 0; i < codes.length; i++) {
            counts[keys[i] * k + codes[i]] += weight;
        }
    }

    @Test
    void contextModelRoundTrip() {
        // the model of a block's own keys, weighted so that keys of their own pay off; a layer of
        // 4 seeds from rank 100, where runs of lag 0 to 4 follow one another
        int k = 3;
        int seeds = 4;
        long rank = 100;
        byte[] codes = {1, 0, 2, 2, 0, 1, 0, 2, 2, 2, 0, 1, 0, 2, 0, 1, 0, 2, 2, 1, 1, 0, 2, 2, 0, 1, 0, 2, 2,
                2, 0, 1, 0, 2, 0, 1, 0, 2, 1, 1, 0, 0, 2};
        int m = codes.length;
        long[] counts = new long[TableCoding.pairCells(k)];
        count(codes, k, seeds, rank, 1000, counts);
        ContextEncoder enc = ContextEncoder.fromCounts(counts, k, 12, 64);
        assertTrue(enc.contexts() > k + 1, "contexts " + enc.contexts());
        String[] why = new String[1];
        ContextModel back = ContextModel.parse(enc.toBytes(), k, 12, true, why);
        assertTrue(back != null, why[0]);
        byte[] block = new byte[2 * m + 16];
        int len = encode(enc, codes, m, k, seeds, rank, block);
        assertTrue(len >= 18 && len < m, "length " + len);
        byte[] symbols = {10, 11, 12};
        byte[] want = new byte[m];
        for (int i = 0; i < m; i++) {
            want[i] = (byte) (10 + codes[i]);
        }
        LagScratch scratch = new LagScratch();
        byte[] out = new byte[m];
        assertEquals(null, back.decodeLagged(block, len, m, symbols, out, m - 1, rank, seeds, scratch));
        assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(out));
        for (int at = 0; at < m - 1; at++) { // each position from its stream alone
            byte[] part = new byte[m];
            assertEquals(null, back.decodeLagged(block, len, m, symbols, part, at, rank, seeds, scratch));
            assertEquals(want[at], part[at], "position " + at + " alone");
        }
        // read at another rank, the lags differ: a wrong block, never the right one silently
        String other = back.decodeLagged(block, len, m, symbols, out, m - 1, rank + 1, seeds, scratch);
        assertTrue(other != null || !java.util.Arrays.equals(want, out), "decoded at the wrong rank");
        // a code outside its context's list cannot be coded
        byte[] unseen = new byte[m]; // no stream starts with 0
        assertThrows(IllegalStateException.class, () -> encode(enc, unseen, m, k, seeds, rank, new byte[2 * m + 16]));
        byte[] bad = enc.toBytes();
        bad[bad.length - 1] ^= 1;
        assertEquals(null, ContextModel.parse(bad, k, 12, true, why));
        assertTrue(why[0].contains("sum") || why[0].contains("frequency"), why[0]);
    }

    /**
     * A block coded with one model and read with another in which a context it uses is empty (a
     * file whose checksums were forged, say): the decoder says so, in each of the block's four
     * streams, decoding the whole block or only as far as a position after it, and never answers.
     */
    @Test
    void aBlockEnteringAContextTheModelLeavesEmptyIsRefused() {
        int k = 2;
        long[] all = new long[TableCoding.pairCells(k)];
        java.util.Arrays.fill(all, 10);
        ContextEncoder writer = ContextEncoder.fromCounts(all, k, 12, 64);
        // its model (no keys: order-1 contexts 0, 1 and the start, two entries of 2048 each),
        // with context 1 (after a 1) emptied
        byte[] bytes = writer.toBytes();
        assertEquals(2 + 3 * (2 + 2 * 3), bytes.length, "a model of three order-1 contexts");
        byte[] emptied = new byte[bytes.length - 6];
        System.arraycopy(bytes, 0, emptied, 0, 10); // q, context 0
        System.arraycopy(bytes, 18, emptied, 12, 8); // context 1 has no entries (its count stays 0), the start
        String[] why = new String[1];
        ContextModel reader = ContextModel.parse(emptied, k, 12, true, why);
        assertTrue(reader != null, why[0]);
        int m = 40; // streams [0, 10), [10, 20), [20, 30), [30, 40)
        int seeds = 5;
        long rank = 7;
        byte[] symbols = {10, 11};
        LagScratch scratch = new LagScratch();
        for (int one : new int[] {3, 13, 23, 33}) { // a 1 followed by a position, in each stream
            byte[] codes = new byte[m];
            codes[one] = 1;
            byte[] enc = new byte[2 * m + 16];
            int len = encode(writer, codes, m, k, seeds, rank, enc);
            assertTrue(len >= 18 && len < m, "length " + len);
            byte[] in = java.util.Arrays.copyOf(enc, ContextModel.powerOfTwo(len + ContextModel.PADDING));
            byte[] out = new byte[m];
            for (int at : new int[] {one + 1, one + 5, m - 1}) {
                String err = reader.decodeLagged(in, len, m, symbols, out, at, rank, seeds, scratch);
                assertTrue(err != null && err.contains("empty"), "a 1 at " + one + ", decoded to " + at + ": " + err);
            }
            assertEquals(null, ContextModel.parse(writer.toBytes(), k, 12, true, why)
                    .decodeLagged(in, len, m, symbols, out, m - 1, rank, seeds, scratch));
        }
    }

    /**
     * Format 5: a stream decoded alone that needs more bytes than lie between its half's two
     * states is refused, in each of the four streams, as is a whole block whose streams cross, or
     * whose first half's length leaves no room for either half; the reads stay inside the buffer.
     */
    @Test
    void aStreamRunningOutOfItsBytesIsRefused() {
        int k = 2;
        long[] all = new long[TableCoding.pairCells(k)];
        java.util.Arrays.fill(all, 10);
        ContextModel model = ContextModel.parse(ContextEncoder.fromCounts(all, k, 12, 64).toBytes(), k, 12, true,
                new String[1]);
        int m = 40; // a bit a position: every stream needs a byte at its first position
        byte[] in = new byte[32];
        int len = 18; // each half its two states and nothing between them
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(in).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putShort(0, (short) 8).putInt(2, 1 << 23).putInt(6, 1 << 23).putInt(10, 1 << 23).putInt(14, 1 << 23);
        byte[] out = new byte[m];
        byte[] symbols = {10, 11};
        LagScratch scratch = new LagScratch();
        for (int at : new int[] {0, 9, 10, 19, 20, 29, 30, 38, m - 1}) {
            String err = model.decodeLagged(in, len, m, symbols, out, at, 0, 6, scratch);
            assertTrue(err != null && err.contains("coded data ends"), "as far as " + at + ": " + err);
        }
        for (int n1 : new int[] {0, 7, 9, 17}) {
            b.putShort(0, (short) n1);
            for (int at : new int[] {0, 25, m - 1}) {
                String err = model.decodeLagged(in, len, m, symbols, out, at, 0, 6, scratch);
                assertTrue(err != null && err.contains("first half of " + n1 + " bytes"), n1 + ", " + at + ": " + err);
            }
        }
    }

    @Test
    void contextDecoderReadsAnyBufferAlike() {
        // a block long enough that the coder takes bytes all along (random codes, 4 of them), in
        // the writer's oversized buffer, exactly as long as the block, and in a buffer of a power
        // of two with garbage after the block (as TableFile passes it): the decoder masks its
        // reads by the buffer's length, so every other buffer must be copied into such a one
        int k = 4;
        int m = 1000;
        SplittableRandom r = new SplittableRandom(5);
        byte[] codes = new byte[m];
        for (int i = 0; i < m; i++) {
            codes[i] = (byte) r.nextInt(k);
        }
        long[] counts = new long[TableCoding.pairCells(k)];
        java.util.Arrays.fill(counts, 1);
        ContextEncoder enc = ContextEncoder.fromCounts(counts, k, 12, 64);
        ContextModel model = ContextModel.parse(enc.toBytes(), k, 12, true, new String[1]);
        byte[] written = new byte[2 * m + 16];
        int seeds = 9;
        long rank = 12345;
        int len = encode(enc, codes, m, k, seeds, rank, written);
        assertTrue(len > 200 && len < m, "length " + len);
        byte[] padded = new byte[ContextModel.powerOfTwo(len + ContextModel.PADDING)];
        java.util.Arrays.fill(padded, (byte) 0xA5);
        System.arraycopy(written, 0, padded, 0, len);
        byte[] symbols = {10, 11, 12, 13};
        for (byte[] in : new byte[][] {written, java.util.Arrays.copyOf(written, len), padded}) {
            byte[] out = new byte[m];
            LagScratch scratch = new LagScratch();
            assertEquals(null, model.decodeLagged(in, len, m, symbols, out, m - 1, rank, seeds, scratch),
                    in.length + " bytes");
            for (int i = 0; i < m; i++) {
                assertEquals(10 + codes[i], out[i], "position " + i + " from a buffer of " + in.length + " bytes");
            }
            for (int at = 0; at < m; at += 7) { // only as far as one position: its stream alone
                byte[] part = new byte[m];
                assertEquals(null, model.decodeLagged(in, len, m, symbols, part, at, rank, seeds, scratch),
                        "as far as " + at);
                assertEquals(10 + codes[at], part[at], "position " + at + " alone, from a buffer of " + in.length
                        + " bytes");
            }
        }
    }
}
