package org.krou.table;

import java.nio.file.Path;

/**
 * A damaged table file: truncated, a checksum that does not match, or a header, index or block
 * whose contents are inconsistent. Says which file, which block (or -1 for the header, the index
 * or the whole file) and at which file offset.
 */
public final class CorruptTableException extends TableException {
    private static final long serialVersionUID = 1L;

    private final long block;
    private final long offset;

    /**
     * @param block  the damaged block, or -1 if the damage is in the header, the index or the
     *               file as a whole
     * @param offset the file offset of the damaged part, or -1 if unknown
     */
    public CorruptTableException(Path file, long block, long offset, String what) {
        super(file, file + ": corrupt " + (block >= 0 ? "block " + block : "file")
                + (offset >= 0 ? " at offset " + offset : "") + ": " + what);
        this.block = block;
        this.offset = offset;
    }

    /** The damaged block, or -1 if the damage is in the header, the index or the whole file. */
    public long block() {
        return block;
    }

    /** The file offset of the damaged part, or -1. */
    public long offset() {
        return offset;
    }
}
