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
}
