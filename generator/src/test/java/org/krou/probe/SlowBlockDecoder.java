package org.krou.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import org.krou.index.PositionIndex;

/**
 * A slow decoder of the context-coded blocks of a version 5 table file, written from
 * docs/FORMAT.md alone (model section, streams, lags, keys, rANS steps), as a third party would:
 * no code of the reader's. Plain arithmetic, a map of the listed keys, each position's board
 * unranked to find its lag.
 */
final class SlowBlockDecoder {
    private final byte[] f;
    private final ByteBuffer le;
    private final int seeds;
    private final int k;
    private final int scale;
    private final long positions;
    private final int blockSize;
    final int blocks;
    private final Map<Integer, Integer> contextOfKey = new HashMap<>();
    private final int[][] freq;
    private final long[] offset;
    private final int[] stored;

    SlowBlockDecoder(byte[] file) {
        f = file;
        le = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(5, le.getShort(8), "version");
        assertEquals(4, f[14], "context encoding");
        seeds = f[13];
        scale = f[15];
        k = le.getShort(42) & 0xFFFF;
        positions = le.getLong(24);
        blockSize = le.getInt(32);
        blocks = le.getInt(36);
        int at = 432;
        int q = le.getShort(at) & 0xFFFF;
        at += 2;
        for (int i = 0; i < q; i++, at += 3) {
            int prev = f[at] & 0xFF;
            int above = f[at + 1] & 0xFF;
            int same = f[at + 2] & 0xFF;
            contextOfKey.put((prev * (k + 1) + above) * 2 + same, k + 1 + i);
        }
        freq = new int[k + 1 + q][k];
        for (int c = 0; c < k + 1 + q; c++) {
            int e = le.getShort(at) & 0xFFFF;
            at += 2;
            for (int j = 0; j < e; j++, at += 3) {
                freq[c][f[at] & 0xFF] = le.getShort(at + 1) & 0xFFFF;
            }
        }
        assertEquals(432 + le.getInt(68), at, "the model section ends where its length says");
        offset = new long[blocks];
        stored = new int[blocks];
        long index = le.getLong(48);
        long o = at;
        for (int b = 0; b < blocks; b++) {
            offset[b] = o;
            stored[b] = le.getShort((int) index + 6 * b) & 0xFFFF;
            o += stored[b];
        }
    }

    int positions(int b) {
        return (int) Math.min(blockSize, positions - (long) blockSize * b);
    }

    /** The symbols of block {@code b}, or null if it is stored as its codes (not coded). */
    byte[] decode(int b) {
        int m = positions(b);
        int len = stored[b];
        if (len == m) {
            return null;
        }
        int base = (int) offset[b];
        int n1 = le.getShort(base) & 0xFFFF;
        int[] codes = new int[m];
        int h = (m + 1) / 2;
        half(codes, (long) blockSize * b, 0, h, base + 2, base + 2 + n1);
        half(codes, (long) blockSize * b, h, m, base + 2 + n1, base + len);
        byte[] out = new byte[m];
        for (int i = 0; i < m; i++) {
            out[i] = f[80 + codes[i]]; // the symbol table
        }
        return out;
    }

    /** Positions {@code [a, e)} from the half at bytes {@code [from, to)}. */
    private void half(int[] codes, long rank, int a, int e, int from, int to) {
        int c = a + (e - a + 1) / 2;
        long[] sa = stream(codes, rank, a, c, le.getInt(from) & 0xFFFFFFFFL, from + 4, 1);
        long[] sb = stream(codes, rank, c, e, le.getInt(to - 4) & 0xFFFFFFFFL, to - 5, -1);
        assertEquals(1L << 23, sa[0], "stream A's final state");
        assertEquals(1L << 23, sb[0], "stream B's final state");
        assertEquals(sb[1] + 1, sa[1], "A's bytes end just before B's");
    }

    /** Decodes positions {@code [first, end)}; returns the final state and the next byte position. */
    private long[] stream(int[] codes, long rank, int first, int end, long x, int p, int dir) {
        int[] board = new int[12];
        for (int i = first; i < end; i++) {
            PositionIndex.unrank(seeds, rank + i, board);
            int t = board[0] + board[1];
            int prev = i > first ? codes[i - 1] : k;
            int above = t >= 1 && i - t >= first ? codes[i - t] : k;
            int same = i - 2 >= first && codes[i - 1] == codes[i - 2] ? 1 : 0;
            int ctx = contextOfKey.getOrDefault((prev * (k + 1) + above) * 2 + same, prev);
            long slot = x % (1L << scale);
            int cum = 0;
            int y = 0;
            while (y < k && !(slot >= cum && slot < cum + freq[ctx][y])) {
                cum += freq[ctx][y];
                y++;
            }
            assertTrue(y < k, "position " + i + ": no code owns slot " + slot);
            codes[i] = y;
            x = freq[ctx][y] * (x >> scale) + slot - cum;
            while (x < 1L << 23) {
                x = (x << 8) | (f[p] & 0xFF);
                p += dir;
            }
        }
        return new long[] {x, p};
    }
}
