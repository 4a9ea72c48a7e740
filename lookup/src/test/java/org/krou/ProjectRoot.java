package org.krou;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the project's root directory from the working directory, for tests that read its files. */
public final class ProjectRoot {
    private ProjectRoot() {
    }

    /**
     * Walks up from the working directory to the directory whose {@code pom.xml} is the parent pom
     * ({@code <artifactId>krou-parent</artifactId>} outside a {@code <parent>} element).
     *
     * @throws IOException if no such directory is found, naming where the search started
     */
    public static Path find() throws IOException {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path pom = dir.resolve("pom.xml");
            if (Files.isRegularFile(pom)) {
                // a module's pom names krou-parent too, inside its <parent> element: drop that first
                String text = Files.readString(pom).replaceAll("(?s)<parent>.*?</parent>", "");
                if (text.contains("<artifactId>krou-parent</artifactId>")) {
                    return dir;
                }
            }
        }
        throw new IOException("no pom.xml with <artifactId>krou-parent</artifactId> in " + start
                + " or any directory above it");
    }
}
