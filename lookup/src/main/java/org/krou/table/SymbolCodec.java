package org.krou.table;

/**
 * Decodes one stored block into symbols. Decoding validates everything and reports a problem as
 * a message instead of throwing.
 */
final class SymbolCodec {
    private SymbolCodec() {
    }

    /**
     * Decodes {@code in[0..len)} into the {@code m} symbols {@code out[0..m)}.
     *
     * @param symbols the table's symbols (for RAW, the symbols that may occur; otherwise the
     *                symbol of each code)
     * @param allowed for RAW, {@code allowed[s & 0xFF]} is true for each symbol that may occur
     * @param model   the model of {@link Encoding#CONTEXT}, else null
     * @return null if the block is well formed, else what is wrong
     */
    static String decode(Encoding e, ContextModel model, byte[] in, int len, int m, byte[] symbols,
                         boolean[] allowed, byte[] out) {
        return decode(e, model, in, len, m, symbols, allowed, out, m - 1, false);
    }

    /**
     * Decodes at least as far as position {@code at} ({@code at = m - 1}: the whole block, fully
     * checked), in the block layout of format 4 or, with {@code interleaved}, of formats 2 and 3;
     * see {@link ContextModel#decode(byte[], int, int, byte[], byte[], int, boolean)}.
     */
    static String decode(Encoding e, ContextModel model, byte[] in, int len, int m, byte[] symbols,
                         boolean[] allowed, byte[] out, int at, boolean interleaved) {
        return decode(e, model, in, len, m, symbols, allowed, out, at, interleaved, 0, 0, null);
    }

    /**
     * Decodes at least as far as position {@code at}, in the layout of the model's format: for a
     * model of format 5 the block's first position has rank {@code rank} among the boards of
     * {@code seeds} seeds, and {@code lag} is the thread's scratch.
     */
    static String decode(Encoding e, ContextModel model, byte[] in, int len, int m, byte[] symbols,
                         boolean[] allowed, byte[] out, int at, boolean interleaved, long rank, int seeds,
                         LagScratch lag) {
        if (e == Encoding.CONTEXT) {
            return model.lagged ? model.decodeLagged(in, len, m, symbols, out, at, rank, seeds, lag)
                    : model.decode(in, len, m, symbols, out, at, interleaved);
        }
        if (len != m) {
            return "raw block of " + len + " bytes for " + m + " positions";
        }
        for (int i = 0; i < m; i++) {
            if (!allowed[in[i] & 0xFF]) {
                return "symbol " + in[i] + " at position " + i + " is not in the symbol table";
            }
        }
        System.arraycopy(in, 0, out, 0, m);
        return null;
    }
}
