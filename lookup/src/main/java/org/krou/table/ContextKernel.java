package org.krou.table;

/**
 * The loops of {@link ContextModel}'s decoder: the per-position kernel of a cold probe and of
 * filling the block cache. Three layouts of a block's two rANS streams (docs/FORMAT.md): apart
 * (format 4, written today), the whole block with both streams at once ({@link #apart}) or one
 * stream as far as a position ({@link #alone}); and interleaved (formats 2 and 3,
 * {@link #interleaved}).
 *
 * <p>A step: the slot's bucket gives the first entry of its context that may own it, a short
 * walk the one that does (its offset, code and next context in one int, its frequency from the
 * next entry's offset); the state then takes 0, 1 or 2 bytes (after a step it is at least
 * {@code 2^(23 - scale) >= 2^11}, so two always suffice): how many follows from the state alone
 * (below {@code L} one, below {@code L >> 8} two), so the next two bytes of the padded buffer are
 * read and shifted in without a branch, and the byte position does not wait for them. Every array
 * index is masked by its array's length less one (the lengths are powers of two): for a valid
 * model and block the masks change nothing, but they let the compiler drop the bounds checks,
 * about 15% of the time of a step. Each step also checks that its context is not empty and each
 * pass that the byte positions stay inside the block, so a damaged block is reported, never read
 * outside its buffer. Nothing is allocated. The step is written out in each loop on purpose: one
 * method returning the entry and the state packed in a long, inlined by the compiler, made whole
 * blocks 13% slower to decode.
 */
final class ContextKernel {
    private static final int L = ContextModel.L;
    private static final int LOW2 = ContextModel.LOW2;
    private static final int BUCKET_BITS = ContextModel.BUCKET_BITS;
    private static final int CUM_SHIFT = ContextModel.CUM_SHIFT;
    private static final int CODE_SHIFT = ContextModel.CODE_SHIFT;

    private ContextKernel() {
    }

    /**
     * Format 4, one stream alone: decodes {@code steps} positions of the stream starting at
     * position {@code base} (0 for stream A, {@code h} for B), from state {@code x}, its bytes
     * read from {@code p} in direction {@code dir} (A: +1 from byte 4; B: -1 from byte
     * {@code len - 5}). Its bytes lie between the two states, bytes 4 to {@code len - 5}.
     */
    static String alone(ContextModel model, byte[] in, int len, int base, int steps, int p, int dir,
                        byte[] symbols, byte[] out, int x) {
        final int sc = model.scale;
        final int mask = (1 << sc) - 1;
        final int[] rs = model.rowStart;
        final int rm = rs.length - 1;
        final byte[] bk = model.bucket;
        final int bm = bk.length - 1;
        final int bb = sc - BUCKET_BITS;
        final int[] st = model.step;
        final int sm = st.length - 1;
        final int im = in.length - 1;
        final int last = len - 4;
        int c = model.start;
        for (int i = 0; i < steps; i++) {
            int slot = x & mask;
            int j = rs[c & rm] + (bk[((c << bb) + (slot >>> BUCKET_BITS)) & bm] & 0xFF);
            int e = st[j & sm];
            int n = st[(j + 1) & sm];
            while (slot >= n >>> CUM_SHIFT) {
                e = n;
                n = st[(++j + 1) & sm];
            }
            int cum = e >>> CUM_SHIFT;
            int f = (n >>> CUM_SHIFT) - cum;
            if (f == 0) {
                return "position " + (base + i) + " decodes in a context the model leaves empty";
            }
            x = f * (x >>> sc) + slot - cum;
            int r = (((x - L) >>> 31) + ((x - LOW2) >>> 31)) << 3;
            x = (x << r) | (((in[p & im] & 0xFF) << 8 | (in[(p + dir) & im] & 0xFF)) >>> (16 - r));
            p += dir * (r >>> 3);
            out[base + i] = symbols[(e >>> CODE_SHIFT) & 0xFF];
            c = e & 0x7FF;
            if (p < 3 || p > last) {
                return "coded data ends at position " + (base + i);
            }
        }
        return null;
    }

    /**
     * Format 4, the whole block: stream A's bytes read forwards from byte 4, B's backwards from
     * byte {@code len - 5}, a position of each per pass so that the two dependency chains run at
     * once; at the end both states are back at {@code L} and the two byte positions have met.
     */
    static String apart(ContextModel model, byte[] in, int len, int m, byte[] symbols, byte[] out, int xa, int xb) {
        final int sc = model.scale;
        final int mask = (1 << sc) - 1;
        final int[] rs = model.rowStart;
        final int rm = rs.length - 1;
        final byte[] bk = model.bucket;
        final int bm = bk.length - 1;
        final int bb = sc - BUCKET_BITS;
        final int[] st = model.step;
        final int sm = st.length - 1;
        final int im = in.length - 1;
        final int h = (m + 1) >>> 1;
        final int mb = m - h;
        int ca = model.start;
        int cb = model.start;
        int pa = 4;
        int pb = len - 5;
        for (int i = 0; i < h; i++) {
            int slot = xa & mask;
            int j = rs[ca & rm] + (bk[((ca << bb) + (slot >>> BUCKET_BITS)) & bm] & 0xFF);
            int e = st[j & sm];
            int n = st[(j + 1) & sm];
            while (slot >= n >>> CUM_SHIFT) {
                e = n;
                n = st[(++j + 1) & sm];
            }
            int cum = e >>> CUM_SHIFT;
            int f = (n >>> CUM_SHIFT) - cum;
            if (f == 0) {
                return "position " + i + " decodes in a context the model leaves empty";
            }
            xa = f * (xa >>> sc) + slot - cum;
            int r = (((xa - L) >>> 31) + ((xa - LOW2) >>> 31)) << 3;
            xa = (xa << r) | (((in[pa & im] & 0xFF) << 8 | (in[(pa + 1) & im] & 0xFF)) >>> (16 - r));
            pa += r >>> 3;
            out[i] = symbols[(e >>> CODE_SHIFT) & 0xFF];
            ca = e & 0x7FF;
            if (i < mb) {
                slot = xb & mask;
                j = rs[cb & rm] + (bk[((cb << bb) + (slot >>> BUCKET_BITS)) & bm] & 0xFF);
                e = st[j & sm];
                n = st[(j + 1) & sm];
                while (slot >= n >>> CUM_SHIFT) {
                    e = n;
                    n = st[(++j + 1) & sm];
                }
                cum = e >>> CUM_SHIFT;
                f = (n >>> CUM_SHIFT) - cum;
                if (f == 0) {
                    return "position " + (h + i) + " decodes in a context the model leaves empty";
                }
                xb = f * (xb >>> sc) + slot - cum;
                r = (((xb - L) >>> 31) + ((xb - LOW2) >>> 31)) << 3;
                xb = (xb << r) | (((in[pb & im] & 0xFF) << 8 | (in[(pb - 1) & im] & 0xFF)) >>> (16 - r));
                pb -= r >>> 3;
                out[h + i] = symbols[(e >>> CODE_SHIFT) & 0xFF];
                cb = e & 0x7FF;
            }
            if (pa > pb + 1) {
                return "coded data ends at position " + i;
            }
        }
        if (xa != L || xb != L || pa != pb + 1) {
            return "coded block does not end cleanly (states " + Integer.toUnsignedString(xa) + ", "
                    + Integer.toUnsignedString(xb) + ", " + (pb + 1 - pa) + " bytes left)";
        }
        return null;
    }

    /**
     * Formats 2 and 3: both states first (A then B), then the bytes of both streams as the
     * decoder takes them, alternating a position of A and one of B; decoded as far as position
     * {@code at} (both streams up to it), checked at the end when {@code at = m - 1}.
     */
    static String interleaved(ContextModel model, byte[] in, int len, int m, byte[] symbols, byte[] out, int at,
                              int xa, int xb) {
        final int sc = model.scale;
        final int mask = (1 << sc) - 1;
        final int[] rs = model.rowStart;
        final int rm = rs.length - 1;
        final byte[] bk = model.bucket;
        final int bm = bk.length - 1;
        final int bb = sc - BUCKET_BITS;
        final int[] st = model.step;
        final int sm = st.length - 1;
        final int im = in.length - 1;
        final int h = (m + 1) >>> 1;
        final int mb = m - h;
        final boolean whole = at == m - 1;
        final int passes = whole ? h : 1 + (at < h ? at : at - h);
        int ca = model.start;
        int cb = model.start;
        int p = ContextModel.STATE_BYTES;
        // a pass takes at most 4 bytes and reads at most 2 past its last, so checking once per
        // pass keeps p inside the padding
        for (int i = 0; i < passes; i++) {
            int slot = xa & mask;
            int j = rs[ca & rm] + (bk[((ca << bb) + (slot >>> BUCKET_BITS)) & bm] & 0xFF);
            int e = st[j & sm];
            int n = st[(j + 1) & sm];
            while (slot >= n >>> CUM_SHIFT) {
                e = n;
                n = st[(++j + 1) & sm];
            }
            int cum = e >>> CUM_SHIFT;
            int f = (n >>> CUM_SHIFT) - cum;
            if (f == 0) {
                return "position " + i + " decodes in a context the model leaves empty";
            }
            xa = f * (xa >>> sc) + slot - cum;
            int r = (((xa - L) >>> 31) + ((xa - LOW2) >>> 31)) << 3;
            xa = (xa << r) | (((in[p & im] & 0xFF) << 8 | (in[(p + 1) & im] & 0xFF)) >>> (16 - r));
            p += r >>> 3;
            out[i] = symbols[(e >>> CODE_SHIFT) & 0xFF];
            ca = e & 0x7FF;
            if (i < mb) {
                slot = xb & mask;
                j = rs[cb & rm] + (bk[((cb << bb) + (slot >>> BUCKET_BITS)) & bm] & 0xFF);
                e = st[j & sm];
                n = st[(j + 1) & sm];
                while (slot >= n >>> CUM_SHIFT) {
                    e = n;
                    n = st[(++j + 1) & sm];
                }
                cum = e >>> CUM_SHIFT;
                f = (n >>> CUM_SHIFT) - cum;
                if (f == 0) {
                    return "position " + (h + i) + " decodes in a context the model leaves empty";
                }
                xb = f * (xb >>> sc) + slot - cum;
                r = (((xb - L) >>> 31) + ((xb - LOW2) >>> 31)) << 3;
                xb = (xb << r) | (((in[p & im] & 0xFF) << 8 | (in[(p + 1) & im] & 0xFF)) >>> (16 - r));
                p += r >>> 3;
                out[h + i] = symbols[(e >>> CODE_SHIFT) & 0xFF];
                cb = e & 0x7FF;
            }
            if (p > len) {
                return "coded data ends at position " + i;
            }
        }
        if (whole && (xa != L || xb != L || p != len)) {
            return "coded block does not end cleanly (states " + Integer.toUnsignedString(xa) + ", "
                    + Integer.toUnsignedString(xb) + ", " + (len - p) + " bytes left)";
        }
        return null;
    }
}
