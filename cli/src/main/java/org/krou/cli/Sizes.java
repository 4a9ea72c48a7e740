package org.krou.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.krou.generator.MemoryPlan;

/** Sizes in bytes as people write them ({@code 16g}, {@code 800m}, {@code 1.5GiB}) and back. */
final class Sizes {
    private Sizes() {
    }

    /**
     * Parses a size: a number with an optional unit k, m, g or t (powers of 1024; "b", "ib" and
     * "iB" may follow), e.g. {@code 16g}, {@code 800MiB}, {@code 1.5G}, {@code 4096}.
     *
     * @throws IllegalArgumentException naming {@code option} and the expected form
     */
    static long parse(String option, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replaceAll("i?b$", "");
        long unit = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'k' -> unit = 1L << 10;
                case 'm' -> unit = 1L << 20;
                case 'g' -> unit = 1L << 30;
                case 't' -> unit = 1L << 40;
                default -> unit = 1;
            }
            if (unit > 1) {
                t = t.substring(0, t.length() - 1).trim();
            }
        }
        try {
            double v = Double.parseDouble(t);
            if (!t.matches("[0-9]+(\\.[0-9]+)?") || v <= 0 || v * unit >= Long.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return (long) (v * unit);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + text + "': expected a size such as 16g, 800m or 1.5g");
        }
    }

    /** E.g. {@code "3.4 GiB"}. */
    static String format(long bytes) {
        return MemoryPlan.bytes(bytes);
    }

    /** Bytes of the regular files directly in {@code dir}; 0 if it does not exist or cannot be read. */
    static long bytesIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException e) {
            return 0;
        }
    }

    /** {@code path} made absolute, or its nearest parent that exists; null if none does. */
    static Path nearestExisting(Path path) {
        Path p = path.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p;
    }

    /** Free space for {@code dir} (or its nearest existing parent), or -1 if unknown. */
    static long usableSpace(Path dir) {
        Path p = nearestExisting(dir);
        try {
            return p == null ? -1 : Files.getFileStore(p).getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }
}
