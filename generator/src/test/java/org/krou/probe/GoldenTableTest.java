package org.krou.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.krou.testkit.Golden.golden;
import static org.krou.testkit.Golden.resource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.TablePaths;
import org.krou.testkit.Golden;
import org.krou.testkit.TinySolver;

/**
 * Golden tables ({@link Golden}): small abapa tables (layers 0..4, blocks of 512 positions,
 * don't-care entries) committed as bytes in the testkit module under
 * {@code src/main/resources/org/krou/golden/<codec>/} (format version 5, the one written and
 * read). The reader must read every position of them as the
 * slow solver values it, with the block cache and without it (decoding only as far as each
 * position), their headers and block layouts must say what docs/FORMAT.md says (read here by hand,
 * not by the reader; the coded blocks are decoded by {@link SlowBlockDecoder}, written from
 * that document alone), and the writer must still write exactly these bytes ({@code GoldenWriteTest}).
 * A change to the format made to the writer and the reader together fails here: regenerate the files
 * on purpose (KROU_GOLDEN_WRITE=DIR also copies what GoldenWriteTest writes into DIR; it still
 * fails until the committed files are replaced) and bump the format version.
 */
class GoldenTableTest {
    private static final int MAX = Golden.MAX;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"raw", "context"})
    void theGoldenBytesAreRead(String codec) throws IOException {
        TinySolver solver = new TinySolver(Variant.ABAPA, MAX);
        // the reader, on the committed bytes
        Path copy = dir.resolve("copy");
        for (int n = 0; n <= MAX; n++) {
            Path file = TablePaths.valuesPath(copy, Variant.ABAPA, n);
            Files.createDirectories(file.getParent());
            Files.write(file, golden(codec, n));
        }
        int[] b = new int[12];
        for (long cache : new long[] {Tablebase.Options.DEFAULT_CACHE_BYTES, 0}) {
            try (Tablebase tb = Tablebase.open(copy, Variant.ABAPA, new Tablebase.Options(true, cache))) {
                for (int n = 0; n <= MAX; n++) {
                    PositionIndex.unrank(n, 0, b);
                    for (long r = 0; r < PositionIndex.size(n); r++, PositionIndex.next(b)) {
                        assertEquals(solver.values[n].get(r), tb.value(b), codec + " layer " + n + " rank " + r
                                + (cache == 0 ? ", no block cache" : ""));
                    }
                }
            }
        }
    }

    /** The header fields of docs/FORMAT.md, read by hand. */
    @ParameterizedTest
    @ValueSource(strings = {"raw", "context"})
    void theHeaderIsAsDocumented(String codec) throws IOException {
        int hl = 432;
        for (int n = 0; n <= MAX; n++) {
            byte[] f = golden(codec, n);
            ByteBuffer h = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
            assertArrayEquals(new byte[] {(byte) 0x89, 'K', 'R', 'O', 'U', '\r', '\n', 0x1A},
                    java.util.Arrays.copyOf(f, 8));
            assertEquals(5, h.getShort(8), "version");
            assertEquals(hl, h.getShort(10), "header length");
            assertEquals(1, f[12], "kind values");
            assertEquals(n, f[13], "seeds");
            assertEquals(codec.equals("context") ? 4 : 0, f[14], "encoding");
            assertEquals(codec.equals("context") ? 12 : 0, f[15], "encoding parameter");
            assertEquals(0L, h.getLong(16), "reserved");
            String rules = "grand-slam=cancel,cap=6,over-cap=keep-first,no-feed=mover-takes";
            assertEquals(rules + "\0".repeat(80 - rules.length()), new String(f, 336, 80, StandardCharsets.US_ASCII),
                    "the canonical rule set, zero padded");
            long positions = binomial(n + 11, 11);
            assertEquals(positions, h.getLong(24), "positions = C(n+11, 11)");
            assertEquals(512, h.getInt(32), "block size");
            assertEquals((positions + 511) / 512, h.getInt(36), "block count");
            assertEquals(0, f[40], "reserved");
            assertEquals(f.length, h.getLong(56), "file length");
            assertEquals(crc(f, 0, hl - 4), h.getInt(hl - 4), "header CRC32C");
            assertEquals(crc(f, hl, f.length - hl), h.getInt(64), "body CRC32C");
            long index = h.getLong(48);
            assertEquals(f.length, index + 6L * h.getInt(36), "the index ends the file");
            assertEquals(crc(f, (int) index, f.length - (int) index), h.getInt(44), "index CRC32C");
            long offset = hl + h.getInt(68);
            for (int k = 0; k < h.getInt(36); k++) {
                int e = (int) index + 6 * k;
                int stored = h.getShort(e) & 0xFFFF;
                int m = (int) Math.min(512, positions - 512L * k);
                int least = 18;
                assertEquals(true, stored == m || (codec.equals("context") && stored >= least && stored < m),
                        "block " + k + " length " + stored);
                assertEquals(crc(f, (int) offset, stored), h.getInt(e + 2), "block " + k + " CRC32C");
                int o = (int) offset;
                if (stored < m) { // coded: the first half's length, then each half's two states
                    int n1 = h.getShort(o) & 0xFFFF;
                    assertTrue(n1 >= 8 && stored - 2 - n1 >= 8, "block " + k + " first half " + n1);
                    for (int state : new int[] {h.getInt(o + 2), h.getInt(o + 2 + n1 - 4), h.getInt(o + 2 + n1),
                            h.getInt(o + stored - 4)}) {
                        assertTrue(state >= 1 << 23, "block " + k + " state " + state);
                    }
                }
                offset += stored;
            }
            assertEquals(index, offset, "blocks end where the index starts");
        }
    }

    /**
     * Every context-coded block of the golden files decodes, by a slow decoder written
     * from docs/FORMAT.md (its lags computed by unranking each position), to the stored symbols
     * the reader gives.
     */
    @org.junit.jupiter.api.Test
    void theCodedBlocksDecodeAsTheDocumentSays() throws IOException {
        int coded = 0;
        // layers 0..4, whose models list no keys (every context order-1), and a layer of 8
        // seeds (blocks of 1,024; golden/lags/), whose model lists 41: there the lags matter
        for (int n : new int[] {0, 1, 2, 3, 4, 8}) {
            byte[] f = n <= MAX ? golden("context", n) : resource("/org/krou/golden/lags/abapa/values-08.krou");
            Path file = TablePaths.valuesPath(dir, Variant.ABAPA, n);
            Files.createDirectories(file.getParent());
            Files.write(file, f);
            SlowBlockDecoder slow = new SlowBlockDecoder(f);
            // the whole block, and (no cache) each position from its own stream alone
            try (org.krou.table.TableFile t = org.krou.table.TableFile.open(file, org.krou.table.TableKind.VALUES,
                    Variant.ABAPA, n, false, new org.krou.table.BlockCache(2));
                 org.krou.table.TableFile alone = org.krou.table.TableFile.open(file,
                         org.krou.table.TableKind.VALUES, Variant.ABAPA, n, false,
                         org.krou.table.BlockCache.ofBytes(0))) {
                for (int b = 0; b < slow.blocks; b++) {
                    int m = slow.positions(b);
                    byte[] want = new byte[m];
                    t.decodeBlock(b, want);
                    byte[] got = slow.decode(b);
                    coded += got != null ? 1 : 0;
                    if (got != null) {
                        assertArrayEquals(want, got, "layer " + n + " block " + b);
                        long first = (long) t.header().blockSize() * b;
                        for (int i = m - 1; i >= 0; i--) { // backwards: no decode leaves what the next needs
                            assertEquals(got[i], (byte) alone.symbolAt(first + i), "layer " + n + " block " + b
                                    + " position " + i + " alone");
                        }
                    }
                }
            }
        }
        assertTrue(coded >= 70, coded + " coded blocks");
    }

    /**
     * A table of an older format version is refused, saying how to rewrite it: version 1 (LZ4
     * blocks, before the context coding) as committed, versions 2 to 4 as a golden file whose
     * header says that version (its header checksum made good).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void anOlderVersionIsRefusedWithWhatToDo(int version) throws IOException {
        byte[] f;
        if (version == 1) {
            f = resource("/org/krou/golden/v1/values-04.krou");
        } else {
            f = golden("context", 4);
            ByteBuffer h = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
            h.putShort(8, (short) version);
            h.putInt(428, crc(f, 0, 428));
        }
        Path file = TablePaths.valuesPath(dir, Variant.ABAPA, 4);
        Files.createDirectories(file.getParent());
        Files.write(file, f);
        org.krou.table.TableFormatException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.krou.table.TableFormatException.class, () -> org.krou.table.TableFile.open(file,
                        org.krou.table.TableKind.VALUES, Variant.ABAPA, 4, false, new org.krou.table.BlockCache(2)));
        assertEquals("format version", e.field());
        assertTrue(e.found().startsWith(version + " ("), e.found());
        assertTrue(e.getMessage().contains("expected 5; rewrite it with `krou generate` over the same --data"
                + " directory"), e.getMessage());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }

    private static long binomial(int m, int k) {
        long c = 1;
        for (int i = 1; i <= k; i++) {
            c = c * (m - k + i) / i;
        }
        return c;
    }

    private static int crc(byte[] f, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(f, off, len);
        return (int) c.getValue();
    }
}
