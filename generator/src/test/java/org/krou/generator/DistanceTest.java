package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Rules;
import org.krou.generator.table.WholeTable;
import org.krou.generator.table.WriterOptions;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.TableFile;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;

/**
 * Distances to conversion, checked on every board up to {@value #MAX} seeds against their
 * definition, move by move: a finished game is at 0; a winner is one ply more than its nearest
 * value-optimal move (a value-optimal capture counting as 1), a loser one ply more than its
 * farthest; positions worth 0 carry the marker. The breadth-first resolution must also give the
 * same values as the depth-first one.
 */
class DistanceTest {
    static final int MAX = 12;

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void distancesFollowTheirDefinition(Variant variant) throws Exception {
        ByteBigArray[][] solved = Generator.solveWithDistances(variant, 2, MAX);
        ByteBigArray[] values = solved[0];
        ByteBigArray[] dist = solved[1];
        ByteBigArray[] plain = new Generator(variant, 2, null, Progress.NONE).run(MAX);
        int[] b = new int[12];
        int[] children = new int[72];
        int[] captured = new int[6];
        int[] scratch = new int[12];
        int[] child = new int[12];
        int longest = 0;
        for (int n = 0; n <= MAX; n++) {
            long size = PositionIndex.size(n);
            for (long r = 0; r < size; r++) {
                assertEquals(plain[n].get(r), values[n].get(r), "value of layer " + n + " rank " + r);
            }
            PositionIndex.unrank(n, 0, b);
            for (long r = 0; r < size; r++, PositionIndex.next(b)) {
                int v = values[n].get(r);
                int d = dist[n].get(r) & 0xFF;
                int mask = Rules.generate(b, variant, children, captured, scratch);
                int expected;
                if (v == 0) {
                    expected = DistancePhase.NONE;
                } else if (mask == 0) {
                    expected = 0;
                } else {
                    expected = v > 0 ? Integer.MAX_VALUE : Integer.MIN_VALUE;
                    for (int pit = 0; pit < 6; pit++) {
                        if ((mask & (1 << pit)) == 0) {
                            continue;
                        }
                        System.arraycopy(children, pit * 12, child, 0, 12);
                        int c = captured[pit];
                        long cr = PositionIndex.rank(child);
                        if (c - values[n - c].get(cr) != v) {
                            continue; // not value-optimal
                        }
                        int via = c > 0 ? 1 : 1 + (dist[n].get(cr) & 0xFF);
                        expected = v > 0 ? Math.min(expected, via) : Math.max(expected, via);
                    }
                }
                if (d != expected) {
                    fail(variant.id() + " board " + Arrays.toString(b) + " value " + v + ": distance " + d
                            + ", expected " + expected);
                }
                if (v != 0) {
                    longest = Math.max(longest, d);
                }
            }
        }
        System.out.println(variant.id() + ": longest distance to conversion up to " + MAX + " seeds: " + longest);
    }

    /**
     * The distance tables the generator writes are coded in blocks four times as long as those
     * of the values (so several blocks from 9 seeds on), and read back every distance as computed.
     */
    @Test
    void distanceTablesReadBackInTheirLongerBlocks(@TempDir Path dir) throws Exception {
        Variant variant = Variant.ABAPA;
        ByteBigArray[] dist = Generator.solveWithDistances(variant, 2, MAX)[1];
        TableLayerStore store = new TableLayerStore(dir, variant, 2);
        int block = WriterOptions.DEFAULT.blockSize() * WriterOptions.DISTANCE_BLOCK_FACTOR;
        assertEquals(6144, block);
        for (int n = 0; n <= MAX; n++) {
            store.saveDistances(n, dist[n]);
            Path f = TablePaths.path(dir, variant, TableKind.DTC, n);
            try (TableFile t = TableFile.open(f, TableKind.DTC, variant, n, true, new BlockCache(4))) {
                assertEquals(block, t.header().blockSize(), "block size of " + f);
                assertTrue(n < 9 || t.header().blockCount() > 10, "blocks of " + f);
                ByteBigArray back = WholeTable.read(t, 1);
                for (long r = 0; r < dist[n].length(); r++) {
                    if (back.get(r) != dist[n].get(r)) {
                        fail("layer " + n + " rank " + r + ": read " + back.get(r) + ", written " + dist[n].get(r));
                    }
                }
            }
        }
    }
}
