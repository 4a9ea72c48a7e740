/**
 * Krou's read-only library: what an engine embeds to probe the tables. It depends on nothing but
 * the JDK; the writer, encoders, model building and verifiers are in the generator module.
 *
 * <p>The API, all exported:
 * <ul>
 *   <li>{@code org.krou.rules}: the rules kernel ({@code Rules}, every rule option as a
 *       {@code Variant}), {@code Position} and its {@code Notation};</li>
 *   <li>{@code org.krou.index}: {@code PositionIndex}, the rank of a board in its layer;</li>
 *   <li>{@code org.krou.probe}: the probing API ({@code Tablebase}: primitive probes, root-move
 *       ranking, batches, values of {@code Position}s; {@code PerfectPlay}; {@code FinalResult};
 *       {@code DontCareResolver});</li>
 *   <li>{@code org.krou.table}: what a caller of the probing API meets (the unchecked
 *       {@code TableException} and its subclasses, {@code TableInfo}, {@code TableKind}), and the
 *       table file format for tools and the writer: {@code TableFormat} (names, header constants,
 *       limits the reader enforces), {@code TableHeader}, {@code Encoding},
 *       the raw reader {@code TableFile} with its {@code BlockCache}, {@code TableSet},
 *       {@code StatsFile}. The decoders ({@code SymbolCodec}, {@code ContextModel}), the block
 *       index and the byte sources are not public;</li>
 *   <li>{@code org.krou.util}: {@code ByteBigArray} (layers of more than 2^31 entries, as
 *       {@code TableFile.readAll} returns them) and {@code Parallel}.</li>
 * </ul>
 * Every package is exported because each public type in it is part of that API; what is internal
 * is package-private. See {@code docs/FORMAT.md}.
 */
module org.krou.lookup {
    exports org.krou.rules;
    exports org.krou.index;
    exports org.krou.probe;
    exports org.krou.table;
    exports org.krou.util;
}
