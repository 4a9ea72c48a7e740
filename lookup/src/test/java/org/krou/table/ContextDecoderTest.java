package org.krou.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The context decoder ({@link ContextModel}) on recorded models and blocks: blocks decoded whole
 * and stream by stream, and blocks it must refuse. The models and blocks (test resource
 * {@code context-vectors.txt}, one {@code name hex} a line) were written by the generator's
 * {@code ContextEncoder} from the counts and codes the comments give; the codes decoded are
 * compared with those codes, restated here. The encoder's side is tested in the generator
 * ({@code ContextEncoderTest}), and written tables through the API in {@code WrittenTableTest}.
 */
class ContextDecoderTest {
    private static final Map<String, byte[]> VECTORS = new HashMap<>();

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = ContextDecoderTest.class.getResourceAsStream("context-vectors.txt");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            for (String line; (line = r.readLine()) != null;) {
                String[] f = line.split(" ");
                VECTORS.put(f[0], HexFormat.of().parseHex(f[1]));
            }
        }
    }

    private static byte[] v(String name) {
        return VECTORS.get(name).clone();
    }

    @Test
    void codecsRefuseGarbageWithoutThrowing() {
        byte[] symbols = {0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 9};
        int k = symbols.length;
        // models of random counts of 18 codes (SplittableRandom(11): a third of the cells 0, the
        // rest below 1000), one with keys listed (at most 64 contexts), one without (every
        // context order-1)
        ContextModel listed = ContextModel.parse(v("garbage.listed"), k, 12, new String[1]);
        ContextModel order1 = ContextModel.parse(v("garbage.order1"), k, 12, new String[1]);
        SplittableRandom r = new SplittableRandom(11);
        assertTrue(listed != null && order1 != null);
        boolean[] allowed = new boolean[256];
        for (byte s : symbols) {
            allowed[s & 0xFF] = true;
        }
        byte[] out = new byte[300];
        LagScratch scratch = new LagScratch();
        int seeds = 10;
        int refused = 0;
        for (int i = 0; i < 30000; i++) {
            byte[] in = new byte[r.nextInt(400)];
            r.nextBytes(in);
            Encoding e = Encoding.values()[r.nextInt(Encoding.values().length)];
            int m = 1 + r.nextInt(300);
            long rank = r.nextLong(org.krou.index.PositionIndex.size(seeds) - m);
            ContextModel model = i % 3 == 0 ? order1 : listed;
            String why = SymbolCodec.decode(e, model, in, in.length, m, symbols, allowed, out, m - 1, rank, seeds,
                    scratch);
            refused += why != null ? 1 : 0;
            // only as far as a position: may answer (nothing checks the rest of the block; the
            // block checksum is checked before), never throws
            SymbolCodec.decode(e, model, in, in.length, m, symbols, allowed, out, r.nextInt(m), rank, seeds, scratch);
        }
        assertTrue(refused > 22000, "refused " + refused);
    }

    @Test
    void contextModelRoundTrip() {
        // the model of a block's own keys (its codes counted under their keys, 1000 each, at
        // most 64 contexts); a layer of 4 seeds from rank 100, where runs of lag 0 to 4 follow
        // one another
        int k = 3;
        int seeds = 4;
        long rank = 100;
        byte[] codes = {1, 0, 2, 2, 0, 1, 0, 2, 2, 2, 0, 1, 0, 2, 0, 1, 0, 2, 2, 1, 1, 0, 2, 2, 0, 1, 0, 2, 2,
                2, 0, 1, 0, 2, 0, 1, 0, 2, 1, 1, 0, 0, 2};
        int m = codes.length;
        String[] why = new String[1];
        ContextModel back = ContextModel.parse(v("roundtrip.model"), k, 12, why);
        assertTrue(back != null, why[0]);
        byte[] written = v("roundtrip.block");
        int len = written.length;
        byte[] block = java.util.Arrays.copyOf(written, 2 * m + 16); // in the writer's buffer
        byte[] symbols = {10, 11, 12};
        byte[] want = new byte[m];
        for (int i = 0; i < m; i++) {
            want[i] = (byte) (10 + codes[i]);
        }
        LagScratch scratch = new LagScratch();
        byte[] out = new byte[m];
        assertEquals(null, back.decode(block, len, m, symbols, out, m - 1, rank, seeds, scratch));
        assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(out));
        for (int at = 0; at < m - 1; at++) { // each position from its stream alone
            byte[] part = new byte[m];
            assertEquals(null, back.decode(block, len, m, symbols, part, at, rank, seeds, scratch));
            assertEquals(want[at], part[at], "position " + at + " alone");
        }
        // read at another rank, the lags differ: a wrong block, never the right one silently
        String other = back.decode(block, len, m, symbols, out, m - 1, rank + 1, seeds, scratch);
        assertTrue(other != null || !java.util.Arrays.equals(want, out), "decoded at the wrong rank");
        byte[] bad = v("roundtrip.model");
        bad[bad.length - 1] ^= 1;
        assertEquals(null, ContextModel.parse(bad, k, 12, why));
        assertTrue(why[0].contains("sum") || why[0].contains("frequency"), why[0]);
    }

    /**
     * A block coded with one model and read with another in which a context it uses is empty (a
     * file whose checksums were forged, say): the decoder says so, in each of the block's four
     * streams, decoding the whole block or only as far as a position after it, and never answers.
     */
    @Test
    void aBlockEnteringAContextTheModelLeavesEmptyIsRefused() {
        int k = 2;
        // the model of 2 codes, every count 10 (no keys: order-1 contexts 0, 1 and the start,
        // two entries of 2048 each), with context 1 (after a 1) emptied
        byte[] bytes = v("k2.model");
        assertEquals(2 + 3 * (2 + 2 * 3), bytes.length, "a model of three order-1 contexts");
        byte[] emptied = new byte[bytes.length - 6];
        System.arraycopy(bytes, 0, emptied, 0, 10); // q, context 0
        System.arraycopy(bytes, 18, emptied, 12, 8); // context 1 has no entries (its count stays 0), the start
        String[] why = new String[1];
        ContextModel reader = ContextModel.parse(emptied, k, 12, why);
        assertTrue(reader != null, why[0]);
        int m = 40; // streams [0, 10), [10, 20), [20, 30), [30, 40)
        int seeds = 5;
        long rank = 7;
        byte[] symbols = {10, 11};
        LagScratch scratch = new LagScratch();
        for (int one : new int[] {3, 13, 23, 33}) { // a 1 followed by a position, in each stream
            // the block of 40 codes, 0 but for a 1 at one
            byte[] enc = v("k2.one" + one);
            int len = enc.length;
            byte[] in = java.util.Arrays.copyOf(enc, ContextModel.powerOfTwo(len + ContextModel.PADDING));
            byte[] out = new byte[m];
            for (int at : new int[] {one + 1, one + 5, m - 1}) {
                String err = reader.decode(in, len, m, symbols, out, at, rank, seeds, scratch);
                assertTrue(err != null && err.contains("empty"), "a 1 at " + one + ", decoded to " + at + ": " + err);
            }
            assertEquals(null, ContextModel.parse(bytes, k, 12, why)
                    .decode(in, len, m, symbols, out, m - 1, rank, seeds, scratch));
            byte[] want = new byte[m];
            java.util.Arrays.fill(want, (byte) 10);
            want[one] = 11;
            assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(out), "a 1 at " + one);
        }
    }

    /**
     * Format 5: a stream decoded alone that needs more bytes than lie between its half's two
     * states is refused, in each of the four streams, as is a whole block whose streams cross, or
     * whose first half's length leaves no room for either half; the reads stay inside the buffer.
     */
    @Test
    void aStreamRunningOutOfItsBytesIsRefused() {
        int k = 2;
        ContextModel model = ContextModel.parse(v("k2.model"), k, 12, new String[1]); // every count 10
        int m = 40; // a bit a position: every stream needs a byte at its first position
        byte[] in = new byte[32];
        int len = 18; // each half its two states and nothing between them
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(in).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putShort(0, (short) 8).putInt(2, 1 << 23).putInt(6, 1 << 23).putInt(10, 1 << 23).putInt(14, 1 << 23);
        byte[] out = new byte[m];
        byte[] symbols = {10, 11};
        LagScratch scratch = new LagScratch();
        for (int at : new int[] {0, 9, 10, 19, 20, 29, 30, 38, m - 1}) {
            String err = model.decode(in, len, m, symbols, out, at, 0, 6, scratch);
            assertTrue(err != null && err.contains("coded data ends"), "as far as " + at + ": " + err);
        }
        for (int n1 : new int[] {0, 7, 9, 17}) {
            b.putShort(0, (short) n1);
            for (int at : new int[] {0, 25, m - 1}) {
                String err = model.decode(in, len, m, symbols, out, at, 0, 6, scratch);
                assertTrue(err != null && err.contains("first half of " + n1 + " bytes"), n1 + ", " + at + ": " + err);
            }
        }
    }

    @Test
    void contextDecoderReadsAnyBufferAlike() {
        // a block long enough that the coder takes bytes all along (random codes, 4 of them), in
        // the writer's oversized buffer, exactly as long as the block, and in a buffer of a power
        // of two with garbage after the block (as TableFile passes it): the decoder masks its
        // reads by the buffer's length, so every other buffer must be copied into such a one
        int k = 4;
        int m = 1000;
        SplittableRandom r = new SplittableRandom(5);
        byte[] codes = new byte[m];
        for (int i = 0; i < m; i++) {
            codes[i] = (byte) r.nextInt(k);
        }
        // the model of 4 codes, every count 1; the block coded at rank 12345 of 9 seeds
        ContextModel model = ContextModel.parse(v("k4.model"), k, 12, new String[1]);
        int seeds = 9;
        long rank = 12345;
        int len = v("k4.block").length;
        assertTrue(len > 200 && len < m, "length " + len);
        byte[] written = java.util.Arrays.copyOf(v("k4.block"), 2 * m + 16);
        byte[] padded = new byte[ContextModel.powerOfTwo(len + ContextModel.PADDING)];
        java.util.Arrays.fill(padded, (byte) 0xA5);
        System.arraycopy(written, 0, padded, 0, len);
        byte[] symbols = {10, 11, 12, 13};
        for (byte[] in : new byte[][] {written, java.util.Arrays.copyOf(written, len), padded}) {
            byte[] out = new byte[m];
            LagScratch scratch = new LagScratch();
            assertEquals(null, model.decode(in, len, m, symbols, out, m - 1, rank, seeds, scratch),
                    in.length + " bytes");
            for (int i = 0; i < m; i++) {
                assertEquals(10 + codes[i], out[i], "position " + i + " from a buffer of " + in.length + " bytes");
            }
            for (int at = 0; at < m; at += 7) { // only as far as one position: its stream alone
                byte[] part = new byte[m];
                assertEquals(null, model.decode(in, len, m, symbols, part, at, rank, seeds, scratch),
                        "as far as " + at);
                assertEquals(10 + codes[at], part[at], "position " + at + " alone, from a buffer of " + in.length
                        + " bytes");
            }
        }
    }
}
