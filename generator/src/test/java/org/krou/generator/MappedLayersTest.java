package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Finished layers memory-mapped from working files ({@link WorkFiles}) give the same tables as
 * finished layers held in the heap, and a rerun maps again only the intact working files of the
 * tables it reuses.
 */
class MappedLayersTest {
    static final int MAX = 14;

    @TempDir
    Path dir;

    /** Every layer up to 14 seeds, every finished layer mapped: the same table and statistics files. */
    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void everyLayerMappedGivesByteIdenticalTables(String id) throws IOException {
        Variant variant = Variant.parse(id);
        Generator inHeap = new Generator(variant, 2, new TableLayerStore(dir.resolve("heap"), variant, 2),
                Progress.NONE);
        inHeap.run(MAX);
        assertFalse(inHeap.plan().mapsAny());
        assertEquals(0, inHeap.mapped());
        Generator mapped = new Generator(variant, 2, new TableLayerStore(dir.resolve("mapped"), variant, 2),
                Progress.NONE).memory(Long.MAX_VALUE, true);
        ByteBigArray[] values = mapped.run(MAX);
        assertEquals(MAX - 1, mapped.mapped(), "layers 0.." + (MAX - 2));
        for (int k = 0; k <= MAX - 2; k++) {
            assertTrue(values[k].isMapped(), "layer " + k);
            assertTrue(mapped.plan().isMapped(k));
        }
        assertNull(values[MAX - 1], "released before the last layer, never mapped");
        assertFalse(values[MAX].isMapped());
        assertSameFiles(dir.resolve("heap").resolve(id), dir.resolve("mapped").resolve(id));
        assertFalse(Files.exists(dir.resolve("mapped").resolve(id).resolve(WorkFiles.DIRECTORY)),
                "the working files and their directory are removed at the end");
    }

    /** A heap that holds layers 0..9 only: 10 and 11 are mapped, the tables are the same. */
    @Test
    void someLayersMappedGiveByteIdenticalTables() throws IOException {
        int max = 13;
        long held = MemoryPlan.OVERHEAD + PositionIndex.cumulativeSize(9) + MemoryPlan.working(PositionIndex.size(max),
                false);
        long heap = (long) Math.ceil(held * 100.0 / MemoryPlan.HEAP_SHARE_PERCENT);
        new Generator(Variant.AWARI, 2, new TableLayerStore(dir.resolve("heap"), Variant.AWARI, 2), Progress.NONE)
                .run(max);
        Generator g = new Generator(Variant.AWARI, 2, new TableLayerStore(dir.resolve("mapped"), Variant.AWARI, 2),
                Progress.NONE).memory(heap, false);
        ByteBigArray[] values = g.run(max);
        assertEquals("10..11", MemoryPlan.ranges(g.plan().mapped()));
        assertTrue(values[11].isMapped() && values[10].isMapped() && !values[9].isMapped());
        assertSameFiles(dir.resolve("heap/awari"), dir.resolve("mapped/awari"));
    }

    /**
     * What a killed run leaves in the working directory: files of finished layers, intact or
     * not, and a temporary. The rerun maps the intact file written for the table it reuses,
     * removes every other one with the reason, decodes those layers from their tables, and writes
     * the same tables as a run that never mapped anything.
     */
    @Test
    void aRerunMapsOnlyIntactWorkingFilesOfTheSameTable() throws IOException {
        int max = 12;
        Variant variant = Variant.ABAPA;
        Path reference = dir.resolve("reference");
        new Generator(variant, 2, new TableLayerStore(reference, variant, 2), Progress.NONE).run(max);
        ByteBigArray[] truth = new Generator(variant, 2, null, Progress.NONE).run(max);
        Path data = dir.resolve("data");
        Path tables = data.resolve("abapa");
        Files.createDirectories(tables);
        try (Stream<Path> s = Files.list(reference.resolve("abapa"))) {
            for (Path p : s.filter(f -> f.getFileName().toString().startsWith("values-")).toList()) {
                Files.copy(p, tables.resolve(p.getFileName()));
            }
        }
        // killed while layer 11 was solved: its table and 12's are missing
        for (int k = 11; k <= 12; k++) {
            Files.delete(tables.resolve(String.format("values-%02d.krou", k)));
            Files.delete(tables.resolve(String.format("values-%02d.stats", k)));
        }
        TableLayerStore ids = new TableLayerStore(data, variant, 2);
        for (int k = 0; k <= 10; k++) {
            assertTrue(ids.reusable(k));
        }
        Path work = ids.workDirectory();
        WorkFiles w = WorkFiles.open(work, new boolean[max + 1], Progress.NONE);
        w.write(10, truth[10], ids.tableId(10));              // intact: mapped again
        w.write(9, truth[9], ids.tableId(9));                 // one value changed afterwards
        flip(WorkFiles.path(work, 9), PositionIndex.size(9) / 2);
        w.write(8, truth[8], ids.tableId(8));                 // one byte short
        try (RandomAccessFile f = new RandomAccessFile(WorkFiles.path(work, 8).toFile(), "rw")) {
            f.setLength(f.length() - 1);
        }
        w.write(7, truth[7], ids.tableId(7) ^ 1);             // written for another table
        w.write(6, truth[6], ids.tableId(6));                 // its trailer damaged
        flip(WorkFiles.path(work, 6), PositionIndex.size(6) + 3);
        ByteBigArray wrong = new ByteBigArray(PositionIndex.size(11));
        wrong.fill((byte) 5);
        w.write(11, wrong, 0);                                 // a layer the rerun computes again
        Files.write(work.resolve(".values-05.raw.tmp"), new byte[100]); // a write the kill interrupted

        List<String> warnings = Collections.synchronizedList(new ArrayList<>());
        Progress progress = new Progress() {
            @Override
            public void phase(int seeds, String name, long units) {
            }

            @Override
            public void advance(long units) {
            }

            @Override
            public void warn(String message) {
                warnings.add(message);
            }

            @Override
            public void layerDone(int seeds, long positions, double seconds, boolean reused) {
            }
        };
        Generator g = new Generator(variant, 2, new TableLayerStore(data, variant, 2), progress)
                .memory(Long.MAX_VALUE, true);
        ByteBigArray[] values = g.run(max);
        assertEquals(2, g.computed());
        assertEquals(max - 1, g.mapped(), "layers 0.." + (max - 2) + " mapped");
        assertEquals(1, g.mappedReused(), "only layer 10's file is mapped again: " + warnings);
        assertEquals(10, g.decoded(), "layers 0..9 decoded");
        String all = String.join("\n", warnings);
        assertTrue(all.contains("values-09.raw not reused (its values do not match their checksum)"), all);
        assertTrue(all.contains("values-08.raw not reused (it holds"), all);
        assertTrue(all.contains("values-07.raw not reused (it was written for another table"), all);
        assertTrue(all.contains("values-06.raw not reused (its trailer is damaged"), all);
        assertEquals(4, warnings.size(), all);
        for (int k = 0; k <= max - 2; k++) {
            for (long r = 0; r < truth[k].length(); r++) {
                if (truth[k].get(r) != values[k].get(r)) {
                    throw new AssertionError("layer " + k + " rank " + r + " mis-read");
                }
            }
        }
        assertSameFiles(reference.resolve("abapa"), tables);
        assertFalse(Files.exists(work), "working files left: " + (Files.exists(work) ? list(work) : List.of()));
    }

    /** Inverts one byte of a file. */
    private static void flip(Path file, long at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(~b);
        }
    }

    private static List<String> list(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The same table and statistics files with the same bytes. */
    static void assertSameFiles(Path expected, Path actual) throws IOException {
        List<String> names = list(expected).stream().filter(n -> n.endsWith(".krou") || n.endsWith(".stats")).toList();
        assertEquals(names, list(actual).stream().filter(n -> n.endsWith(".krou") || n.endsWith(".stats")).toList());
        assertTrue(names.size() >= 2);
        for (String n : names) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(n)), Files.readAllBytes(actual.resolve(n)), n);
        }
    }
}
