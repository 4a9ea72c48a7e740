package org.krou.generator;

/** Receives progress from the phases; implementations must be thread-safe. */
public interface Progress {
    /** Ignores everything. */
    Progress NONE = warningsTo(message -> { });

    /**
     * Ignores the progress and hands each warning to {@code sink}, e.g. for a process that shows
     * no progress but must not hide a damaged file.
     */
    static Progress warningsTo(java.util.function.Consumer<String> sink) {
        return new Progress() {
            @Override
            public void phase(int seeds, String name, long units) {
            }

            @Override
            public void advance(long units) {
            }

            @Override
            public void layerDone(int seeds, long positions, double seconds, boolean reused) {
            }

            @Override
            public void warn(String message) {
                sink.accept(message);
            }
        };
    }

    /** A phase of layer {@code seeds} starts with {@code units} of work. */
    void phase(int seeds, String name, long units);

    /** {@code units} more of the current phase are done. */
    void advance(long units);

    /** Something the user should know, e.g. a damaged layer file that will be computed again. */
    default void warn(String message) {
    }

    /**
     * Before the first layer: the job reads back the layers {@code k} with {@code reused[k]}
     * (from disk) and computes the others.
     */
    default void reusing(boolean[] reused) {
    }

    /** Layer {@code seeds} is finished (or was reused from disk). */
    void layerDone(int seeds, long positions, double seconds, boolean reused);
}
