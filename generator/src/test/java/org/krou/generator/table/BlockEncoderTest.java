package org.krou.generator.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.krou.index.PositionIndex;
import org.krou.table.ContextKey;
import org.krou.table.Encoding;
import org.krou.table.TableKind;
import org.krou.util.ByteBigArray;

/** The fill of don't-care entries, checked position by position against its definition. */
class BlockEncoderTest {
    /** Values -4..4, most frequent first as a symbol list would have them. */
    private static final byte[] SYMBOLS = {0, 1, -1, 2, -2, 3, -3, 4, -4};

    @Test
    void aDontCareEntryTakesTheFirstCodeOfItsKeysFillOrderWhoseValueIsNotAboveItsOwn() {
        int k = SYMBOLS.length;
        int seeds = 9;
        int m = 1536;
        SplittableRandom rnd = new SplittableRandom(7);
        for (int round = 0; round < 20; round++) {
            long rank = rnd.nextLong(PositionIndex.size(seeds) - m);
            ByteBigArray values = new ByteBigArray(m);
            ByteBigArray exits = new ByteBigArray(m);
            int dontCares = 0;
            for (int i = 0; i < m; i++) {
                byte v = SYMBOLS[rnd.nextInt(k)];
                values.set(i, v);
                int kind = rnd.nextInt(3); // no exit, an exit equal to the value (don't care), one below it
                byte exit = kind == 0 || v == -4 ? BlockEncoder.NO_EXIT : kind == 1 ? v : (byte) (v - 1);
                exits.set(i, exit);
                dontCares += exit == v ? 1 : 0;
            }
            // a fill order per key, drawn at random: each a permutation of the codes
            byte[] order = new byte[ContextKey.count(k) * k];
            for (int y = 0; y < ContextKey.count(k); y++) {
                for (int c = 0; c < k; c++) {
                    int j = rnd.nextInt(c + 1);
                    order[y * k + c] = order[y * k + j];
                    order[y * k + j] = (byte) c;
                }
            }
            BlockEncoder enc = new BlockEncoder(values, ExitSource.of(exits), TableKind.VALUES, seeds, SYMBOLS, m);
            BlockEncoder.Stored s = enc.encode(0, rank, m, order, Encoding.RAW, null);
            assertEquals(dontCares, s.dontCares(), "round " + round);
            byte[] codes = new byte[m];
            for (int i = 0; i < m; i++) {
                codes[i] = (byte) indexOf(s.data()[i]);
            }
            int[] keys = new int[m];
            BlockEncoder.keys(codes, m, k, seeds, rank, keys); // each key from the codes as stored before it
            for (int i = 0; i < m; i++) {
                byte v = values.get(i);
                int want = indexOf(v);
                if (exits.get(i) == v) {
                    int x = 0;
                    while (SYMBOLS[order[keys[i] * k + x]] > v) {
                        x++;
                    }
                    want = order[keys[i] * k + x];
                }
                assertEquals(want, codes[i], "round " + round + ", position " + i + " (value " + v + ", exit "
                        + exits.get(i) + ", key " + keys[i] + ")");
            }
        }
    }

    private static int indexOf(byte symbol) {
        for (int c = 0; c < SYMBOLS.length; c++) {
            if (SYMBOLS[c] == symbol) {
                return c;
            }
        }
        throw new AssertionError("symbol " + symbol + " is not in the list");
    }
}
