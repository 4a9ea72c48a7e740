package org.krou;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository stands alone: no text file points at documents outside it (the rules live in
 * {@code docs/RULES.md}), and every relative link of {@code README.md} and {@code docs/*.md}
 * names a file that exists. Walks the project from its root (the directory whose
 * {@code pom.xml} is {@code krou-parent}), skipping {@code target/}, {@code .git/}, the table
 * directories under {@code data/}, binary files and files over 1 MiB.
 */
class StandAloneTest {
    /** Built at run time so that this file does not contain what it looks for. */
    private static final String OUTSIDE = "shared";
    private static final List<String> FORBIDDEN =
            List.of("../" + OUTSIDE, OUTSIDE + "/RULES", OUTSIDE + "/seeds");
    private static final long MAX_BYTES = 1 << 20;
    /** An inline link or image {@code [text](target "title")}: group 1 is the target. */
    private static final Pattern INLINE_LINK = Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** A reference definition {@code [label]: target}. */
    private static final Pattern REFERENCE_LINK = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

    @Test
    void nothingPointsOutsideTheRepository() throws IOException {
        Path root = ProjectRoot.find();
        List<String> found = new ArrayList<>();
        for (Path file : textFiles(root)) {
            List<String> lines = readLines(file);
            for (int i = 0; i < lines.size(); i++) {
                for (String needle : FORBIDDEN) {
                    if (lines.get(i).contains(needle)) {
                        found.add(root.relativize(file) + ":" + (i + 1) + ": '" + needle + "' in: "
                                + lines.get(i).strip());
                    }
                }
            }
        }
        assertTrue(found.isEmpty(), found.size() + " reference(s) outside the repository (point them at "
                + "docs/RULES.md):\n" + String.join("\n", found));
    }

    @Test
    void relativeMarkdownLinksResolve() throws IOException {
        Path root = ProjectRoot.find();
        List<Path> docs = new ArrayList<>();
        docs.add(root.resolve("README.md"));
        try (Stream<Path> s = Files.list(root.resolve("docs"))) {
            s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        List<String> broken = new ArrayList<>();
        if (!Files.isRegularFile(root.resolve("docs/RULES.md"))) {
            broken.add("docs/RULES.md is missing: the rules document of the project");
        }
        for (Path md : docs) {
            List<String> lines = readLines(md);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (fenced) {
                    continue;
                }
                List<String> targets = new ArrayList<>();
                Matcher m = INLINE_LINK.matcher(line);
                while (m.find()) {
                    targets.add(m.group(1));
                }
                Matcher r = REFERENCE_LINK.matcher(line);
                if (r.matches()) {
                    targets.add(r.group(1));
                }
                for (String target : targets) {
                    String file = localFile(target);
                    if (file == null) {
                        continue;
                    }
                    Path resolved = md.getParent().resolve(file).normalize();
                    if (!resolved.startsWith(root)) {
                        broken.add(root.relativize(md) + ":" + (i + 1) + ": link to '" + target
                                + "' leaves the repository (a clone does not have it)");
                    } else if (!Files.exists(resolved)) {
                        broken.add(root.relativize(md) + ":" + (i + 1) + ": link to '" + target
                                + "' names no file of the repository");
                    }
                }
            }
        }
        assertTrue(broken.isEmpty(), broken.size() + " broken link(s):\n" + String.join("\n", broken));
    }

    /** The file part of a relative link target, or null for URLs and same-page anchors. */
    private static String localFile(String target) {
        if (SCHEME.matcher(target).find() || target.startsWith("#") || target.startsWith("/")) {
            return null;
        }
        int cut = target.indexOf('#');
        String file = cut < 0 ? target : target.substring(0, cut);
        return file.isEmpty() ? null : file;
    }

    private static List<String> readLines(Path file) throws IOException {
        return List.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\r?\n", -1));
    }

    /** Regular text files of the project, in a stable order. */
    private static List<Path> textFiles(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        Path data = root.resolve("data");
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                boolean tables = data.equals(dir.getParent());
                return !dir.equals(root) && (name.equals("target") || name.equals(".git") || tables)
                        ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile() && attrs.size() <= MAX_BYTES && isText(file)) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        files.sort(null);
        assertTrue(files.contains(root.resolve("README.md")), "README.md not found under " + root);
        return files;
    }

    private static boolean isText(Path file) throws IOException {
        for (byte b : Files.readAllBytes(file)) {
            if (b == 0) {
                return false;
            }
        }
        return true;
    }
}
