package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.rules.Variant;
import org.krou.generator.table.WriterOptions;
import org.krou.generator.table.ExitSource;
import org.krou.util.ByteBigArray;

/**
 * A rerun reuses finished layers at the cost of a header and checksum check: it decodes only
 * the layers that a layer still to compute reads (the exits of layer n read layers 0..n-2), and
 * a complete rerun decodes none.
 */
class GeneratorReuseTest {
    @TempDir
    Path dir;

    /** Counts the layers decoded; otherwise the table store. (No @Override: these are checked by name.) */
    static final class Counting implements LayerStore {
        final TableLayerStore store;
        final List<Integer> loaded = new ArrayList<>();

        Counting(TableLayerStore store) {
            this.store = store;
        }

        public Closeable begin() throws IOException {
            return store.begin();
        }

        public boolean reusable(int seeds) {
            return store.reusable(seeds);
        }

        public boolean wantsValues(int seeds) {
            return store.wantsValues(seeds);
        }

        public ByteBigArray load(int seeds, ByteBigArray[] below, int threads) throws IOException {
            loaded.add(seeds);
            return store.load(seeds, below, threads);
        }

        public void reused(int seeds, ByteBigArray values) throws IOException {
            store.reused(seeds, values);
        }

        public void save(int seeds, ByteBigArray values, ExitSource exits) throws IOException {
            store.save(seeds, values, exits);
        }

        public boolean hasDistances(int seeds) {
            return store.hasDistances(seeds);
        }

        public void saveDistances(int seeds, ByteBigArray dist) throws IOException {
            store.saveDistances(seeds, dist);
        }

        public String lastRefusal() {
            return store.lastRefusal();
        }
    }

    private Counting run(int max) throws IOException {
        Counting c = new Counting(new TableLayerStore(dir, Variant.ABAPA, 2, WriterOptions.DEFAULT));
        new Generator(Variant.ABAPA, 2, c, Progress.NONE).run(max);
        return c;
    }

    @Test
    void aCompleteRerunDecodesNothingAndALongerOneOnlyWhatItReads() throws IOException {
        ByteBigArray[] fresh = new Generator(Variant.ABAPA, 2, null, Progress.NONE).run(10);
        assertEquals(List.of(), run(8).loaded);
        assertEquals(List.of(), run(8).loaded, "a complete rerun decoded layers");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8), run(10).loaded);
        // layer 9 recomputed: it reads layers 0..7
        Files.delete(dir.resolve("abapa/values-09.krou"));
        Counting c = new Counting(new TableLayerStore(dir, Variant.ABAPA, 2, WriterOptions.DEFAULT));
        ByteBigArray[] v = new Generator(Variant.ABAPA, 2, c, Progress.NONE).run(10);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), c.loaded);
        assertNull(v[10]);
        assertNotNull(v[9]);
        for (long r = 0; r < fresh[9].length(); r++) {
            assertEquals(fresh[9].get(r), v[9].get(r));
        }
        // computing the last layer: the one below it is released first (nothing reads it)
        Files.delete(dir.resolve("abapa/values-10.krou"));
        c = new Counting(new TableLayerStore(dir, Variant.ABAPA, 2, WriterOptions.DEFAULT));
        v = new Generator(Variant.ABAPA, 2, c, Progress.NONE).run(10);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8), c.loaded);
        assertNull(v[9]);
        assertNotNull(v[10]);
        for (long r = 0; r < fresh[10].length(); r++) {
            assertEquals(fresh[10].get(r), v[10].get(r));
        }
        // a missing statistics file: that layer (and those it needs) decoded once to write it again
        Files.delete(dir.resolve("abapa/values-06.stats"));
        assertEquals(List.of(0, 1, 2, 3, 4, 6), run(10).loaded);
        assertEquals(List.of(), run(10).loaded);
    }
}
