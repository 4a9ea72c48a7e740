package org.krou.generator.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The context coder's encoder on the blocks whose recorded models and codings lookup's
 * {@code ContextDecoderTest} decodes: what the encoder must do on its side (keys of their own
 * where they pay off, blocks shorter than their codes, codes outside a context's list refused).
 */
class ContextEncoderTest {
    /** Codes a block of format 5 whose first position has rank {@code rank} among boards of {@code seeds} seeds. */
    private static int encode(ContextEncoder enc, byte[] codes, int m, int k, int seeds, long rank, byte[] out) {
        int[] keys = new int[m];
        BlockEncoder.keys(codes, m, k, seeds, rank, keys);
        return enc.encode(codes, keys, m, out, new byte[2 * m + 16]);
    }

    @Test
    void aBlocksOwnKeysPayOffAndUnseenCodesAreRefused() {
        // the model of a block's own keys, weighted so that keys of their own pay off; a layer of
        // 4 seeds from rank 100, where runs of lag 0 to 4 follow one another
        int k = 3;
        int seeds = 4;
        long rank = 100;
        byte[] codes = {1, 0, 2, 2, 0, 1, 0, 2, 2, 2, 0, 1, 0, 2, 0, 1, 0, 2, 2, 1, 1, 0, 2, 2, 0, 1, 0, 2, 2,
                2, 0, 1, 0, 2, 0, 1, 0, 2, 1, 1, 0, 0, 2};
        int m = codes.length;
        long[] counts = new long[TableCoding.pairCells(k)];
        int[] keys = new int[m];
        BlockEncoder.keys(codes, m, k, seeds, rank, keys);
        for (int i = 0; i < m; i++) {
            counts[keys[i] * k + codes[i]] += 1000;
        }
        ContextEncoder enc = ContextEncoder.fromCounts(counts, k, 12, 64);
        assertTrue(enc.contexts() > k + 1, "contexts " + enc.contexts());
        int len = encode(enc, codes, m, k, seeds, rank, new byte[2 * m + 16]);
        assertTrue(len >= 18 && len < m, "length " + len);
        // a code outside its context's list cannot be coded
        byte[] unseen = new byte[m]; // no stream starts with 0
        assertThrows(IllegalStateException.class, () -> encode(enc, unseen, m, k, seeds, rank, new byte[2 * m + 16]));
    }

    @Test
    void blocksAreShorterThanTheirCodes() {
        int k = 2;
        long[] all = new long[TableCoding.pairCells(k)];
        Arrays.fill(all, 10);
        ContextEncoder writer = ContextEncoder.fromCounts(all, k, 12, 64);
        assertEquals(2 + 3 * (2 + 2 * 3), writer.toBytes().length, "a model of three order-1 contexts");
        int m = 40;
        for (int one : new int[] {3, 13, 23, 33}) {
            byte[] codes = new byte[m];
            codes[one] = 1;
            int len = encode(writer, codes, m, k, 5, 7, new byte[2 * m + 16]);
            assertTrue(len >= 18 && len < m, "length " + len);
        }
        k = 4;
        m = 1000;
        SplittableRandom r = new SplittableRandom(5);
        byte[] codes = new byte[m];
        for (int i = 0; i < m; i++) {
            codes[i] = (byte) r.nextInt(k);
        }
        long[] counts = new long[TableCoding.pairCells(k)];
        Arrays.fill(counts, 1);
        int len = encode(ContextEncoder.fromCounts(counts, k, 12, 64), codes, m, k, 9, 12345, new byte[2 * m + 16]);
        assertTrue(len > 200 && len < m, "length " + len);
    }
}
