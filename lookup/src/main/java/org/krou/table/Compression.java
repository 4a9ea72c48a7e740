package org.krou.table;

/** How the encoded bytes of each block are compressed. */
public enum Compression {
    /** Stored as encoded. */
    NONE(0),
    /** One LZ4 block (raw LZ4 block format, no frame) per table block. */
    LZ4(1);

    private final int code;

    Compression(int code) {
        this.code = code;
    }

    /** The code stored in the header. */
    public int code() {
        return code;
    }

    /** The compression with header code {@code code}, or null. */
    public static Compression ofCode(int code) {
        for (Compression c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        return null;
    }
}
