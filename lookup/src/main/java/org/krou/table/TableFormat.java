package org.krou.table;

import java.nio.charset.StandardCharsets;
import org.krou.rules.Variant;

/**
 * The table file format, version 5: the constants of the header and index layouts (byte by byte
 * in {@code docs/FORMAT.md}; all integers little-endian) and the rule-set field. The header
 * records the rule set as its canonical string; a context-coded table codes a position in a
 * context that looks back along the board (the code a lag before it) and cuts each coded block
 * into two halves of two streams each. {@link TablePaths} names the files, {@link HeaderParser}
 * reads and validates a header (refusing files of older versions, 1 to 4, with a message that
 * says how to rewrite them), {@link SectionReader} the model and the block index.
 */
public final class TableFormat {
    /** The eight magic bytes: {@code 0x89 'K' 'R' 'O' 'U' '\r' '\n' 0x1A}. */
    static final byte[] MAGIC = {(byte) 0x89, 'K', 'R', 'O', 'U', '\r', '\n', 0x1A};
    /** The format version written and read. */
    public static final int VERSION = 5;
    /** Header length. */
    public static final int HEADER_LENGTH = 432;
    /** Header offset of the symbol list (256 bytes). */
    public static final int SYMBOLS_AT = 80;
    /** Header offset of the rule set: its canonical string, ASCII, zero padded. */
    public static final int RULES_AT = 336;
    /** Bytes of the rule-set field. */
    public static final int RULES_LENGTH = 80;
    /** Header offset of the header's own CRC32C, which covers every byte before it. */
    public static final int CRC_AT = HEADER_LENGTH - 4;
    /** Flag bit: the table stores "don't care" entries. */
    public static final int FLAG_DONT_CARE = 1;
    /** Flag bit: the symbols are unsigned (distance tables). */
    public static final int FLAG_UNSIGNED = 2;
    /** Bytes per block index entry: the stored length (u16) and the CRC32C (u32). */
    public static final int INDEX_ENTRY = 6;
    /** The largest block size (positions per block) accepted: a stored block is at most one byte a position. */
    public static final int MAX_BLOCK_SIZE = 1 << 15;
    /** The most contexts a {@link Encoding#CONTEXT} model may have (order-1 and listed keys). */
    public static final int MAX_CONTEXTS = ContextModel.MAX_CONTEXTS;
    /** The lower bound of the rANS coder state, {@code 2^23}: its states stay in {@code [2^23, 2^31)}. */
    public static final int RANS_STATE_LOW = ContextModel.L;
    /**
     * The shortest context-coded block (its first half's length and four coder states); a block
     * of no more positions is stored as its codes.
     */
    public static final int MIN_CODED_BYTES = ContextModel.MIN_CODED_BYTES;

    private TableFormat() {
    }

    /** The eight magic bytes, a copy (for writers). */
    public static byte[] magic() {
        return MAGIC.clone();
    }

    /** The largest serialised {@link Encoding#CONTEXT} model for {@code k} codes. */
    public static long contextModelMaxBytes(int k) {
        return ContextModel.maxBytes(k);
    }

    /** The rule-set field of a header: the canonical string, ASCII, zero padded to {@link #RULES_LENGTH}. */
    public static byte[] rulesBytes(Variant v) {
        byte[] out = new byte[RULES_LENGTH];
        byte[] c = v.canonical().getBytes(StandardCharsets.US_ASCII);
        if (c.length >= RULES_LENGTH) {
            throw new IllegalArgumentException("canonical rule set longer than " + (RULES_LENGTH - 1) + " bytes: " + v);
        }
        System.arraycopy(c, 0, out, 0, c.length);
        return out;
    }
}
