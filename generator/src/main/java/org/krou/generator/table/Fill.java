package org.krou.generator.table;

/**
 * How the writer chooses the stored symbol of a "don't care" entry, a position whose value
 * equals its best exit (see {@code docs/FORMAT.md}); any symbol {@code s <= exit} is correct.
 */
public enum Fill {
    /** Ignore exits: store every true value. */
    NONE,
    /** Repeat the previous stored symbol if allowed, else the most frequent allowed symbol. */
    PREVIOUS,
    /**
     * Fewest runs: from each run start, extend the run while one symbol stays allowed at every
     * position (greedy furthest reach, which minimises the number of runs in each block).
     */
    RUNS,
    /**
     * Most probable successor: the allowed value that most often follows the previous stored
     * value (from the table's own transition counts); suits the order-1 {@link org.krou.table.Encoding#RANS}.
     */
    CONTEXT
}
