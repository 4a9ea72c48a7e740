package org.krou.table;

/**
 * How the symbols of a block are turned into bytes before compression. {@link #PACKED} and
 * {@link #RLE} store <em>codes</em>: the rank of each symbol in the table's symbol list (most
 * frequent first); see {@code docs/FORMAT.md} for the byte layouts.
 */
public enum Encoding {
    /** One byte per position: the symbol itself. Parameter 0. */
    RAW(0),
    /**
     * Codes of {@code w} bits ({@code w} = the parameter: 1, 2, 4 or 8), packed little-end
     * first; the all-ones code is an escape whose code follows in a byte after the packed area.
     */
    PACKED(1),
    /**
     * Runs: one byte per run, the code in the top {@code k} bits ({@code k} = the parameter,
     * 1..7) and the run length minus one in the other {@code 8-k}; all-ones fields are escapes
     * followed by the code byte and/or an LEB128 length.
     */
    RLE(2),
    /**
     * Order-1 rANS: each code is entropy coded with the frequencies of the codes that follow the
     * previous code (a per-table model stored after the header); the parameter is the
     * frequency precision in bits, 8..11. Best used without compression.
     */
    RANS(3);

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
        switch (this) {
            case RAW:
                return param == 0;
            case PACKED:
                return param == 1 || param == 2 || param == 4 || param == 8;
            case RLE:
                return param >= 1 && param <= 7;
            default:
                return param >= 8 && param <= 11;
        }
    }
}
