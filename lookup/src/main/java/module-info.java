/**
 * Krou's read-only library: what an engine embeds to probe the tables. It depends on nothing but
 * the JDK; the writer, encoders, model building and verifiers are in the generator module.
 *
 * <p>Every package is exported, and each public type in it is part of the API (the generator
 * module uses some of them too); what is internal is package-private:
 * <ul>
 *   <li>{@code org.krou.rules}: the rules kernel ({@code Rules}, every rule option as a
 *       {@code Variant}, and {@code Moves}, the one definition of which moves are legal and which
 *       capture), {@code Position}, {@code Side}, {@code MoveResult}, the {@code Notation} of
 *       positions and its {@code NotationException}, and {@code IllegalMoveException};</li>
 *   <li>{@code org.krou.index}: {@code PositionIndex}, the rank of a board in its layer;</li>
 *   <li>{@code org.krou.probe}: the probing API ({@code Tablebase}: primitive probes, root-move
 *       ranking, batches, values of {@code Position}s, each move's {@code MoveValue};
 *       {@code PerfectPlay} with its {@code BestMove} and {@code Line} of {@code Ply}s;
 *       {@code FinalResult} and {@code Outcome}; {@code DontCareResolver});</li>
 *   <li>{@code org.krou.table}: what a caller of the probing API meets (the unchecked
 *       {@code TableException} and its subclasses {@code MissingTableException},
 *       {@code OutsideCoverageException}, {@code TableFormatException} and
 *       {@code CorruptTableException}; {@code TableInfo}, {@code TableKind}), and the table file
 *       format for tools and the writer: {@code TableFormat} (header constants, limits the reader
 *       enforces), {@code TablePaths} (the files' names), {@code TableHeader}, {@code Encoding},
 *       {@code ContextKey} (the key of a position's context) and {@code LagRuns} (the lags the
 *       contexts look back by), the raw reader {@code TableFile} with its {@code BlockCache},
 *       {@code TableSet}, {@code StatsFile}, and {@code IoReason} (an I/O error in words). The
 *       decoders ({@code SymbolCodec}, {@code ContextModel}), the block index and cache policy, and
 *       the byte sources a table file is read through are package-private;</li>
 *   <li>{@code org.krou.util}: {@code ByteBigArray} (layers of more than 2^31 entries, as the
 *       generator and the cluster hold them) and {@code Words} (counts in messages, singular for
 *       one, as every module's messages write them).</li>
 * </ul>
 * See {@code docs/FORMAT.md} for the files and {@code docs/RULES.md} for what a value means.
 */
module org.krou.lookup {
    exports org.krou.rules;
    exports org.krou.index;
    exports org.krou.probe;
    exports org.krou.table;
    exports org.krou.util;
}
