package org.krou.table;

import java.nio.file.Path;

/**
 * The common base of every error raised while finding, opening or reading a table. Unchecked:
 * callers that want to react catch this type, or one of its subclasses for a specific reason.
 *
 * <pre>{@code
 * try {
 *     int v = tablebase.value(position);
 * } catch (TableException e) {
 *     System.err.println("cannot probe: " + e.getMessage());
 * }
 * }</pre>
 */
public class TableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The file concerned, or null. */
    private final transient Path file;

    /** An error about {@code file} (may be null). */
    public TableException(Path file, String message) {
        super(message);
        this.file = file;
    }

    /** An error about {@code file} (may be null) with its cause. */
    public TableException(Path file, String message, Throwable cause) {
        super(message, cause);
        this.file = file;
    }

    /** The file concerned, or null if the error is not about one file. */
    public Path file() {
        return file;
    }
}
