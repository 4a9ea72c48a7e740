package org.krou.engine;

import java.nio.file.Path;

/**
 * The analysis store cannot be written here: its file, or the directory it would be created in,
 * is read-only for this process (a read-only mount, another user's files). Callers that can do
 * without the store (an analysis, a game) go on without it; {@link AnalysisStore#openForReading}
 * reads such a store from a copy.
 *
 * <pre>{@code
 * AnalysisStore store;
 * try {
 *     store = AnalysisStore.open(Path.of("data"), Variant.ABAPA, 1 << 20);
 * } catch (StoreReadOnlyException e) {
 *     System.err.println("warning: " + e.getMessage() + ": analysing without it");
 *     store = null;
 * }
 * }</pre>
 */
public final class StoreReadOnlyException extends StoreException {
    private static final long serialVersionUID = 1L;

    /** The store {@code file} cannot be written, for {@code reason} (e.g. "Permission denied"). */
    public StoreReadOnlyException(Path file, String reason, Throwable cause) {
        super("analysis store " + file + " cannot be written here (" + reason + ")", cause);
    }
}
