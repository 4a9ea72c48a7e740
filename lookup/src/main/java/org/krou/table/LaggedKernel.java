package org.krou.table;

/**
 * The loops of the decoder (docs/FORMAT.md, "Contexts" and "Block layout"): one stream as far as
 * a position ({@link #stream}), or a half block with its two streams side by side ({@link #half}),
 * so that the two dependency chains run at once.
 *
 * <p>A step: the slot's bucket gives the first entry of its context that may own it, a short
 * walk the one that does (its offset and code in one int, its frequency from the next entry's
 * offset); the state then takes 0, 1 or 2 bytes (after a step it is at least
 * {@code 2^(23 - scale) >= 2^11}, so two always suffice): how many follows from the state alone
 * (below {@code L} one, below {@code L >> 8} two), so the next two bytes of the padded buffer are
 * read and shifted in without a branch, and the byte position does not wait for them. Then the
 * context of the next position is looked up by its {@link ContextKey}: the code just decoded, the code
 * {@code t} positions back in the stream ({@code t} its lag, kept by a {@link LagRuns}: a branch
 * ends each run), and whether the code just decoded equals the one before it. The codes decoded
 * are kept in {@code cs} (indexed by position) for the look back.
 *
 * <p>Every array index is masked by its array's length less one (the lengths are powers of two):
 * for a valid model and block the masks change nothing, but they let the compiler drop the bounds
 * checks. Each step checks that its context is not empty and each pass that the byte positions
 * stay inside the half, so a damaged block is reported, never read outside its buffer. Nothing
 * is allocated. The step is written out in each loop on purpose: a shared method returning the
 * entry and the state packed in a long, even inlined, decodes more slowly (docs/PERFORMANCE.md).
 */
final class LaggedKernel {
    private static final int L = ContextModel.L;
    private static final int LOW2 = ContextModel.LOW2;
    private static final int BUCKET_BITS = ContextModel.BUCKET_BITS;
    private static final int CUM_SHIFT = ContextModel.CUM_SHIFT;

    private LaggedKernel() {
    }

    /**
     * Decodes positions {@code s0 .. s0 + steps - 1} of the stream that starts at position
     * {@code s0}, from state {@code x}, its bytes read from {@code p} in direction {@code dir};
     * the byte position must stay in {@code [lo, hi]}. {@code runs} stands at position
     * {@code s0}.
     */
    static String stream(ContextModel model, byte[] in, int lo, int hi, int s0, int steps, int p, int dir,
                         byte[] symbols, byte[] out, int x, int[] cs, LagRuns runs) {
        final int k = model.k;
        final int sc = model.scale;
        final int mask = (1 << sc) - 1;
        final int[] rs = model.rowStart;
        final int rm = rs.length - 1;
        final byte[] bk = model.bucket;
        final int bm = bk.length - 1;
        final int bb = sc - BUCKET_BITS;
        final int[] st = model.step;
        final int sm = st.length - 1;
        final short[] kc = model.keyCtx;
        final int km = kc.length - 1;
        final int im = in.length - 1;
        final int cm = cs.length - 1;
        final int end = s0 + steps;
        int t = runs.lag();
        int left = runs.left();
        int c = model.start;
        int before = -1;
        for (int i = s0; i < end; i++) {
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
                return "position " + i + " decodes in a context the model leaves empty";
            }
            x = f * (x >>> sc) + slot - cum;
            int r = (((x - L) >>> 31) + ((x - LOW2) >>> 31)) << 3;
            x = (x << r) | (((in[p & im] & 0xFF) << 8 | (in[(p + dir) & im] & 0xFF)) >>> (16 - r));
            p += dir * (r >>> 3);
            int code = e & 0xFF;
            out[i] = symbols[code];
            cs[i & cm] = code;
            if (--left == 0) {
                runs.nextRun();
                t = runs.lag();
                left = runs.left();
            }
            int back = i + 1 - t;
            int above = t > 0 && back >= s0 ? cs[back & cm] : k;
            c = kc[ContextKey.pack(k, code, above, code == before ? 1 : 0) & km];
            before = code;
            if (p < lo || p > hi) {
                return "coded data ends at position " + i;
            }
        }
        return null;
    }

    /**
     * Decodes a whole half block, positions {@code [hs, he)}, coded at {@code in[off, end)}:
     * stream A ({@code [hs, hs + ceil((he - hs) / 2))}) from state {@code xa} with its bytes
     * forwards from {@code off + 4}, stream B (the rest) from {@code xb} with its bytes backwards
     * from {@code end - 5}, a position of each per pass; at the end both states are back at
     * {@code L} and the two byte positions have met. {@code ra} and {@code rb} stand at the
     * streams' first positions.
     */
    static String half(ContextModel model, byte[] in, int off, int end, int hs, int he, byte[] symbols, byte[] out,
                       int xa, int xb, int[] cs, LagRuns ra, LagRuns rb) {
        final int k = model.k;
        final int sc = model.scale;
        final int mask = (1 << sc) - 1;
        final int[] rs = model.rowStart;
        final int rm = rs.length - 1;
        final byte[] bk = model.bucket;
        final int bm = bk.length - 1;
        final int bb = sc - BUCKET_BITS;
        final int[] st = model.step;
        final int sm = st.length - 1;
        final short[] kc = model.keyCtx;
        final int km = kc.length - 1;
        final int im = in.length - 1;
        final int cm = cs.length - 1;
        final int h = (he - hs + 1) >>> 1;
        final int mb = he - hs - h;
        final int sb = hs + h;
        int ta = ra.lag();
        int la = ra.left();
        int tb = rb.lag();
        int lb = rb.left();
        int ca = model.start;
        int cb = model.start;
        int beforeA = -1;
        int beforeB = -1;
        int pa = off + 4;
        int pb = end - 5;
        for (int d = 0; d < h; d++) {
            int i = hs + d;
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
            int code = e & 0xFF;
            out[i] = symbols[code];
            cs[i & cm] = code;
            if (--la == 0) {
                ra.nextRun();
                ta = ra.lag();
                la = ra.left();
            }
            int back = i + 1 - ta;
            int above = ta > 0 && back >= hs ? cs[back & cm] : k;
            ca = kc[ContextKey.pack(k, code, above, code == beforeA ? 1 : 0) & km];
            beforeA = code;
            if (d < mb) {
                i = sb + d;
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
                    return "position " + i + " decodes in a context the model leaves empty";
                }
                xb = f * (xb >>> sc) + slot - cum;
                r = (((xb - L) >>> 31) + ((xb - LOW2) >>> 31)) << 3;
                xb = (xb << r) | (((in[pb & im] & 0xFF) << 8 | (in[(pb - 1) & im] & 0xFF)) >>> (16 - r));
                pb -= r >>> 3;
                code = e & 0xFF;
                out[i] = symbols[code];
                cs[i & cm] = code;
                if (--lb == 0) {
                    rb.nextRun();
                    tb = rb.lag();
                    lb = rb.left();
                }
                back = i + 1 - tb;
                above = tb > 0 && back >= sb ? cs[back & cm] : k;
                cb = kc[ContextKey.pack(k, code, above, code == beforeB ? 1 : 0) & km];
                beforeB = code;
            }
            if (pa > pb + 1) {
                return "coded data ends at position " + i;
            }
        }
        if (xa != L || xb != L || pa != pb + 1) {
            return "coded half block at byte " + off + " does not end cleanly (states " + Integer.toUnsignedString(xa)
                    + ", " + Integer.toUnsignedString(xb) + ", " + (pb + 1 - pa) + " bytes left)";
        }
        return null;
    }
}
