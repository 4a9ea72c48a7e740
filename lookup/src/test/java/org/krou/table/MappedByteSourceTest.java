package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file mapped in parts reads as its bytes, a read spanning two parts included: parts of 64,
 * 1,024 and 8,192 bytes over a file of 20,000 (the last part short), whole and in random ranges.
 */
class MappedByteSourceTest {
    @TempDir
    Path dir;

    @Test
    void readsAcrossPartsAsTheFileHoldsThem() throws IOException {
        byte[] bytes = new byte[20_000];
        SplittableRandom r = new SplittableRandom(9);
        r.nextBytes(bytes);
        Path f = dir.resolve("bytes.krou");
        Files.write(f, bytes);
        for (int bits : new int[] {6, 10, 13}) {
            try (MappedByteSource src = MappedByteSource.open(f, bits)) {
                assertEquals(bytes.length, src.length());
                assertEquals(f, src.path());
                byte[] all = new byte[bytes.length];
                src.read(0, all, 0, all.length);
                assertArrayEquals(bytes, all, "parts of 2^" + bits);
                for (int k = 0; k < 2000; k++) {
                    int len = r.nextInt(300);
                    int at = r.nextInt(bytes.length - len + 1);
                    int off = r.nextInt(5);
                    byte[] got = new byte[off + len];
                    src.read(at, got, off, len);
                    assertArrayEquals(Arrays.copyOfRange(bytes, at, at + len), Arrays.copyOfRange(got, off, off + len),
                            len + " bytes at " + at + ", parts of 2^" + bits);
                }
                int part = 1 << bits;
                byte[] two = new byte[10]; // the last 5 bytes of the first part and the first 5 of the second
                src.read(part - 5, two, 0, 10);
                assertArrayEquals(Arrays.copyOfRange(bytes, part - 5, part + 5), two);
                assertThrows(IndexOutOfBoundsException.class, () -> src.read(bytes.length - 2, new byte[3], 0, 3));
            }
        }
    }

    @Test
    void aClosedSourceRefusesToRead() throws IOException {
        Path f = dir.resolve("small.krou");
        Files.write(f, new byte[100]);
        MappedByteSource src = MappedByteSource.open(f, 6);
        src.close();
        assertThrows(IllegalStateException.class, () -> src.read(0, new byte[1], 0, 1));
    }
}
