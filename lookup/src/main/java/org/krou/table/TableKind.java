package org.krou.table;

/**
 * What the symbols of a table mean. Every kind shares the same file format; only the
 * interpretation of the one-byte symbols differs.
 */
public enum TableKind {
    /** Game values: signed bytes in {@code -n..n} for {@code n} seeds, mover-relative. */
    VALUES(1, "values", false),
    /** Distance to conversion (reserved for a later version): unsigned bytes {@code 0..255}. */
    DTC(2, "dtc", true);

    private final int code;
    private final String id;
    private final boolean unsigned;

    TableKind(int code, String id, boolean unsigned) {
        this.code = code;
        this.id = id;
        this.unsigned = unsigned;
    }

    /** The code stored in the header. */
    public int code() {
        return code;
    }

    /** The name used in file names ({@code values-12.krou}) and messages. */
    public String id() {
        return id;
    }

    /** True if symbols are read as unsigned bytes {@code 0..255}, false for signed {@code -128..127}. */
    public boolean unsignedSymbols() {
        return unsigned;
    }

    /** The symbol byte as an int, signed or unsigned according to the kind. */
    public int symbol(byte b) {
        return unsigned ? b & 0xFF : b;
    }

    /** The kind with header code {@code code}, or null. */
    public static TableKind ofCode(int code) {
        for (TableKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        return null;
    }
}
