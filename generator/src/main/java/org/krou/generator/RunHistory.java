package org.krou.generator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The layers an earlier run computed, read back from the log {@link ConsoleProgress#logTo}
 * writes beside the tables: for each layer the positions, the wall seconds and those of each
 * phase, from the last line that computed it. A resumed run gives them to {@link JobEstimate} for
 * the layers it reuses, so that it shows the time left from its start instead of after the first
 * layer it computes (which can take an hour).
 *
 * <pre>{@code
 * RunHistory h = RunHistory.read(dir.resolve("generate.log"));
 * RunHistory.Layer l = h.layer(29);     // null if no line computed layer 29
 * }</pre>
 */
final class RunHistory {
    /** A computed layer's line: {@code positions} in {@code seconds}, {@code phases} (name to seconds) in order. */
    record Layer(long positions, double seconds, Map<String, Double> phases) {
    }

    /** "layer 29: 2,311,801,440 positions in 571.56 s (4,044,702 positions/s): exits 77.7 s, ...; 35m45s elapsed". */
    private static final Pattern LINE = Pattern.compile(
            " layer +(\\d+): +([\\d,]+) positions? in +(\\d+(?:\\.\\d+)?) s \\([\\d,]+ positions/s\\)(?:: ([^;]*))?;");
    private static final Pattern PHASE = Pattern.compile("([a-z]+) (\\d+(?:\\.\\d+)?) s");

    private final Map<Integer, Layer> layers;

    private RunHistory(Map<Integer, Layer> layers) {
        this.layers = layers;
    }

    /** No layer. */
    static RunHistory empty() {
        return new RunHistory(Map.of());
    }

    /**
     * The layers the lines of {@code log} computed (a missing file has none). Lines that are not
     * a computed layer's are skipped: the reused layers', the starts, the summaries.
     *
     * @throws IOException if the file exists but cannot be read
     */
    static RunHistory read(Path log) throws IOException {
        String text;
        try {
            text = Files.readString(log, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return empty();
        }
        Map<Integer, Layer> layers = new HashMap<>();
        for (String line : text.split("\\R")) {
            Matcher m = LINE.matcher(line);
            if (!m.find()) {
                continue;
            }
            Map<String, Double> phases = new LinkedHashMap<>();
            if (m.group(4) != null) {
                Matcher p = PHASE.matcher(m.group(4));
                while (p.find()) {
                    phases.put(p.group(1), Double.parseDouble(p.group(2)));
                }
            }
            try {
                layers.put(Integer.parseInt(m.group(1)),
                        new Layer(Long.parseLong(m.group(2).replace(",", "")), Double.parseDouble(m.group(3)), phases));
            } catch (NumberFormatException e) {
                // a number too large for its type: not a line this program wrote
            }
        }
        return new RunHistory(layers);
    }

    /** The last computed line of layer {@code k}, or null. */
    Layer layer(int k) {
        return layers.get(k);
    }
}
