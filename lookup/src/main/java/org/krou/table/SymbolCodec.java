package org.krou.table;

/**
 * Decodes one stored block into symbols. Decoding validates everything and reports a problem as
 * a message instead of throwing.
 */
final class SymbolCodec {
    private SymbolCodec() {
    }

    /**
     * Decodes {@code in[0..len)}, a block of {@code m} positions, into {@code out[0..m)} at least
     * as far as position {@code at} ({@code at = m - 1}: the whole block, fully checked; see
     * {@link ContextModel#decode}).
     *
     * @param symbols the table's symbols (for RAW, the symbols that may occur; otherwise the
     *                symbol of each code)
     * @param allowed for RAW, {@code allowed[s & 0xFF]} is true for each symbol that may occur
     * @param model   the model of {@link Encoding#CONTEXT}, else null
     * @param rank    the rank of the block's first position among the boards of {@code seeds} seeds
     * @param lag     the thread's scratch of the context decoder
     * @return null if the block is well formed, else what is wrong
     */
    static String decode(Encoding e, ContextModel model, byte[] in, int len, int m, byte[] symbols,
                         boolean[] allowed, byte[] out, int at, long rank, int seeds, LagScratch lag) {
        if (e == Encoding.CONTEXT) {
            return model.decode(in, len, m, symbols, out, at, rank, seeds, lag);
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
