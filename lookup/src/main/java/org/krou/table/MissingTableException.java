package org.krou.table;

import java.nio.file.Path;
import org.krou.rules.Variant;
import org.krou.util.Words;

/** A table that is needed does not exist: says which variant and seed count, and which path was looked for. */
public final class MissingTableException extends TableException {
    private static final long serialVersionUID = 1L;

    private final transient Variant variant;
    private final int seeds;

    /** The table of {@code variant} (null: any) for {@code seeds} seeds was looked for at {@code file}. */
    public MissingTableException(Variant variant, int seeds, Path file) {
        super(file, "no " + (variant == null ? "" : variant.id() + " ") + "table for "
                + Words.count(seeds, "seed", "seeds") + ": " + file + " does not exist");
        this.variant = variant;
        this.seeds = seeds;
    }

    /** The variant of the missing table, or null if any was acceptable. */
    public Variant variant() {
        return variant;
    }

    /** The seed count of the missing table. */
    public int seeds() {
        return seeds;
    }
}
