package org.krou.table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.CRC32C;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;

/**
 * The statistics file {@code DIR/<variant>/values-NN.stats} kept beside each values table: how
 * many positions of the layer have each value (the line {@code krou stats} prints), tied to one
 * version of the table by its body checksum, and tamper-evident through a checksum of its own
 * text. Format (UTF-8, {@code \n} line ends, see {@code docs/FORMAT.md}):
 *
 * <pre>
 * krou-stats 1
 * variant abapa
 * table-crc 1f2e3d4c
 * seeds 2 positions 78: -2=41 0=13 2=24
 * crc 0a1b2c3d
 * </pre>
 *
 * <p>A file is accepted only if every line is as above, the variant and seed count are the
 * layer's, {@code table-crc} equals the body CRC32C of the table's header, the values are
 * ascending within {@code -n..n} with positive counts summing to {@code positions}, which must
 * be {@code C(n+11, 11)}, and the last line holds the CRC32C of every byte before it. Reading
 * never writes.
 *
 * <pre>{@code
 * StatsFile.Check c = StatsFile.read(StatsFile.path(dir, Variant.ABAPA, 12), Variant.ABAPA, 12, header.bodyCrc());
 * if (c.ok()) System.out.println(StatsFile.line(12, c.counts()));
 * }</pre>
 */
public final class StatsFile {
    /** The first line. */
    public static final String MAGIC = "krou-stats 1";

    private StatsFile() {
    }

    /**
     * The outcome of reading a statistics file.
     *
     * @param counts  {@code counts[v + n]} positions are worth {@code v}, or null if refused
     * @param problem why the file was refused (naming it), or null if accepted
     * @param missing true if the file does not exist (then {@code problem} says so too)
     */
    public record Check(long[] counts, String problem, boolean missing) {
        /** True if the file was accepted. */
        public boolean ok() {
            return problem == null;
        }
    }

    /** The statistics file of layer {@code seeds}. */
    public static Path path(Path dataDir, Variant variant, int seeds) {
        return dataDir.resolve(variant.id()).resolve(String.format(Locale.ROOT, "values-%02d.stats", seeds));
    }

    /** The statistics file beside a values table {@code values-NN.krou}. */
    public static Path besides(Path table) {
        String name = table.getFileName().toString();
        return table.resolveSibling(name.substring(0, name.length() - TablePaths.EXTENSION.length()) + ".stats");
    }

    /** The line of {@code krou stats}: {@code seeds 2 positions 78: -2=41 0=13 2=24}. */
    public static String line(int seeds, long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        StringBuilder sb = new StringBuilder();
        sb.append("seeds ").append(seeds).append(" positions ").append(total).append(':');
        for (int v = -seeds; v <= seeds; v++) {
            long c = counts[v + seeds];
            if (c > 0) {
                sb.append(' ').append(v).append('=').append(c);
            }
        }
        return sb.toString();
    }

    /** The CRC32C of the UTF-8 bytes of {@code s}: the last line holds that of every line before it. */
    public static int crc(String s) {
        CRC32C c = new CRC32C();
        c.update(s.getBytes(StandardCharsets.UTF_8));
        return (int) c.getValue();
    }

    /**
     * Reads and checks the statistics file {@code file} of layer {@code seeds}, whose table has
     * body checksum {@code tableCrc}. Never throws for a bad or unreadable file: the
     * {@link Check} says why it was refused.
     */
    public static Check read(Path file, Variant variant, int seeds, int tableCrc) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return new Check(null, file + ": missing", true);
        } catch (IOException | RuntimeException e) {
            return refuse(file, "cannot be read: " + (e instanceof IOException io ? IoReason.of(io) : e.toString()));
        }
        String[] lines = text.split("\n", -1);
        if (lines.length != 6 || !lines[5].isEmpty()) {
            return refuse(file, "expected 5 lines ending with a line break, found " + (lines.length - 1)
                    + (lines[0].startsWith("crc ") ? " (an older format without its own checksum)" : ""));
        }
        if (!lines[0].equals(MAGIC)) {
            return refuse(file, "first line '" + cap(lines[0]) + "', expected '" + MAGIC + "'");
        }
        int end = text.length() - lines[4].length() - 1;
        String expectCrc = String.format(Locale.ROOT, "crc %08x", crc(text.substring(0, end)));
        if (!lines[4].equals(expectCrc)) {
            return refuse(file, "its own checksum does not match its text (edited or damaged): last line '"
                    + cap(lines[4]) + "', the text gives '" + expectCrc + "'");
        }
        if (!lines[1].equals("variant " + variant.id())) {
            return refuse(file, "'" + cap(lines[1]) + "', expected 'variant " + variant.id() + "'");
        }
        String expectTable = String.format(Locale.ROOT, "table-crc %08x", tableCrc);
        if (!lines[2].equals(expectTable)) {
            return refuse(file, "written for another version of the table: '" + cap(lines[2]) + "', the table has '"
                    + expectTable + "'");
        }
        long[] counts = new long[2 * seeds + 1];
        String problem = parse(lines[3], seeds, counts);
        return problem == null ? new Check(counts, null, false) : refuse(file, problem);
    }

    private static Check refuse(Path file, String why) {
        return new Check(null, file + ": " + why, false);
    }

    private static String cap(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "...";
    }

    /** Parses a stats line into {@code counts}; returns the problem, or null. */
    private static String parse(String line, int seeds, long[] counts) {
        String head = "seeds " + seeds + " positions ";
        int colon = line.indexOf(':');
        if (!line.startsWith(head) || colon < 0) {
            return "'" + cap(line) + "' does not start with '" + head + "P:'";
        }
        long size = PositionIndex.size(seeds);
        long positions;
        try {
            positions = Long.parseLong(line.substring(head.length(), colon));
        } catch (NumberFormatException e) {
            return "positions '" + cap(line.substring(head.length(), colon)) + "' is not a number";
        }
        if (positions != size) {
            return "says " + positions + " positions, the layer has C(" + seeds + "+11, 11) = " + size;
        }
        String rest = line.substring(colon + 1);
        if (rest.isEmpty()) {
            return "no counts";
        }
        long sum = 0;
        int last = Integer.MIN_VALUE;
        for (String item : rest.substring(1).split(" ", -1)) {
            int eq = item.indexOf('=');
            int v;
            long c;
            try {
                v = Integer.parseInt(item.substring(0, Math.max(0, eq)));
                c = Long.parseLong(item.substring(eq + 1));
            } catch (NumberFormatException e) {
                return "count '" + cap(item) + "' is not value=count";
            }
            if (v < -seeds || v > seeds || v <= last || c <= 0) {
                return "count '" + cap(item) + "': expected ascending values in -" + seeds + ".." + seeds
                        + " with positive counts";
            }
            last = v;
            counts[v + seeds] = c;
            sum += c;
        }
        if (sum != size) {
            return "counts sum to " + sum + ", the layer has " + size + " positions";
        }
        return null;
    }
}
