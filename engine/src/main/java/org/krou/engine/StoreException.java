package org.krou.engine;

/**
 * The analysis store cannot be opened, read or written: the file is not a store, is locked by a
 * process that died holding a lock, or an I/O error happened. The message says which file and
 * what to do.
 *
 * <pre>{@code
 * try (AnalysisStore s = AnalysisStore.open(Path.of("data"), Variant.ABAPA, 1 << 20)) {
 *     ...
 * } catch (StoreException e) {
 *     System.err.println("error: " + e.getMessage());
 * }
 * }</pre>
 */
public class StoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure with its message. */
    public StoreException(String message) {
        super(message);
    }

    /** A failure with its message and cause. */
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
