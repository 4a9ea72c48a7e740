package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The eight-at-a-time test of the seed scan ({@link ResolvePhase#hasZeroByte}) against its
 * definition, byte by byte: a word holds a zero byte. A missed seed would leave a position unresolved (worth
 * 0 instead of its value); a false one would only cost time.
 */
class ResolvePhaseTest {
    @Test
    void trueExactlyWhenAByteIsZero() {
        SplittableRandom random = new SplittableRandom(8);
        for (int k = 0; k < 200_000; k++) {
            long x = random.nextLong();
            // make zero bytes, and bytes of 0x01 and 0x80 next to them (the borrows of the test), common
            for (int b = 0; b < 8; b++) {
                int roll = random.nextInt(8);
                if (roll < 3) {
                    long v = roll == 0 ? 0 : roll == 1 ? 1 : 0x80;
                    x = (x & ~(0xFFL << 8 * b)) | v << 8 * b;
                }
            }
            assertEquals(reference(x), ResolvePhase.hasZeroByte(x), Long.toHexString(x));
        }
        for (int b = 0; b < 8; b++) {
            assertEquals(true, ResolvePhase.hasZeroByte(~(0xFFL << 8 * b)), "only byte " + b + " zero");
            assertEquals(false, ResolvePhase.hasZeroByte(0x0101010101010101L ^ (0x81L << 8 * b)), "no zero byte");
        }
    }

    private static boolean reference(long x) {
        for (int b = 0; b < 8; b++) {
            if ((x >>> 8 * b & 0xFF) == 0) {
                return true;
            }
        }
        return false;
    }
}
