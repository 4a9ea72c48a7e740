package org.krou.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ByteBigArray} on small arrays. Crossing the 2^30-byte chunk boundary needs an array
 * of more than 1 GiB: that test only runs with {@code -Dkrou.bigMemoryTests=true} and a heap of
 * at least 2 GiB (e.g. {@code mvn test -pl lookup -Dtest=ByteBigArrayTest -Dkrou.bigMemoryTests=true}).
 */
class ByteBigArrayTest {
    @TempDir
    Path dir;

    @Test
    void zeroFilledGetSetFillLength() {
        ByteBigArray a = new ByteBigArray(1000);
        assertEquals(1000, a.length());
        for (long i = 0; i < 1000; i++) {
            assertEquals(0, a.get(i));
        }
        for (long i = 0; i < 1000; i++) {
            a.set(i, (byte) (i * 7));
        }
        for (long i = 0; i < 1000; i++) {
            assertEquals((byte) (i * 7), a.get(i), "byte " + i);
        }
        a.set(999, (byte) -128);
        assertEquals(-128, a.get(999));
        a.fill((byte) 5);
        for (long i = 0; i < 1000; i++) {
            assertEquals(5, a.get(i));
        }
        assertEquals(0, new ByteBigArray(0).length());
        assertThrows(IllegalArgumentException.class, () -> new ByteBigArray(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> a.get(1000));
    }

    @Test
    void copyToAndCopyFrom() {
        SplittableRandom rnd = new SplittableRandom(3);
        ByteBigArray a = new ByteBigArray(5000);
        byte[] src = new byte[3000];
        for (int i = 0; i < src.length; i++) {
            src[i] = (byte) (1 + rnd.nextInt(255)); // never 0, so a missed byte shows
        }
        a.copyFrom(src, 100, 1234, 2500); // src[100..2600) -> a[1234..3734)
        for (long i = 0; i < 5000; i++) {
            byte expected = i >= 1234 && i < 3734 ? src[(int) (i - 1234 + 100)] : 0;
            assertEquals(expected, a.get(i), "byte " + i);
        }
        byte[] dst = new byte[3000];
        dst[0] = 77;
        dst[2999] = 88;
        a.copyTo(1234, dst, 1, 2500); // a[1234..3734) -> dst[1..2501): exactly what was copied in
        assertEquals(77, dst[0], "before the destination range");
        for (int k = 0; k < 2500; k++) {
            assertEquals(src[100 + k], dst[1 + k], "dst " + (1 + k));
        }
        assertEquals(0, dst[2501], "after the copied range");
        a.copyTo(1200, dst, 0, 2600); // a[1200..3800) -> dst[0..2600), zeros at both ends
        for (int k = 0; k < 2600; k++) {
            assertEquals(a.get(1200 + k), dst[k], "dst " + k);
        }
        assertEquals(88, dst[2999], "after the destination range");
        // zero-length copies do nothing
        dst[0] = 77;
        a.copyTo(0, dst, 0, 0);
        a.copyFrom(src, 0, 0, 0);
        assertEquals(77, dst[0]);
        assertEquals(0, a.get(0));
    }

    @Test
    void getLongReadsEightBytesLittleEndian() throws IOException {
        ByteBigArray a = new ByteBigArray(24);
        for (int i = 0; i < 24; i++) {
            a.set(i, (byte) (0xA0 + i));
        }
        assertEquals(0xA7A6A5A4A3A2A1A0L, a.getLong(0));
        assertEquals(0xB7B6B5B4B3B2B1B0L, a.getLong(16));
        assertThrows(IndexOutOfBoundsException.class, () -> a.getLong(4), "not a multiple of 8");
        assertThrows(IndexOutOfBoundsException.class, () -> a.getLong(24), "past the end");
        assertThrows(IndexOutOfBoundsException.class, () -> new ByteBigArray(20).getLong(16), "crosses the end");
        Path f = Files.createTempFile("krou-getlong", ".bin");
        try {
            byte[] bytes = new byte[24];
            a.copyTo(0, bytes, 0, 24);
            Files.write(f, bytes);
            assertEquals(a.getLong(8), ByteBigArray.map(f, 24).getLong(8), "a mapped array reads the same");
        } finally {
            Files.delete(f);
        }
    }

    /**
     * An array over chunks the caller keeps: writes through either side are seen by the other,
     * and chunks of other lengths than the chunk size (but the last) are refused.
     */
    @Test
    void wrapSharesTheCallersChunks() {
        byte[] last = new byte[10];
        ByteBigArray a = ByteBigArray.wrap(new byte[][] {last});
        assertEquals(10, a.length());
        last[3] = 9;
        assertEquals(9, a.get(3));
        a.set(7, (byte) -4);
        assertEquals(-4, last[7]);
        assertEquals(0, ByteBigArray.wrap(new byte[0][]).length());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ByteBigArray.wrap(new byte[][] {new byte[10], new byte[10]}));
        assertEquals("chunk 0 of 2 holds 10 bytes", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ByteBigArray.wrap(new byte[][] {new byte[0]}));
    }

    /** Get/set and copies across the chunk boundary at 2^30: needs more than 1 GiB of heap. */
    @Test
    @EnabledIfSystemProperty(named = "krou.bigMemoryTests", matches = "true")
    void acrossTheChunkBoundary() {
        assumeTrue(Runtime.getRuntime().maxMemory() >= (2L << 30), "needs -Xmx2g or more");
        long boundary = 1L << ByteBigArray.CHUNK_BITS;
        ByteBigArray a = new ByteBigArray(boundary + 4096);
        a.set(boundary - 1, (byte) 1);
        a.set(boundary, (byte) 2);
        a.set(boundary + 4095, (byte) 3);
        assertEquals(1, a.get(boundary - 1));
        assertEquals(2, a.get(boundary));
        assertEquals(3, a.get(boundary + 4095));
        assertEquals(0, a.get(boundary + 1));
        byte[] src = new byte[2000];
        for (int i = 0; i < src.length; i++) {
            src[i] = (byte) (i + 1);
        }
        a.copyFrom(src, 0, boundary - 1000, 2000);
        byte[] dst = new byte[2000];
        a.copyTo(boundary - 1000, dst, 0, 2000);
        assertArrayEquals(src, dst);
        assertEquals(src[1000], a.get(boundary));
        assertThrows(IndexOutOfBoundsException.class, () -> a.get(boundary + 4096));
    }

    @Test
    void aMappedFileReadsAsItsBytesAndIsReadOnly() throws IOException {
        SplittableRandom rnd = new SplittableRandom(5);
        byte[] bytes = new byte[10_000];
        rnd.nextBytes(bytes);
        Path f = dir.resolve("bytes.raw");
        Files.write(f, bytes);
        ByteBigArray m = ByteBigArray.map(f, 9_000); // the file may be longer than the array
        assertTrue(m.isMapped());
        assertFalse(new ByteBigArray(3).isMapped());
        assertEquals(9_000, m.length());
        for (int i = 0; i < 9_000; i++) {
            assertEquals(bytes[i], m.get(i), "byte " + i);
        }
        byte[] dst = new byte[500];
        m.copyTo(8_600, dst, 50, 400);
        for (int k = 0; k < 400; k++) {
            assertEquals(bytes[8_600 + k], dst[50 + k]);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> m.get(9_000));
        assertThrows(IndexOutOfBoundsException.class, () -> m.copyTo(8_900, dst, 0, 200));
        assertThrows(UnsupportedOperationException.class, () -> m.set(0, (byte) 1));
        assertThrows(UnsupportedOperationException.class, () -> m.fill((byte) 1));
        assertThrows(UnsupportedOperationException.class, () -> m.copyFrom(dst, 0, 0, 1));
        assertEquals(0, ByteBigArray.map(f, 0).length());
        IOException shortFile = assertThrows(IOException.class, () -> ByteBigArray.map(f, 10_001));
        assertTrue(shortFile.getMessage().contains("bytes.raw") && shortFile.getMessage().contains("10001"),
                shortFile.getMessage());
    }

    /**
     * A file of more than 2 GiB (sparse: nothing but a few bytes is written, so it costs no disk)
     * maps in chunks of 2^30 bytes; reads and copies across both chunk boundaries.
     */
    @Test
    void aMappedFileOfMoreThanTwoGibibytes() throws IOException {
        long boundary = 1L << ByteBigArray.CHUNK_BITS;
        long length = 2 * boundary + 4096;
        Path f = dir.resolve("big.raw");
        byte[] marks = new byte[2000];
        for (int i = 0; i < marks.length; i++) {
            marks[i] = (byte) (i % 251 + 1);
        }
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(length);
            for (long at : new long[] {0, boundary - 1000, 2 * boundary - 1000, length - marks.length}) {
                raf.seek(at);
                raf.write(marks);
            }
        }
        ByteBigArray m = ByteBigArray.map(f, length);
        assertEquals(length, m.length());
        assertEquals(marks[0], m.get(0));
        assertEquals(marks[999], m.get(boundary - 1));
        assertEquals(marks[1000], m.get(boundary));
        assertEquals(marks[1000], m.get(2 * boundary));
        assertEquals(0, m.get(boundary + 5000));
        assertEquals(marks[marks.length - 1], m.get(length - 1));
        for (long at : new long[] {boundary - 1000, 2 * boundary - 1000}) {
            byte[] dst = new byte[2000];
            m.copyTo(at, dst, 0, 2000);
            assertArrayEquals(marks, dst, "across the boundary at " + (at + 1000));
        }
        assertThrows(IndexOutOfBoundsException.class, () -> m.get(length));
    }
}
