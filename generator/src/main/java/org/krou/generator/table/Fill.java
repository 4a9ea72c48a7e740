package org.krou.generator.table;

/**
 * How the writer chooses the stored symbol of a "don't care" entry, a position whose value
 * equals its best exit (see {@code docs/FORMAT.md}); any symbol {@code s <= exit} is correct.
 */
public enum Fill {
    /** Ignore exits: store every true value. */
    NONE,
    /**
     * Most probable in context: the allowed value whose code most often follows the two codes
     * before it (from the table's own pair counts, refined over two passes); suits the
     * {@link org.krou.table.Encoding#CONTEXT} coder, whose contexts are the same pairs.
     */
    CONTEXT
}
