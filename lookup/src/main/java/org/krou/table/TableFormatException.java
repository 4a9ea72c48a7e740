package org.krou.table;

import java.nio.file.Path;

/**
 * A file that is intact but not the table expected: not a Krou table at all (bad magic), an
 * unsupported format version, another kind, another variant or another seed count. Says which
 * file, which field, what was found and what was expected.
 */
public final class TableFormatException extends TableException {
    private static final long serialVersionUID = 1L;

    private final String field;
    private final String found;
    private final String expected;

    /** {@code field} of {@code file} holds {@code found} where {@code expected} was expected. */
    public TableFormatException(Path file, String field, String found, String expected) {
        super(file, file + ": " + field + " is " + found + ", expected " + expected);
        this.field = field;
        this.found = found;
        this.expected = expected;
    }

    /** The header field that does not match, e.g. {@code "magic"} or {@code "variant"}. */
    public String field() {
        return field;
    }

    /** What the file holds. */
    public String found() {
        return found;
    }

    /** What was expected. */
    public String expected() {
        return expected;
    }
}
