package org.krou.table;

import java.nio.file.Path;
import org.krou.util.Words;

/**
 * A position has more seeds on the board than the tables cover: says how many it has and the
 * largest seed count covered (every layer from 0 up to it is present).
 */
public final class OutsideCoverageException extends TableException {
    private static final long serialVersionUID = 1L;

    private final int seeds;
    private final int maxSeeds;

    /** A board with {@code seeds} seeds, tables in {@code dir} covering up to {@code maxSeeds}. */
    public OutsideCoverageException(Path dir, int seeds, int maxSeeds) {
        super(dir, "the position has " + Words.count(seeds, "seed", "seeds") + " on the board; the tables in " + dir
                + " cover " + (maxSeeds < 0 ? "nothing" : "0.." + maxSeeds + " seeds"));
        this.seeds = seeds;
        this.maxSeeds = maxSeeds;
    }

    /** Seeds on the board of the position asked for. */
    public int seeds() {
        return seeds;
    }

    /** The largest seed count covered, or -1 if none is. */
    public int maxSeeds() {
        return maxSeeds;
    }
}
