package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DontCareBits#fillClear}, which masks the exits handed to the table writer a word at a
 * time, against {@link DontCareBits#get} bit by bit, over ranges that start and end anywhere in a
 * word.
 */
class DontCareBitsTest {
    @Test
    void fillClearMarksExactlyThePositionsWhoseBitIsClear() {
        SplittableRandom random = new SplittableRandom(9);
        int size = 1000;
        DontCareBits bits = new DontCareBits(size);
        for (int i = 0; i < size; i++) {
            if (random.nextInt(3) == 0) {
                bits.set(i);
            }
        }
        for (int trial = 0; trial < 2000; trial++) {
            int first = random.nextInt(size);
            int len = random.nextInt(size - first + 1);
            int off = random.nextInt(5);
            byte[] dst = new byte[off + len + 3];
            java.util.Arrays.fill(dst, (byte) 7);
            bits.fillClear(first, dst, off, len, (byte) -128);
            for (int k = 0; k < dst.length; k++) {
                boolean inRange = k >= off && k < off + len;
                byte expected = inRange && !bits.get(first + k - off) ? (byte) -128 : 7;
                assertEquals(expected, dst[k], "range " + first + "+" + len + " at offset " + off + ", byte " + k);
            }
        }
    }

    /** A word's bits at once are the bits one at a time. */
    @Test
    void setWordSetsTheBitsOfThatWordOnly() {
        DontCareBits one = new DontCareBits(300);
        DontCareBits word = new DontCareBits(300);
        long[] sets = {0, 1, 63, 64, 100, 127, 128, 255, 299};
        for (long i : sets) {
            one.set(i);
        }
        word.setWord(0, 1L | 2L | 1L << 63);
        word.setWord(1, 1L | 1L << 36 | 1L << 63);
        word.setWord(2, 0); // nothing
        word.setWord(2, 1L);
        word.setWord(3, 1L << 63);
        word.setWord(4, 1L << 43);
        for (int i = 0; i < 300; i++) {
            assertEquals(one.get(i), word.get(i), "bit " + i);
        }
    }
}
