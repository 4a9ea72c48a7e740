package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.generator.table.BlockEncoder;
import org.krou.generator.table.WriterOptions;
import org.krou.rules.Variant;

/**
 * The coded blocks the workers send and the coordinator writes: 3 workers, rank blocks of 2
 * table blocks, 11 table blocks, so worker 0 owns table blocks 0, 1, 6, 7, worker 1 owns 2, 3,
 * 8, 9 and worker 2 owns 4, 5, 10. Chunks are built here by hand as the protocol describes them
 * ({@code BLOCKS epoch seq first last count (length crc bytes)*}): the blocks come back in the
 * table's order whatever the order the chunks arrive in; a damaged, missing, extra or misplaced
 * block is refused naming the worker and the block; and a cluster whose rank blocks are not
 * whole numbers of table blocks is refused before it starts.
 */
class BlockReceiverTest {
    private static final List<String> WORKERS = List.of("w0", "w1", "w2");

    @TempDir
    Path dir;

    /** Block {@code g} of the test: its number as bytes, so that the order shows. */
    private static byte[] block(int g) {
        return new byte[] {(byte) g, (byte) (g >>> 8), 7};
    }

    private static int crc(byte[] data) {
        CRC32C c = new CRC32C();
        c.update(data, 0, data.length);
        return (int) c.getValue();
    }

    /** A chunk of blocks {@code blocks} (table indices), chunk {@code seq} of its worker. */
    private static BlockReceiver.Received chunk(String from, long seq, boolean last, int... blocks) {
        Wire.Out o = new Wire.Out(64).type(Wire.BLOCKS).varint(1).varint(seq)
                .varint(blocks.length == 0 ? 0 : blocks[0]).varint(last ? 1 : 0).varint(blocks.length);
        for (int g : blocks) {
            byte[] b = block(g);
            o.varint(b.length).varint(crc(b) & 0xFFFFFFFFL).bytes(b, 0, b.length);
        }
        Wire.In in = new Wire.In(o.toArray());
        in.type();
        in.varint();
        return new BlockReceiver.Received(from, in);
    }

    /** A receiver of the chunks {@code arriving}, in that order; {@code grants} records the credits. */
    private static BlockReceiver receiver(List<BlockReceiver.Received> arriving, int window, List<String> grants) {
        ArrayDeque<BlockReceiver.Received> q = new ArrayDeque<>(arriving);
        return new BlockReceiver(WORKERS, 2, 11, window, () -> {
            if (q.isEmpty()) {
                throw new IOException("no more messages");
            }
            return q.removeFirst();
        }, (w, upTo) -> grants.add(w + "<" + upTo));
    }

    private static List<BlockReceiver.Received> inOrder() {
        return new ArrayList<>(List.of(chunk("w0", 0, false, 0, 1), chunk("w0", 1, true, 6, 7),
                chunk("w1", 0, false, 2, 3), chunk("w1", 1, false, 8, 9), chunk("w1", 2, true),
                chunk("w2", 0, true, 4, 5, 10)));
    }

    @Test
    void theBlocksComeBackInTableOrderWhateverTheOrderOfArrival() throws IOException {
        List<BlockReceiver.Received> arriving = inOrder();
        java.util.Collections.reverse(arriving); // the last chunks first
        arriving.add(2, chunk("w1", 1, false, 8, 9)); // and one twice
        List<String> grants = new ArrayList<>();
        BlockReceiver r = receiver(arriving, 3, grants);
        for (int g = 0; g < 11; g++) {
            BlockEncoder.Stored s = r.next(g);
            assertArrayEquals(block(g), s.data(), "block " + g);
            assertEquals(crc(block(g)), s.crc());
        }
        assertEquals(List.of("w0<4", "w1<4", "w1<5"), grants, "a chunk more allowed as each is written");
    }

    @Test
    void aDamagedBlockIsRefusedNamingWorkerAndBlock() throws IOException {
        List<BlockReceiver.Received> arriving = inOrder();
        arriving.set(3, damaged("w1", 1, false, 8, 9)); // w1's chunk of blocks 8 and 9
        BlockReceiver r = receiver(arriving, 3, new ArrayList<>());
        for (int g = 0; g < 9; g++) {
            r.next(g);
        }
        IOException e = assertThrows(IOException.class, () -> r.next(9));
        assertTrue(e.getMessage().contains("worker w1") && e.getMessage().contains("table block 9")
                && e.getMessage().contains("checksum"), e.getMessage());
    }

    /** As {@link #chunk}, the last byte of the last block flipped. */
    private static BlockReceiver.Received damaged(String from, long seq, boolean last, int... blocks) {
        Wire.In in = chunk(from, seq, last, blocks).in();
        byte[] rest = new byte[in.remaining()];
        in.bytes(rest, 0, rest.length);
        rest[rest.length - 1] ^= 1;
        Wire.Out o = new Wire.Out(64).type(Wire.BLOCKS).varint(1).bytes(rest, 0, rest.length);
        Wire.In again = new Wire.In(o.toArray());
        again.type();
        again.varint();
        return new BlockReceiver.Received(from, again);
    }

    @Test
    void blocksThatEndEarlyOrGoOnAreRefused() throws IOException {
        List<BlockReceiver.Received> shortOne = inOrder();
        shortOne.set(5, chunk("w2", 0, true, 4, 5)); // without block 10
        BlockReceiver r = receiver(shortOne, 3, new ArrayList<>());
        for (int g = 0; g < 10; g++) {
            r.next(g);
        }
        IOException e = assertThrows(IOException.class, () -> r.next(10));
        assertTrue(e.getMessage().contains("worker w2, table block 10") && e.getMessage().contains("ended"),
                e.getMessage());

        List<BlockReceiver.Received> longOne = inOrder();
        longOne.set(4, chunk("w1", 2, true, 11)); // a block past the table's end
        BlockReceiver r2 = receiver(longOne, 3, new ArrayList<>());
        for (int g = 0; g < 10; g++) {
            r2.next(g);
        }
        IOException e2 = assertThrows(IOException.class, () -> r2.next(10));
        assertTrue(e2.getMessage().contains("worker w1 sent more blocks than it owns"), e2.getMessage());
    }

    @Test
    void aChunkOutOfPlaceOrBeyondItsCreditIsRefused() throws IOException {
        List<BlockReceiver.Received> misplaced = inOrder();
        misplaced.set(3, chunk("w1", 1, false, 9, 8)); // starts at block 9 where 8 is next
        BlockReceiver r = receiver(misplaced, 3, new ArrayList<>());
        for (int g = 0; g < 8; g++) {
            r.next(g);
        }
        IOException e = assertThrows(IOException.class, () -> r.next(8));
        assertTrue(e.getMessage().contains("worker w1, table block 8") && e.getMessage().contains("starting at table block 9"),
                e.getMessage());

        List<BlockReceiver.Received> greedy = inOrder();
        greedy.add(0, chunk("w1", 1, false, 8, 9)); // the second chunk first, with a window of one
        BlockReceiver r2 = receiver(greedy, 1, new ArrayList<>());
        IOException e2 = assertThrows(IOException.class, () -> r2.next(0));
        assertTrue(e2.getMessage().contains("worker w1 sent chunk 1 while allowed up to 0"), e2.getMessage());
    }

    @Test
    void rankBlocksThatSplitATableBlockAreRefusedBeforeTheRun() throws Exception {
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            Transport coordinator = hub.join();
            ClusterWorker worker = ClusterWorker.start(hub.join(), 1, dir.resolve("worker"));
            ClusterGenerator g = new ClusterGenerator(coordinator, new Coordinator.Options(512, 64, 4));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> g.run(Variant.ABAPA, dir.resolve("data"), 4, 1, r -> { }));
            assertTrue(e.getMessage().contains("512") && e.getMessage().contains(
                    String.valueOf(WriterOptions.DEFAULT.blockSize())), e.getMessage());
            assertFalse(Files.exists(dir.resolve("data").resolve("abapa").resolve("values-00.krou")), "nothing written");
            worker.close();
        }
    }
}
