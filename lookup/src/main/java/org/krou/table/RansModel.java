package org.krou.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The order-1 model of the {@link Encoding#RANS} encoding: for each context (the previous code in
 * the block, or "block start"), a frequency for each code that follows it, summing to
 * {@code 2^scale} ({@code scale} 8..11); and the byte-wise rANS decoder that uses it (32-bit state, renormalised to
 * {@code [2^23, 2^31)} one byte at a time). Immutable; decoding validates every step. The model
 * is built from counts, serialised and used to encode by the writer's
 * {@code org.krou.generator.table.RansEncoder} (generator module).
 */
final class RansModel {
    /** Lower bound of the coder state. */
    static final int L = 1 << 23;

    final int k;
    final int scale;
    /** {@code freq[ctx * k + code]}; context {@code k} is the block start. */
    private final int[] freq;
    private final int[] cum;
    /**
     * Decoding table, index {@code (ctx << scale) + slot}: for the code owning the slot,
     * {@code code << 24 | freq << 12 | (slot - cum)}; 0 for a context never seen (a real entry
     * has {@code freq >= 1}). Fits 32 bits because {@code scale <= 11}.
     */
    private final int[] dec;

    private RansModel(int k, int scale, int[] freq) {
        this.k = k;
        this.scale = scale;
        this.freq = freq;
        this.cum = new int[freq.length];
        this.dec = new int[(k + 1) << scale];
        for (int c = 0; c <= k; c++) {
            int at = 0;
            for (int s = 0; s < k; s++) {
                int f = freq[c * k + s];
                cum[c * k + s] = at;
                for (int slot = at; slot < at + f; slot++) {
                    dec[(c << scale) + slot] = s << 24 | f << 12 | (slot - at);
                }
                at += f;
            }
        }
    }

    /** The largest serialised size for {@code k} codes. */
    static int maxBytes(int k) {
        return (k + 1) * (2 + 3 * k);
    }

    /** Parses and validates a serialised model; returns null and sets {@code why[0]} if it is malformed. */
    static RansModel parse(byte[] data, int k, int scale, String[] why) {
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int[] freq = new int[(k + 1) * k];
        for (int c = 0; c <= k; c++) {
            if (b.remaining() < 2) {
                why[0] = "model ends in context " + c;
                return null;
            }
            int n = b.getShort() & 0xFFFF;
            if (n > k || b.remaining() < 3 * n) {
                why[0] = "context " + c + " has " + n + " entries";
                return null;
            }
            int last = -1;
            int sum = 0;
            for (int i = 0; i < n; i++) {
                int s = b.get() & 0xFF;
                int f = b.getShort() & 0xFFFF;
                if (s <= last || s >= k || f < 1) {
                    why[0] = "context " + c + ": bad entry code " + s + " frequency " + f;
                    return null;
                }
                freq[c * k + s] = f;
                sum += f;
                last = s;
            }
            if (n > 0 && sum != 1 << scale) {
                why[0] = "context " + c + ": frequencies sum to " + sum + ", expected " + (1 << scale);
                return null;
            }
        }
        if (b.hasRemaining()) {
            why[0] = b.remaining() + " bytes left over after the model";
            return null;
        }
        return new RansModel(k, scale, freq);
    }

    /** The first position of the second stream of a block of {@code m} positions. */
    static int secondStream(int m) {
        return (m + 1) >>> 1;
    }

    /** The upper bound of the encoded length of {@code m} codes. */
    static int maxEncodedLength(int m) {
        return 2 * m + 16;
    }

    /** Decodes {@code m} symbols; returns null or what is wrong. */
    String decode(byte[] in, int len, int m, byte[] symbols, byte[] out) {
        if (len < 8) {
            return "rANS block of " + len + " bytes";
        }
        int xa = (in[0] & 0xFF) | (in[1] & 0xFF) << 8 | (in[2] & 0xFF) << 16 | (in[3] & 0xFF) << 24;
        int xb = (in[4] & 0xFF) | (in[5] & 0xFF) << 8 | (in[6] & 0xFF) << 16 | (in[7] & 0xFF) << 24;
        if (xa < L || xb < L) {
            return "rANS states " + Integer.toUnsignedString(xa) + ", " + Integer.toUnsignedString(xb)
                    + " outside the coder range";
        }
        final int sc = scale;
        final int mask = (1 << sc) - 1;
        final int[] d = dec;
        final int h = secondStream(m);
        final int mb = m - h;
        int p = 8;
        int ba = k << sc;
        int bb = ba;
        for (int i = 0; i < h; i++) {
            int ea = d[ba + (xa & mask)];
            if (ea == 0) {
                return "context " + (ba >>> sc) + " at position " + i + " is not in the model";
            }
            // x stays in [L, 2^31): after a step it is at least 2^(23 - scale) >= 2^12, so at
            // most two bytes renormalise it; the second one is taken without a branch
            xa = ((ea >>> 12) & 0xFFF) * (xa >>> sc) + (ea & 0xFFF);
            if (xa < L) {
                if (p + 1 < len) {
                    xa = (xa << 8) | (in[p++] & 0xFF);
                    int r = (xa - L) >>> 31;
                    xa = r != 0 ? (xa << 8) | (in[p] & 0xFF) : xa;
                    p += r;
                } else {
                    while (xa < L) {
                        if (p >= len) {
                            return "rANS data ends at position " + i;
                        }
                        xa = (xa << 8) | (in[p++] & 0xFF);
                    }
                }
            }
            int sa = ea >>> 24;
            out[i] = symbols[sa];
            ba = sa << sc;
            if (i < mb) {
                int eb = d[bb + (xb & mask)];
                if (eb == 0) {
                    return "context " + (bb >>> sc) + " at position " + (h + i) + " is not in the model";
                }
                xb = ((eb >>> 12) & 0xFFF) * (xb >>> sc) + (eb & 0xFFF);
                if (xb < L) {
                    if (p + 1 < len) {
                        xb = (xb << 8) | (in[p++] & 0xFF);
                        int r = (xb - L) >>> 31;
                        xb = r != 0 ? (xb << 8) | (in[p] & 0xFF) : xb;
                        p += r;
                    } else {
                        while (xb < L) {
                            if (p >= len) {
                                return "rANS data ends at position " + (h + i);
                            }
                            xb = (xb << 8) | (in[p++] & 0xFF);
                        }
                    }
                }
                int sb = eb >>> 24;
                out[h + i] = symbols[sb];
                bb = sb << sc;
            }
        }
        if (xa != L || xb != L || p != len) {
            return "rANS final states " + xa + ", " + xb + " with " + (len - p) + " bytes left, expected " + L
                    + " and none";
        }
        return null;
    }
}
