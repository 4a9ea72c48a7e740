package org.krou.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.index.PositionIndex;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;
import org.krou.table.CorruptTableException;
import org.krou.generator.table.Fill;
import org.krou.table.MissingTableException;
import org.krou.table.TablePaths;
import org.krou.testkit.TinySolver;
import org.krou.table.TableFormatException;

/** The API for engines: primitive probe with a sentinel, root moves, sorted batches, outcome, eager validation. */
class EngineApiTest {
    private static final int[][] BAD = {
        null, new int[11], new int[13], {-1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {49, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        {Integer.MAX_VALUE, Integer.MAX_VALUE, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // the sum overflows to 1
        {48, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3}, // 49 seeds; 9 > MAX
    };

    @TempDir
    Path tmp;

    private static int[] random(SplittableRandom r, int n) {
        int[] b = new int[12];
        PositionIndex.unrank(n, r.nextLong(PositionIndex.size(n)), b);
        return b;
    }

    @Test
    void probeGivesTheValueOrTheSentinelNeverAnException() {
        TinySolver s = TestTables.solver(Variant.ABAPA);
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA)) {
            int[] b = new int[12];
            for (int n = 0; n <= TestTables.MAX; n++) {
                assertTrue(tb.covers(n));
                PositionIndex.unrank(n, 0, b);
                for (long r = 0; r < PositionIndex.size(n); r++) {
                    assertEquals(s.values[n].get(r), tb.probe(b), n + " seeds, rank " + r);
                    PositionIndex.next(b);
                }
            }
            assertFalse(tb.covers(TestTables.MAX + 1));
            assertFalse(tb.covers(-1));
            for (int[] bad : BAD) {
                assertEquals(Tablebase.NO_VALUE, tb.probe(bad), Arrays.toString(bad));
            }
        }
    }

    @Test
    void rootMovesGiveEveryMoveOfTheBoardInOneCall() {
        SplittableRandom r = new SplittableRandom(4);
        int[] values = new int[6];
        int[] distances = new int[6];
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.AWARI), Variant.AWARI)) {
            for (int k = 0; k < 2000; k++) {
                int[] b = random(r, r.nextInt(TestTables.MAX + 1));
                Position p = Position.fromMoverRelative(b, Side.SOUTH);
                int mask = tb.rootMoves(b, values, distances);
                List<MoveValue> moves = tb.moveValues(p);
                assertEquals(moves.size(), Integer.bitCount(mask));
                for (MoveValue m : moves) {
                    assertEquals(m.value(), values[p.pitOf(m.move())], p + " " + m);
                }
                for (int pit = 0; pit < 6; pit++) {
                    if ((mask & (1 << pit)) == 0) {
                        assertEquals(Tablebase.NO_VALUE, values[pit]);
                    } else {
                        int[] child = new int[12];
                        int c = Rules.play(b, pit, Variant.AWARI, child);
                        assertEquals(c - tb.probe(child), values[pit]);
                    }
                    assertEquals(-1, distances[pit], "no distance tables here");
                }
                assertEquals(mask, tb.rootMoves(b, values, null), "distances are optional");
            }
            for (int[] bad : BAD) {
                Arrays.fill(values, 7);
                assertEquals(-1, tb.rootMoves(bad, values, distances));
                assertTrue(Arrays.stream(values).allMatch(v -> v == Tablebase.NO_VALUE));
                assertTrue(Arrays.stream(distances).allMatch(v -> v == -1));
            }
            assertEquals(0, tb.rootMoves(new int[12], values, distances), "the game is over");
            assertThrows(IllegalArgumentException.class, () -> tb.rootMoves(new int[12], new int[5], null));
        }
    }

    /** The batch agrees with probe, in input order, and reads each block of its boards' tables once. */
    @Test
    void probeAllSortsByBlockAndKeepsTheOrder() throws IOException {
        // tables without don't-care entries: every decode is one of the boards' own blocks
        TestTables.write(tmp, Variant.ABAPA, TestTables.OPTIONS.withFill(Fill.NONE), true);
        SplittableRandom r = new SplittableRandom(9);
        int k = 5000;
        int[] boards = new int[12 * k];
        Set<Long> blocks = new HashSet<>();
        for (int i = 0; i < k; i++) {
            int[] b = i % 97 == 0 ? BAD[3 + (i / 97) % (BAD.length - 3)] : random(r, r.nextInt(TestTables.MAX + 1));
            System.arraycopy(b, 0, boards, 12 * i, 12);
            int n = Rules.seeds(b);
            if (i % 97 != 0) {
                blocks.add(((long) n << 32) | PositionIndex.rank(b) / 2000);
            }
        }
        int[] out = new int[k];
        try (Tablebase tb = Tablebase.open(tmp, Variant.ABAPA, new Tablebase.Options(true, 0))) {
            tb.probeAll(boards, out);
            assertEquals(blocks.size(), tb.cache().decodes(), "blocks decoded with a cache that holds none");
            for (int i = 0; i < k; i++) {
                int[] b = Arrays.copyOfRange(boards, 12 * i, 12 * i + 12);
                assertEquals(tb.probe(b), out[i], "board " + i);
            }
            assertThrows(IllegalArgumentException.class, () -> tb.probeAll(new int[25], new int[2]));
        }
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA)) { // with don't-cares
            int[] dc = new int[k];
            tb.probeAll(boards, dc);
            assertArrayEquals(out, dc);
        }
    }

    @Test
    void outcomeWithoutAllocationAgreesWithFinalResult() {
        SplittableRandom r = new SplittableRandom(2);
        try (Tablebase tb = Tablebase.open(TestTables.dir(Variant.ABAPA), Variant.ABAPA)) {
            for (int k = 0; k < 3000; k++) {
                int n = r.nextInt(TestTables.MAX + 1);
                int[] b = random(r, n);
                Side side = r.nextBoolean() ? Side.SOUTH : Side.NORTH;
                int sc = r.nextInt(48 - n + 1);
                int nc = r.nextInt(48 - n - sc + 1);
                Position p = new Position(Position.fromMoverRelative(b, side).pits(), side, sc, nc);
                int v = tb.probe(b);
                FinalResult f = tb.finalResult(p);
                assertEquals(f.outcome(), FinalResult.outcome(b, side, sc, nc, v), p.toString());
                assertEquals(f.southHalves(), FinalResult.southHalves(n, side, sc, v));
                assertEquals(f.northHalves(), FinalResult.northHalves(n, side, nc, v));
            }
        }
    }

    @Test
    void validateFindsTheFirstBadTableUpFront() throws IOException {
        TestTables.copy(Variant.ABAPA, tmp);
        try (Tablebase tb = Tablebase.open(tmp, Variant.ABAPA)) {
            tb.validate(true);
        }
        Path six = TablePaths.valuesPath(tmp, Variant.ABAPA, 6);
        byte[] bytes = Files.readAllBytes(six);
        long index = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(48);
        bytes[(int) index - 5] ^= 0x10; // inside the last block: only a checksum can see it
        Files.write(six, bytes);
        try (Tablebase tb = Tablebase.open(tmp, Variant.ABAPA)) {
            tb.validate();
            CorruptTableException e = assertThrows(CorruptTableException.class, () -> tb.validate(true));
            assertEquals(six, e.file());
        }
        Path four = TablePaths.valuesPath(tmp, Variant.ABAPA, 4);
        Files.copy(TablePaths.valuesPath(TestTables.dir(Variant.AWARI), Variant.AWARI, 4), four,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        try (Tablebase tb = Tablebase.open(tmp, Variant.ABAPA)) {
            TableFormatException e = assertThrows(TableFormatException.class, tb::validate);
            assertEquals(four, e.file());
            assertEquals("rule set", e.field());
            Files.delete(four);
            MissingTableException m = assertThrows(MissingTableException.class, tb::validate);
            assertEquals(four, m.file());
        }
    }

    /** A damaged block throws its typed exception even from probe (documented); after close, probe throws. */
    @Test
    void damageAndCloseThrow() throws IOException {
        TestTables.copy(Variant.ABAPA, tmp);
        Path f = TablePaths.valuesPath(tmp, Variant.ABAPA, 8);
        byte[] bytes = Files.readAllBytes(f);
        long blockAt = org.krou.generator.table.TableBytes.blockOffset(bytes, 0);
        bytes[(int) blockAt + 3] ^= 0x44;
        Files.write(f, bytes);
        Tablebase tb = Tablebase.open(tmp, Variant.ABAPA);
        int[] b = new int[12];
        PositionIndex.unrank(8, 0, b);
        CorruptTableException e = assertThrows(CorruptTableException.class, () -> tb.probe(b));
        assertEquals(0, e.block());
        tb.close();
        assertThrows(IllegalStateException.class, () -> tb.probe(new int[12]));
        assertThrows(IllegalStateException.class, tb::validate);
    }
}
