package org.krou.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.generator.TableVerifier;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.generator.table.Fill;
import org.krou.generator.table.StatsWriter;
import org.krou.table.StatsFile;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.testkit.TinySolver;
import org.krou.generator.table.TableWriter;
import org.krou.util.ByteBigArray;

class TableVerifierTest {
    @TempDir
    Path tmp;

    @Test
    void intactTablesPass() {
        List<String> lines = new ArrayList<>();
        TableVerifier.Report r = TableVerifier.verify(TestTables.dir(Variant.AWARI), Variant.AWARI, 500, 1, lines::add);
        assertTrue(r.ok(), lines.toString());
        assertEquals(TestTables.MAX + 1, r.files().size());
        assertEquals(TestTables.MAX, r.maxSeeds());
        assertEquals(500, r.files().get(8).samples());
        assertEquals(1, r.files().get(0).samples());
        assertEquals(TestTables.MAX + 1, lines.size());
    }

    @Test
    void damagedBlocksFailTheChecksums() throws IOException {
        TestTables.copy(Variant.ABAPA, tmp);
        Path f = TablePaths.valuesPath(tmp, Variant.ABAPA, 7);
        byte[] bytes = Files.readAllBytes(f);
        long index = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(48);
        bytes[(int) index - 5] ^= 1; // in the last block
        Files.write(f, bytes);
        TableVerifier.Report r = TableVerifier.verify(tmp, Variant.ABAPA, 5000, 1, s -> { });
        assertFalse(r.ok());
        TableVerifier.FileReport bad = r.files().get(7);
        assertNotNull(bad.checksum());
        assertTrue(bad.checksum().contains("corrupt block"), bad.checksum());
        assertNull(r.files().get(6).checksum());
        assertTrue(r.files().get(6).ok());
    }

    @Test
    void wrongValuesFailTheConsistencyCheck() throws IOException {
        TestTables.copy(Variant.ABAPA, tmp);
        TinySolver s = TestTables.solver(Variant.ABAPA);
        int n = 6;
        ByteBigArray wrong = new ByteBigArray(PositionIndex.size(n));
        int[] b = new int[12];
        int changed = 0;
        for (long r = 0; r < wrong.length(); r++) {
            int v = s.values[n].get(r);
            PositionIndex.unrank(n, r, b);
            boolean terminal = Rules.generate(b, Variant.ABAPA, new int[72], new int[6], new int[12]) == 0;
            if (changed < 3 && r % 1000 == 999 && (terminal || (v != 0 && v < n))) {
                v = terminal ? (v == n ? n - 1 : v + 1) : v + 1;
                changed++;
            }
            wrong.set(r, (byte) v);
        }
        TableWriter.write(TablePaths.valuesPath(tmp, Variant.ABAPA, n), Variant.ABAPA, n, wrong, null,
                TestTables.OPTIONS.withFill(Fill.NONE));
        TableVerifier.Report r = TableVerifier.verify(tmp, Variant.ABAPA, (int) wrong.length(), 1, x -> { });
        assertFalse(r.ok());
        TableVerifier.FileReport bad = r.files().get(n);
        assertNull(bad.checksum());
        assertTrue(bad.failures().size() >= 3, bad.failures().toString());
        assertTrue(r.files().get(n - 1).ok());
    }

    @Test
    void aMissingOrUnreadableLayerFails() throws IOException {
        TestTables.copy(Variant.ABAPA, tmp);
        Path f = TablePaths.valuesPath(tmp, Variant.ABAPA, 5);
        Files.delete(f);
        TableVerifier.Report r = TableVerifier.verify(tmp, Variant.ABAPA, 100, 1, s -> { });
        assertFalse(r.ok());
        assertEquals(TestTables.MAX + 1, r.files().size());
        TableVerifier.FileReport missing = r.files().get(5);
        assertEquals(f, missing.file());
        assertTrue(missing.checksum().startsWith("missing") && missing.checksum().contains(f.toString()),
                missing.checksum());
        assertEquals(4, r.maxSeeds());
        Files.createDirectory(f);
        TableVerifier.FileReport unreadable = TableVerifier.verify(tmp, Variant.ABAPA, 100, 1, s -> { }).files().get(5);
        assertFalse(unreadable.ok());
        assertTrue(unreadable.checksum().contains("layer 5") && unreadable.checksum().contains(f.toString()),
                unreadable.checksum());
    }

    @Test
    void zeroSamplesChecksTheChecksumsOnly() {
        List<String> lines = new ArrayList<>();
        TableVerifier.Report r = TableVerifier.verify(TestTables.dir(Variant.ABAPA), Variant.ABAPA, 0, 1, lines::add);
        assertTrue(r.ok(), lines.toString());
        for (TableVerifier.FileReport f : r.files()) {
            assertEquals(0, f.samples(), f.toString());
        }
        assertTrue(lines.get(0).contains("checksums only"), lines.get(0));
    }

    @Test
    void statisticsFilesAreChecked() throws IOException {
        TestTables.copy(Variant.AWARI, tmp);
        TinySolver s = TestTables.solver(Variant.AWARI);
        for (int n = 0; n <= TestTables.MAX; n++) {
            long[] counts = new long[2 * n + 1];
            for (long r = 0; r < s.values[n].length(); r++) {
                counts[s.values[n].get(r) + n]++;
            }
            Path table = TablePaths.valuesPath(tmp, Variant.AWARI, n);
            int crc;
            try (TableFile t = TableFile.open(table, TableKind.VALUES, Variant.AWARI, n, true, new BlockCache(1))) {
                crc = t.header().bodyCrc();
            }
            if (n == 3) {
                counts[0]++; // wrong, but summing to the layer size and under a valid checksum
                counts[2 * n]--;
            }
            StatsWriter.write(StatsFile.besides(table), Variant.AWARI, n, crc, counts);
        }
        // layer 3 is small enough to be checked exhaustively: its counts are compared with the values
        TableVerifier.Report r = TableVerifier.verify(tmp, Variant.AWARI, 1000, 1, x -> { });
        assertFalse(r.ok());
        for (TableVerifier.FileReport f : r.files()) {
            assertEquals(f.seeds() != 3, f.ok(), f.toString());
        }
        String problem = r.files().get(3).stats();
        assertTrue(problem.contains("values-03.stats") && problem.contains("positions are worth -3"), problem);
        // an edited count is caught by the file's own checksum, sampled or not
        Path stats = StatsFile.path(tmp, Variant.AWARI, 7);
        Files.writeString(stats, Files.readString(stats).replaceFirst("(-\\d+)=(\\d)", "$1=9$2"));
        TableVerifier.FileReport edited = TableVerifier.verify(tmp, Variant.AWARI, 0, 1, x -> { }).files().get(7);
        assertFalse(edited.ok());
        assertTrue(edited.stats().contains("own checksum"), edited.stats());
    }
}
