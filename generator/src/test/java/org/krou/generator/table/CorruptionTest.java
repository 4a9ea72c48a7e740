package org.krou.generator.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.CorruptTableException;
import org.krou.table.MissingTableException;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableFormat;
import org.krou.table.TableFormatException;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;

/**
 * Damaged, truncated, foreign and forged files must be refused with a {@link TableException}: each
 * file's bytes are edited in memory, written to {@code mem.krou} and opened by {@link TableFile#open}.
 */
class CorruptionTest {
    static final int SEEDS = 5;
    static ByteBigArray values;
    static byte[][] files = new byte[2][];

    @TempDir
    static Path dir;

    @BeforeAll
    static void write() throws IOException {
        values = SyntheticLayers.skewed(SEEDS, 77);
        ByteBigArray exits = SyntheticLayers.exits(values, SEEDS, 78);
        WriterOptions[] o = {WriterOptions.DEFAULT.withBlockSize(500),
            WriterOptions.RAW.withBlockSize(500)};
        for (int i = 0; i < 2; i++) {
            Path d = dir.resolve("f" + i);
            WriteResult r = SyntheticLayers.write(d, Variant.ABAPA, SEEDS, values, exits, o[i]);
            files[i] = Files.readAllBytes(r.file());
        }
    }

    /** The file every edited table is written to before it is opened. */
    private static Path mem() {
        return dir.resolve("mem.krou");
    }

    /** The stored symbols of an intact file (don't-care entries included). */
    static ByteBigArray stored(int which) {
        return TableBytes.readAll(dir.resolve("intact.krou"), files[which], Variant.ABAPA, SEEDS);
    }

    private static TableException refuse(byte[] f) {
        return assertThrows(TableException.class, () -> TableBytes.open(mem(), f, Variant.ABAPA, SEEDS).close());
    }

    private static ByteBuffer le(byte[] f) {
        return ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void truncatedFilesAreCorrupt(int which) {
        byte[] f = files[which];
        for (int len = 0; len < f.length; len++) {
            assertInstanceOf(CorruptTableException.class, refuse(Arrays.copyOf(f, len)), "length " + len);
        }
        assertInstanceOf(CorruptTableException.class, refuse(Arrays.copyOf(f, f.length + 1)));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void headerDamage(int which) {
        for (int i = 0; i < TableFormat.HEADER_LENGTH; i++) {
            for (int mask : new int[] {1, 0x80}) {
                byte[] f = files[which].clone();
                f[i] ^= (byte) mask;
                TableException e = refuse(f);
                if (i < 8) {
                    assertEquals("magic", assertInstanceOf(TableFormatException.class, e).field());
                } else {
                    assertInstanceOf(CorruptTableException.class, e, "byte " + i);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void indexAndModelDamage(int which) {
        byte[] f = files[which];
        ByteBuffer b = le(f);
        long index = b.getLong(48);
        int model = b.getInt(68);
        assertEquals(which == 0, model > 0);
        for (int i = 0; i < f.length; i++) {
            if (i >= index || (i >= TableFormat.HEADER_LENGTH && i < TableFormat.HEADER_LENGTH + model)) {
                byte[] g = f.clone();
                g[i] ^= 0x10;
                CorruptTableException e = assertInstanceOf(CorruptTableException.class, refuse(g), "byte " + i);
                assertEquals(-1, e.block());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void blockDamageIsFoundWhenTheBlockIsRead(int which) {
        byte[] f = files[which];
        ByteBuffer b = le(f);
        long index = b.getLong(48);
        int blocks = b.getInt(36);
        long first = TableFormat.HEADER_LENGTH + (long) b.getInt(68);
        ByteBigArray intact = stored(which);
        for (int i = (int) first; i < index; i++) {
            byte[] g = f.clone();
            g[i] ^= 0x04;
            int damaged = -1;
            for (int k = 0; k < blocks; k++) {
                long off = TableBytes.blockOffset(f, k);
                if (off <= i) {
                    damaged = k;
                }
            }
            try (TableFile t = TableBytes.open(mem(), g, Variant.ABAPA, SEEDS)) {
                byte[] out = new byte[500];
                for (int k = 0; k < blocks; k++) {
                    if (k == damaged) {
                        int kk = k;
                        CorruptTableException e = assertThrows(CorruptTableException.class, () -> t.decodeBlock(kk, out));
                        assertEquals(k, e.block());
                        assertEquals(TableBytes.blockOffset(f, k), e.offset());
                        assertTrue(e.getMessage().contains(mem() + ": corrupt block " + k), e.getMessage());
                        assertThrows(CorruptTableException.class, () -> t.symbolAt(kk * 500L + 3));
                    } else {
                        t.decodeBlock(k, out);
                        assertEquals(intact.get(k * 500L), out[0]);
                    }
                }
                assertThrows(CorruptTableException.class, t::verifyChecksums);
            }
        }
    }

    @Test
    void foreignFilesAreRefusedSayingWhatWasFound() throws IOException {
        Path awari = SyntheticLayers.write(dir.resolve("aw"), Variant.AWARI, SEEDS, values, null,
                WriterOptions.DEFAULT).file();
        TableFormatException e = assertThrows(TableFormatException.class,
                () -> TableFile.open(awari, TableKind.VALUES, Variant.ABAPA, SEEDS, true, new BlockCache(2)));
        assertEquals("rule set", e.field());
        assertEquals("'awari'", e.found());
        assertEquals("'abapa'", e.expected());
        assertTrue(e.getMessage().contains(awari.toString()), e.getMessage());
        e = assertThrows(TableFormatException.class,
                () -> TableFile.open(awari, TableKind.VALUES, Variant.AWARI, SEEDS + 1, true, new BlockCache(2)));
        assertEquals("seed count", e.field());
        assertEquals("5", e.found());
        assertEquals("6", e.expected());
        e = assertThrows(TableFormatException.class,
                () -> TableFile.open(awari, TableKind.DTC, Variant.AWARI, SEEDS, true, new BlockCache(2)));
        assertEquals("kind", e.field());
        Path text = dir.resolve("readme.krou");
        Files.writeString(text, "hello, this is not a table at all, but it is long enough to have a header........");
        e = assertThrows(TableFormatException.class,
                () -> TableFile.open(text, TableKind.VALUES, Variant.AWARI, SEEDS, true, new BlockCache(2)));
        assertEquals("magic", e.field());
        Path empty = dir.resolve("empty.krou");
        Files.write(empty, new byte[0]);
        assertThrows(CorruptTableException.class,
                () -> TableFile.open(empty, TableKind.VALUES, Variant.AWARI, SEEDS, true, new BlockCache(2)));
        MissingTableException m = assertThrows(MissingTableException.class,
                () -> TableFile.open(dir.resolve("nope.krou"), TableKind.VALUES, Variant.AWARI, 9, true, new BlockCache(2)));
        assertEquals(9, m.seeds());
        assertEquals(dir.resolve("nope.krou"), m.file());
        SplittableRandom r = new SplittableRandom(4);
        for (int k = 0; k < 200; k++) {
            byte[] junk = new byte[r.nextInt(2000)];
            r.nextBytes(junk);
            refuse(junk);
        }
    }

    @Test
    void otherVersionsAreRefusedAsFormat() {
        byte[] f = files[0].clone();
        le(f).putShort(8, (short) (TableFormat.VERSION + 1));
        TableBytes.fixChecksums(f);
        TableFormatException e = assertInstanceOf(TableFormatException.class, refuse(f));
        assertEquals("format version", e.field());
        assertEquals(String.valueOf(TableFormat.VERSION + 1), e.found());
    }

    @Test
    void forgedHeaderFieldsAreRefused() {
        int[][] fields = {{12, 1}, {13, 1}, {14, 1}, {15, 1}, {24, 8}, {32, 4}, {36, 4}, {40, 1}, {41, 1}, {42, 2},
            {48, 8}, {56, 8}, {68, 4}, {76, 1}, {80, 1}, {81, 1}, {200, 1}, {340, 1}};
        long[] extremes = {0, 1, 2, 0x7F, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFFFL, 0xFFFFFFFFL, Long.MAX_VALUE, -1, 1L << 40};
        for (int which = 0; which < 2; which++) {
            for (int[] field : fields) {
                for (long x : extremes) {
                    byte[] f = files[which].clone();
                    ByteBuffer b = le(f);
                    long old = field[1] == 1 ? b.get(field[0]) & 0xFF : field[1] == 2 ? b.getShort(field[0]) & 0xFFFF
                            : field[1] == 4 ? b.getInt(field[0]) & 0xFFFFFFFFL : b.getLong(field[0]);
                    switch (field[1]) {
                        case 1 -> b.put(field[0], (byte) x);
                        case 2 -> b.putShort(field[0], (short) x);
                        case 4 -> b.putInt(field[0], (int) x);
                        default -> b.putLong(field[0], x);
                    }
                    long now = field[1] == 1 ? b.get(field[0]) & 0xFF : field[1] == 2 ? b.getShort(field[0]) & 0xFFFF
                            : field[1] == 4 ? b.getInt(field[0]) & 0xFFFFFFFFL : b.getLong(field[0]);
                    TableBytes.fixChecksums(f);
                    if (now != old) {
                        mustRefuseOrAgree(f, which, true, "field " + field[0] + " = " + x);
                    }
                }
            }
        }
    }

    @Test
    void randomMutationsAreRefusedNeverMisread() {
        SplittableRandom r = new SplittableRandom(2024);
        int mutated = 0;
        int refused = 0;
        for (int k = 0; k < 3000; k++) {
            int which = r.nextInt(2);
            byte[] f = mutate(files[which], r);
            if (Arrays.equals(f, files[which])) {
                continue;
            }
            mutated++;
            if (mustRefuseOrAgree(f, which, true, "mutation " + k)) {
                refused++;
            }
        }
        assertTrue(mutated > 2500, mutated + " mutations");
        // every byte is under a checksum: a mutation accepted, even reading right, is a checksum not checked
        assertEquals(mutated, refused, (mutated - refused) + " mutated files were accepted");
    }

    @Test
    void forgedMutationsNeverCrashTheDecoders() {
        SplittableRandom r = new SplittableRandom(7);
        for (int k = 0; k < 2000; k++) {
            int which = r.nextInt(2);
            byte[] f = files[which].clone();
            int from = TableFormat.HEADER_LENGTH;
            for (int j = 1 + r.nextInt(4); j > 0; j--) {
                int i = from + r.nextInt(f.length - from);
                f[i] = r.nextInt(3) == 0 ? (byte) r.nextInt(256) : (byte) (f[i] ^ (1 << r.nextInt(8)));
            }
            TableBytes.fixChecksums(f);
            mustRefuseOrAgree(f, which, false, "forged mutation " + k);
        }
    }

    private static byte[] mutate(byte[] base, SplittableRandom r) {
        byte[] f = base.clone();
        int kind = r.nextInt(10);
        if (kind == 0) {
            return Arrays.copyOf(f, r.nextInt(f.length));
        }
        if (kind == 1) {
            byte[] g = Arrays.copyOf(f, f.length + 1 + r.nextInt(100));
            for (int i = f.length; i < g.length; i++) {
                g[i] = (byte) r.nextInt(256);
            }
            return g;
        }
        if (kind == 2) { // copy a range over another
            int len = 1 + r.nextInt(64);
            int a = r.nextInt(f.length - len);
            int b = r.nextInt(f.length - len);
            System.arraycopy(base, a, f, b, len);
            return f;
        }
        for (int j = 1 + r.nextInt(6); j > 0; j--) {
            int i = r.nextInt(f.length);
            f[i] = r.nextBoolean() ? (byte) r.nextInt(256) : (byte) (f[i] ^ (1 << r.nextInt(8)));
        }
        return f;
    }

    /**
     * Opens and reads everything: any failure must be a {@link TableException}; if nothing fails
     * and {@code exact}, every stored symbol must be the intact one.
     *
     * @return true if the file was refused, false if it was accepted (and agreed, if {@code exact})
     */
    private static boolean mustRefuseOrAgree(byte[] f, int which, boolean exact, String what) {
        try (TableFile t = TableBytes.open(mem(), f, Variant.ABAPA, SEEDS)) {
            ByteBigArray got = WholeTable.read(t, 1);
            t.symbolAt(got.length() - 1);
            t.verifyChecksums();
            if (exact) {
                ByteBigArray intact = stored(which);
                for (long i = 0; i < got.length(); i++) {
                    if (got.get(i) != intact.get(i)) {
                        fail(what + ": accepted with a wrong value at rank " + i);
                    }
                }
            }
            return false;
        } catch (TableException e) {
            return true; // refused: fine
        } catch (RuntimeException | Error e) {
            throw new AssertionError(what + ": " + e, e);
        }
    }
}
