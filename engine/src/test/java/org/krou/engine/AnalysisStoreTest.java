package org.krou.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import net.openhft.chronicle.map.ChronicleMap;
import org.junit.jupiter.api.Test;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Variant;

class AnalysisStoreTest {
    @Test
    void entriesPackMergeAndRefuseNonsense() {
        StoreEntry e = new StoreEntry(-2, 4, 12, 3);
        assertEquals(e, StoreEntry.unpack(e.pack()));
        assertEquals(new StoreEntry(0, 4, 12, 3), e.merge(new StoreEntry(0, 6, 8, 1)));
        assertEquals(new StoreEntry(2, 2, 12, 5), e.merge(new StoreEntry(2, 2, 1, 5)), "an exact entry's move wins");
        assertThrows(IllegalStateException.class, () -> e.merge(new StoreEntry(5, 6, 1, 1)));
        assertThrows(IllegalArgumentException.class, () -> new StoreEntry(3, 2, 0, 0));
        assertFalse(StoreEntry.isPacked(0));
        assertFalse(StoreEntry.isPacked(e.pack() ^ 1L << 40));
        assertFalse(StoreEntry.isPacked(e.pack() & ~(0xFFL << 56)));
    }

    @Test
    void entriesSurviveClosingAndTheCapacityIsKept() {
        Path dir = TestTables.tempDir();
        try (AnalysisStore s = AnalysisStore.open(dir, Variant.AWARI, 1000)) {
            assertTrue(s.merge(7, new StoreEntry(-3, 5, 9, 2)));
            assertFalse(s.merge(7, new StoreEntry(-5, 5, 1, 2)), "looser bounds change nothing");
        }
        assertTrue(Files.isRegularFile(dir.resolve("awari").resolve("analysis.cm")));
        try (AnalysisStore s = AnalysisStore.open(dir, Variant.AWARI, 5)) {
            assertEquals(1000, s.capacity());
            assertEquals(1, s.size());
            assertEquals(new StoreEntry(-3, 5, 9, 2), s.get(7));
            assertNull(s.get(8));
            s.clear();
            assertEquals(0, s.size());
            assertEquals(1000, s.capacity());
        }
    }

    @Test
    void aFullStoreSaysSoAndStillTightensWhatItHolds() {
        Path dir = TestTables.tempDir();
        try (AnalysisStore s = AnalysisStore.open(dir, Variant.ABAPA, 10)) {
            for (int i = 0; i < 10; i++) {
                s.merge(i, new StoreEntry(-4, 4, 1, 0));
            }
            StoreFullException e = assertThrows(StoreFullException.class, () -> s.merge(10, new StoreEntry(-4, 4, 1, 0)));
            assertTrue(e.getMessage().contains("is full") && e.getMessage().contains("--store-entries"), e.getMessage());
            assertTrue(s.merge(3, new StoreEntry(-1, 4, 2, 1)));
            assertEquals(10, s.size());
        }
    }

    /**
     * Chronicle Map may run out of room before the count of positions reaches the capacity (its
     * segments fill unevenly): that store is full too, said alike. Here the file is made by Chronicle
     * for 2 entries, with a capacity record that promises a million, so Chronicle's limit comes first.
     */
    @Test
    void aStoreChronicleCannotGrowIsFull() throws Exception {
        Path dir = TestTables.tempDir();
        Path f = AnalysisStore.file(dir, Variant.ABAPA);
        Files.createDirectories(f.getParent());
        try (ChronicleMap<Long, Long> m = ChronicleMap.of(Long.class, Long.class).entries(2).maxBloatFactor(1.0)
                .createPersistedTo(f.toFile())) {
            m.put(-1L, 1_000_000L);
        }
        try (AnalysisStore s = AnalysisStore.open(dir, Variant.ABAPA, 10)) {
            assertEquals(1_000_000, s.capacity());
            StoreFullException e = assertThrows(StoreFullException.class, () -> {
                for (int i = 0; i < 1_000_000; i++) {
                    s.merge(i, new StoreEntry(-4, 4, 1, 0));
                }
            });
            assertTrue(e.getMessage().contains("is full"), e.getMessage());
            long held = s.size();
            assertTrue(held > 0 && held < 1_000_000, held + " positions");
            assertTrue(s.merge(0, new StoreEntry(-1, 4, 2, 1)), "what it holds can still be tightened");
            assertThrows(IllegalStateException.class, () -> s.merge(0, new StoreEntry(5, 6, 2, 1)),
                    "bounds that contradict the stored ones are no full store");
        }
    }

    @Test
    void aFileThatIsNoStoreIsRefused() throws Exception {
        Path dir = TestTables.tempDir();
        Path f = AnalysisStore.file(dir, Variant.ABAPA);
        Files.createDirectories(f.getParent());
        Files.write(f, new byte[4096]);
        Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        assertThrows(StoreException.class, () -> AnalysisStore.open(dir, Variant.ABAPA, 10));
        Files.writeString(f, "some text that is no store");
        StoreException e = assertThrows(StoreException.class, () -> AnalysisStore.open(dir, Variant.ABAPA, 10));
        assertTrue(e.getMessage().contains("not an analysis store"), e.getMessage());
    }

    /** What one analysis proves, the next one (another engine, no shared memory) reads without searching. */
    @Test
    void aSecondAnalysisIsAnsweredFromTheStore() {
        Tablebase tb = TestTables.tables(Variant.ABAPA);
        Path dir = TestTables.tempDir();
        Random random = new Random(3);
        int answered = 0;
        try (AnalysisStore store = AnalysisStore.open(dir, Variant.ABAPA, 100_000)) {
            for (int i = 0; i < 40 && answered < 5; i++) {
                Position p = SearchBoundsTest.random(12, random);
                Analysis first = new Engine(Variant.ABAPA, tb, 10, store, 16).analyse(p, Limits.ofNodes(100_000));
                if (!first.exact() || first.best() == null) {
                    continue;
                }
                Analysis second = new Engine(Variant.ABAPA, tb, 10, store, 16).analyse(p, Limits.ofNodes(100_000));
                assertTrue(second.fromStore(), p.toString());
                assertEquals(0, second.nodes());
                assertEquals(first.lo(), second.lo());
                assertEquals(first.best(), second.best());
                assertEquals(tb.value(p), second.lo());
                answered++;
            }
            assertTrue(store.size() > 0);
        }
        assertEquals(5, answered, "positions proven and answered from the store");
    }
}
