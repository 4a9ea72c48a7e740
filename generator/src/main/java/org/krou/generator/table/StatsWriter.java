package org.krou.generator.table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.krou.rules.Variant;
import org.krou.table.IoReason;
import org.krou.table.StatsFile;

/** Writes the statistics files that {@link StatsFile} reads and checks. */
public final class StatsWriter {
    private StatsWriter() {
    }

    /** The text of the file for these counts. */
    public static String text(Variant variant, int seeds, int tableCrc, long[] counts) {
        String body = StatsFile.MAGIC + "\nvariant " + variant.id() + "\n" + String.format(Locale.ROOT, "table-crc %08x", tableCrc)
                + "\n" + StatsFile.line(seeds, counts) + "\n";
        return body + String.format(Locale.ROOT, "crc %08x", StatsFile.crc(body)) + "\n";
    }

    /**
     * Writes the statistics file atomically: a hidden temporary file
     * {@code .values-NN.stats.tmp-<pid>-<n>} in the same directory, then a rename over
     * {@code file}.
     *
     * @throws IOException naming the file and the reason if it cannot be written
     */
    public static void write(Path file, Variant variant, int seeds, int tableCrc, long[] counts) throws IOException {
        if (counts.length != 2 * seeds + 1) {
            throw new IllegalArgumentException(counts.length + " counts for layer " + seeds + ", expected "
                    + (2 * seeds + 1));
        }
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime()));
        try {
            Files.writeString(tmp, text(variant, seeds, tableCrc, counts), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the first error is the one to report
            }
            throw new IOException("cannot write " + file + " (statistics of layer " + seeds + "): "
                    + IoReason.of(e), e);
        }
    }
}
