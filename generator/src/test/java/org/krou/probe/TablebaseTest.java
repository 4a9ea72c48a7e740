package org.krou.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.krou.index.PositionIndex;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;
import org.krou.table.CorruptTableException;
import org.krou.generator.table.Fill;
import org.krou.generator.table.LayerResolver;
import org.krou.table.MissingTableException;
import org.krou.table.OutsideCoverageException;
import org.krou.table.TablePaths;
import org.krou.testkit.TinySolver;
import org.krou.table.TableInfo;
import org.krou.util.ByteBigArray;

class TablebaseTest {
    @TempDir
    Path tmp;

    private static void assertAllValues(Tablebase tb, TinySolver s) {
        int[] b = new int[12];
        for (int n = 0; n <= tb.maxSeeds(); n++) {
            PositionIndex.unrank(n, 0, b);
            for (long r = 0; r < PositionIndex.size(n); r++) {
                assertEquals(s.values[n].get(r), tb.value(b), n + " seeds, rank " + r);
                PositionIndex.next(b);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void everyPositionHasTheSolverValue(Variant v) {
        try (Tablebase tb = Tablebase.open(TestTables.dir(v), v)) {
            assertEquals(TestTables.MAX, tb.maxSeeds());
            assertAllValues(tb, TestTables.solver(v));
        }
    }

    @Test
    void rawTablesWithDontCareEntriesAndTablesWithoutOnTheHeap() throws IOException {
        TestTables.write(tmp, Variant.ABAPA, org.krou.generator.table.WriterOptions.RAW.withBlockSize(3000)
                .withFill(Fill.CONTEXT), true);
        Path other = tmp.resolve("nodc");
        TestTables.write(other, Variant.ABAPA, TestTables.OPTIONS.withFill(Fill.NONE), true);
        for (Path d : new Path[] {tmp, other}) {
            try (Tablebase tb = Tablebase.open(d, Variant.ABAPA, new Tablebase.Options(false, 16 * 3000))) {
                assertAllValues(tb, TestTables.solver(Variant.ABAPA));
                assertEquals(d == tmp, tb.info().get(8).dontCare());
            }
        }
    }

    @Test
    void theCacheIsBoundedInBytesAndRelativeToTheHeap() {
        long heap = Runtime.getRuntime().maxMemory();
        assertTrue(Tablebase.Options.DEFAULT.cacheBytes() <= Math.min(256L << 20, heap / 4),
                Tablebase.Options.DEFAULT.toString());
        long bound = 5_000; // less than three blocks of 2000 positions
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA,
                Tablebase.Options.DEFAULT.withCacheBytes(bound))) {
            assertAllValues(tb, TestTables.solver(Variant.ABAPA));
            assertTrue(tb.cache().bytes() <= bound, tb.cache().bytes() + " bytes cached");
            assertTrue(tb.cache().bytes() > 0);
        }
        assertThrows(IllegalArgumentException.class, () -> new Tablebase.Options(true, -1));
    }

    @Test
    void hugePitsAreRefusedNamingThePit() {
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA)) {
            int[] b = new int[12];
            b[3] = Integer.MAX_VALUE;
            b[4] = 1;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tb.value(b));
            assertTrue(e.getMessage().contains("pit 3") && e.getMessage().contains("2147483647")
                    && e.getMessage().contains("0..48"), e.getMessage());
            int[] wrap = new int[12];
            wrap[0] = Integer.MAX_VALUE;
            wrap[1] = Integer.MAX_VALUE;
            wrap[2] = 3; // the sum overflows to 1
            e = assertThrows(IllegalArgumentException.class, () -> tb.value(wrap));
            assertTrue(e.getMessage().contains("pit 0"), e.getMessage());
            int[] big = new int[12];
            big[11] = 49;
            e = assertThrows(IllegalArgumentException.class, () -> tb.value(big));
            assertTrue(e.getMessage().contains("pit 11") && e.getMessage().contains("49"), e.getMessage());
        }
    }

    @Test
    void valuesFromTheRules() {
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA)) {
            assertEquals(-2, tb.value(Position.parse("0 0 0 0 0 1 / 1 0 0 0 0 0 S")));
            assertEquals(3, tb.value(Position.parse("1 1 0 0 0 0 / 1 0 0 0 0 0 S")));
            assertEquals(3, tb.value(Position.parse("1 0 0 0 0 0 / 1 1 0 0 0 0 N")));
            assertEquals(0, tb.value(new int[12]));
            List<MoveValue> mv = tb.moveValues(Position.parse("0 0 0 0 0 1 / 1 0 0 0 0 0 S"));
            assertEquals(List.of(new MoveValue('f', 0, -2)), mv); // a grand slam: nothing captured
            assertEquals(List.of('f'), tb.bestMoves(Position.parse("0 0 0 0 0 1 / 1 0 0 0 0 0 S")));
            assertEquals(List.of(), tb.moveValues(Position.parse("0 0 0 0 0 0 / 1 0 0 0 0 0 S")));
            assertEquals(List.of(), tb.bestMoves(Position.parse("1 2 0 0 0 0 / 0 0 0 0 0 0 S")));
        }
    }

    @Test
    void moveValuesAgreeWithTheChildren() {
        TinySolver s = TestTables.solver(Variant.AWARI);
        SplittableRandom r = new SplittableRandom(3);
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.AWARI), Variant.AWARI)) {
            for (int k = 0; k < 3000; k++) {
                int n = r.nextInt(TestTables.MAX + 1);
                int[] b = new int[12];
                PositionIndex.unrank(n, r.nextLong(PositionIndex.size(n)), b);
                Side side = r.nextBoolean() ? Side.SOUTH : Side.NORTH;
                Position p = Position.fromMoverRelative(b, side);
                List<MoveValue> moves = tb.moveValues(p);
                int best = Integer.MIN_VALUE;
                for (MoveValue m : moves) {
                    int pit = p.pitOf(m.move());
                    int[] child = new int[12];
                    int c = Rules.play(b, pit, Variant.AWARI, child);
                    assertEquals(c, m.captured());
                    assertEquals(c - s.values[n - c].get(PositionIndex.rank(child)), m.value());
                    best = Math.max(best, m.value());
                }
                assertEquals(moves.size(), p.legalMoves(Variant.AWARI).size());
                int v = tb.value(p);
                assertTrue(moves.isEmpty() || v == best, p + ": value " + v + ", best move " + best);
                for (char c : tb.bestMoves(p)) {
                    assertEquals(best, moves.stream().filter(m -> m.move() == c).findFirst().orElseThrow().value());
                }
            }
        }
    }

    @Test
    void finalResultsCountCapturesAndHalfSeeds() {
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA)) {
            Position p = new Position(new int[] {0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0}, Side.SOUTH, 20, 26);
            FinalResult f = tb.finalResult(p);
            assertEquals(-2, f.value());
            assertEquals(40, f.southHalves());
            assertEquals(56, f.northHalves());
            assertEquals(Outcome.NORTH_WINS, f.outcome());
            assertEquals("South 20, North 28: North wins", f.toString());
            TinySolver s = TestTables.solver(Variant.ABAPA);
            int[] b = new int[12];
            long r = 0;
            while (s.values[3].get(r) != 0) {
                r++;
            }
            PositionIndex.unrank(3, r, b);
            FinalResult half = tb.finalResult(new Position(Position.fromMoverRelative(b, Side.NORTH).pits(),
                    Side.NORTH, 22, 23));
            assertEquals(47, half.southHalves());
            assertEquals(49, half.northHalves());
            assertEquals(23.5, half.south());
            assertEquals(24.5, half.north());
            assertEquals(Outcome.NORTH_WINS, half.outcome());
            assertEquals("South 23.5, North 24.5: North wins", half.toString());
            FinalResult draw = FinalResult.of(new Position(new int[] {1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0}, Side.SOUTH,
                    23, 23), 0);
            assertEquals(Outcome.DRAW, draw.outcome());
        }
    }

    @Test
    void coverageAndBadBoards() throws IOException {
        TestTables.copy(Variant.ABAPA, tmp);
        Files.delete(TablePaths.valuesPath(tmp, Variant.ABAPA, 6));
        try (Tablebase tb = Tablebase.open(tmp, Variant.ABAPA)) {
            assertEquals(5, tb.maxSeeds());
            Files.move(TablePaths.valuesPath(tmp, Variant.ABAPA, 5), tmp.resolve("away"));
            MissingTableException m = assertThrows(MissingTableException.class,
                    () -> tb.value(Position.parse("1 1 1 1 0 0 / 0 0 0 0 0 1 S")));
            assertEquals(5, m.seeds());
            assertEquals(Variant.ABAPA, m.variant());
            assertEquals(TablePaths.valuesPath(tmp, Variant.ABAPA, 5), m.file());
            Files.move(tmp.resolve("away"), TablePaths.valuesPath(tmp, Variant.ABAPA, 5));
            OutsideCoverageException e = assertThrows(OutsideCoverageException.class,
                    () -> tb.value(Position.parse("2 2 2 0 0 0 / 0 0 0 0 0 1 S")));
            assertEquals(7, e.seeds());
            assertEquals(5, e.maxSeeds());
            assertTrue(e.getMessage().contains("7 seeds") && e.getMessage().contains("0..5"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> tb.value(new int[11]));
            assertThrows(IllegalArgumentException.class, () -> tb.value(new int[] {-1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
            assertThrows(IllegalArgumentException.class, () -> tb.value(new int[] {49, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
            assertEquals(8, tb.info().size()); // 0..5, 7 and 8
        }
        MissingTableException m = assertThrows(MissingTableException.class, () -> Tablebase.open(tmp, Variant.AWARI));
        assertEquals(TablePaths.valuesPath(tmp, Variant.AWARI, 0), m.file());
    }

    @Test
    void damagedBlocksAreReportedNeverMisread() throws IOException {
        TestTables.copy(Variant.ABAPA, tmp);
        Path f = TablePaths.valuesPath(tmp, Variant.ABAPA, 8);
        byte[] bytes = Files.readAllBytes(f);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long blockAt = org.krou.generator.table.TableBytes.blockOffset(bytes, 3);
        bytes[(int) blockAt + 10] ^= 0x21;
        Files.write(f, bytes);
        TinySolver s = TestTables.solver(Variant.ABAPA);
        int refused = 0;
        try (Tablebase tb = Tablebase.open(tmp, Variant.ABAPA)) {
            int[] board = new int[12];
            PositionIndex.unrank(8, 0, board);
            for (long r = 0; r < PositionIndex.size(8); r++) {
                try {
                    assertEquals(s.values[8].get(r), tb.value(board));
                } catch (CorruptTableException e) {
                    assertEquals(3, e.block());
                    assertEquals(f, e.file());
                    refused++;
                }
                PositionIndex.next(board);
            }
        }
        assertEquals(2000, refused);
    }

    @Test
    void manyThreadsAgree() throws Exception {
        TinySolver s = TestTables.solver(Variant.ABAPA);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA, new Tablebase.Options(true, 4 * 2000))) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                final long seed = t;
                results.add(pool.submit(() -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    int[] b = new int[12];
                    for (int k = 0; k < 20000; k++) {
                        int n = 4 + r.nextInt(TestTables.MAX - 3);
                        long rank = r.nextLong(PositionIndex.size(n));
                        PositionIndex.unrank(n, rank, b);
                        if (tb.value(b) != s.values[n].get(rank)) {
                            return k;
                        }
                    }
                    return -1;
                }));
            }
            for (Future<Integer> f : results) {
                assertEquals(-1, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"abapa", "awari"})
    void layerResolverGivesTrueValues(Variant v) {
        TinySolver s = TestTables.solver(v);
        ByteBigArray[] below = new ByteBigArray[TestTables.MAX + 1];
        for (int n = 0; n <= TestTables.MAX; n++) {
            below[n] = LayerResolver.load(TestTables.dir(v), v, n, below, 2);
            for (long r = 0; r < below[n].length(); r++) {
                assertEquals(s.values[n].get(r), below[n].get(r), n + " seeds, rank " + r);
            }
        }
        assertThrows(IllegalArgumentException.class,
                () -> LayerResolver.load(TestTables.dir(v), v, 5, new ByteBigArray[3], 2));
    }

    @Test
    void infoAndClose() {
        Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA);
        List<TableInfo> info = tb.info();
        assertEquals(TestTables.MAX + 1, info.size());
        assertEquals(PositionIndex.size(8), info.get(8).positions());
        assertTrue(info.get(8).bitsPerPosition() < 8);
        tb.close();
        assertThrows(IllegalStateException.class, () -> tb.value(new int[12]));
    }
}
