package org.krou.table;

/**
 * How the symbols of a block are stored (byte layouts in {@code docs/FORMAT.md}).
 */
public enum Encoding {
    /** One byte per position: the symbol itself. Parameter 0. */
    RAW(0),
    /**
     * Context-modelled rANS: each <em>code</em> (the rank of its symbol in the table's symbol
     * list, most frequent first) is entropy coded with the frequencies of its
     * {@link ContextKey}'s context (the code before it, the code a lag back and whether the two
     * codes before it are equal; where the table's model does not list that key, the code before
     * it alone); the parameter is the frequency precision in bits, 10..12. The default.
     */
    CONTEXT(4);

    private final int code;

    Encoding(int code) {
        this.code = code;
    }

    /** The code stored in the header. */
    public int code() {
        return code;
    }

    /** The encoding with header code {@code code}, or null. */
    public static Encoding ofCode(int code) {
        for (Encoding e : values()) {
            if (e.code == code) {
                return e;
            }
        }
        return null;
    }

    /** True if {@code param} is a valid parameter for this encoding. */
    public boolean validParam(int param) {
        return this == RAW ? param == 0 : param >= 10 && param <= 12;
    }
}
