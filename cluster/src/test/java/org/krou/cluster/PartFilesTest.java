package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.generator.table.BlockEncoder;
import org.krou.generator.table.TableWriter;
import org.krou.generator.table.WriterOptions;
import org.krou.rules.Variant;

/**
 * The part files the workers write and the coordinator assembles: table block {@code g} comes
 * from the owner of its rank block, in order; a short or damaged part file is refused naming the
 * file and the block; and a cluster whose rank blocks are not whole numbers of table blocks is
 * refused before it starts.
 */
class PartFilesTest {
    @TempDir
    Path dir;

    /** Block {@code g} of the test: its number as bytes, so that the order shows. */
    private static BlockEncoder.Stored block(int g) {
        byte[] data = {(byte) g, (byte) (g >>> 8), 7};
        CRC32C c = new CRC32C();
        c.update(data, 0, data.length);
        return new BlockEncoder.Stored(data, (int) c.getValue(), 0);
    }

    /** Writes the blocks of 3 workers, rank blocks of 2 table blocks, 11 table blocks in all. */
    private PartFiles write(int blocks) throws IOException {
        PartFiles parts = new PartFiles(dir, 9, 3, 2048, 1024);
        DataOutputStream[] out = new DataOutputStream[3];
        for (int w = 0; w < 3; w++) {
            out[w] = new DataOutputStream(Files.newOutputStream(parts.file(w)));
        }
        for (int g = 0; g < blocks; g++) {
            PartFiles.write(out[(g / 2) % 3], block(g));
        }
        for (DataOutputStream o : out) {
            o.close();
        }
        return parts;
    }

    @Test
    void theBlocksComeBackInTableOrderFromTheirOwners() throws IOException {
        PartFiles parts = write(11);
        TableWriter.StoredBlocks src = parts.blocks();
        for (int g = 0; g < 11; g++) {
            BlockEncoder.Stored s = src.next(g);
            assertArrayEquals(block(g).data(), s.data(), "block " + g);
            assertEquals(block(g).crc(), s.crc());
        }
        parts.close();
        for (int w = 0; w < 3; w++) {
            assertFalse(Files.exists(parts.file(w)), "part file " + w + " removed");
        }
    }

    @Test
    void aShortOrDamagedPartFileIsRefusedNamingFileAndBlock() throws IOException {
        try (PartFiles parts = write(11)) {
            TableWriter.StoredBlocks src = parts.blocks();
            for (int g = 0; g < 11; g++) {
                src.next(g);
            }
            IOException e = assertThrows(IOException.class, () -> src.next(11)); // rank block 5: worker 2
            assertTrue(e.getMessage().contains(parts.file(2).toString()) && e.getMessage().contains("block 11"),
                    e.getMessage());
        }
        try (PartFiles parts = write(11)) {
            byte[] b = Files.readAllBytes(parts.file(1));
            b[b.length - 1] ^= 1; // the last byte of block 9, worker 1's last
            Files.write(parts.file(1), b);
            TableWriter.StoredBlocks src = parts.blocks();
            for (int g = 0; g < 9; g++) {
                src.next(g);
            }
            IOException e = assertThrows(IOException.class, () -> src.next(9));
            assertTrue(e.getMessage().contains(parts.file(1).toString()) && e.getMessage().contains("block 9")
                    && e.getMessage().contains("checksum"), e.getMessage());
        }
    }

    @Test
    void rankBlocksThatSplitATableBlockAreRefusedBeforeTheRun() throws Exception {
        try (LocalTransport.Hub hub = LocalTransport.hub(0)) {
            Transport coordinator = hub.join();
            ClusterWorker worker = ClusterWorker.start(hub.join(), 1);
            ClusterGenerator g = new ClusterGenerator(coordinator, new Coordinator.Options(512, 64, 4));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> g.run(Variant.ABAPA, dir, 4, 1, r -> { }));
            assertTrue(e.getMessage().contains("512") && e.getMessage().contains(
                    String.valueOf(WriterOptions.DEFAULT.blockSize())), e.getMessage());
            assertFalse(Files.exists(dir.resolve("abapa").resolve("values-00.krou")), "nothing written");
            worker.close();
        }
    }
}
