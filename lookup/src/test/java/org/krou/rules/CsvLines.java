package org.krou.rules;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The data lines of a test CSV resource: blank lines and lines starting with '#' skipped, line numbers kept. */
final class CsvLines {
    /** One data line: its number in the file (from 1) and its fields, split on ',' with empty trailing ones kept. */
    record Line(int number, String[] fields) {
    }

    private CsvLines() {
    }

    static List<Line> read(String resource, int minFields) throws IOException {
        List<Line> lines = new ArrayList<>();
        try (InputStream in = CsvLines.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing test resource " + resource);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String text;
            int number = 0;
            while ((text = r.readLine()) != null) {
                number++;
                if (text.isBlank() || text.startsWith("#")) {
                    continue;
                }
                String[] f = text.split(",", -1);
                if (f.length < minFields) {
                    throw new IOException(resource + " line " + number + ": expected " + minFields + " fields, got "
                            + f.length);
                }
                lines.add(new Line(number, f));
            }
        }
        return lines;
    }
}
