package org.krou.generator.table;

import java.nio.file.Path;
import org.krou.table.Encoding;

/**
 * What {@link TableWriter} wrote.
 *
 * @param file      the table file
 * @param positions entries in the table
 * @param fileBytes size of the file
 * @param encoding  the encoding used
 * @param param     its parameter
 * @param dontCares entries stored as "don't care"
 * @param symbols   distinct stored symbols
 */
public record WriteResult(Path file, long positions, long fileBytes, Encoding encoding, int param, long dontCares,
                          int symbols) {
    /** File size in bits per position. */
    public double bitsPerPosition() {
        return positions == 0 ? 0 : fileBytes * 8.0 / positions;
    }
}
