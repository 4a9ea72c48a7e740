package org.krou;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc of lookup's {@code module-info.java} says what is true: its sentences name every
 * public type of the module as API, and a type they call internal (in a sentence that says
 * "package-private" or "not public") is not public, nor is a type they name as API anything else. Types are read
 * from the sources: a top-level {@code public} class, interface, enum or record.
 */
class ModuleInfoTest {
    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "(?m)^public\\s+(?:(?:final|abstract|sealed|non-sealed)\\s+)*(?:class|interface|enum|record|@interface)\\s+(\\w+)");
    private static final Pattern CODE_NAME = Pattern.compile("\\{@code ([A-Z]\\w*)\\}");

    @Test
    void theModuleDocumentationNamesThePublicTypesAndOnlyThem() throws IOException {
        Path src = ProjectRoot.find().resolve("lookup/src/main/java");
        Set<String> all = new TreeSet<>();
        Set<String> publicTypes = new TreeSet<>();
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList())) {
                String name = f.getFileName().toString().replace(".java", "");
                if (name.equals("module-info") || name.equals("package-info")) {
                    continue;
                }
                all.add(name);
                Matcher m = PUBLIC_TYPE.matcher(Files.readString(f));
                if (m.find() && m.group(1).equals(name)) {
                    publicTypes.add(name);
                }
            }
        }
        String info = Files.readString(src.resolve("module-info.java"));
        String doc = info.substring(info.indexOf("/**"), info.indexOf("*/"));
        Set<String> named = new TreeSet<>();
        List<String> wrong = new ArrayList<>();
        // sentences and list items: a period, semicolon or colon followed by white space ends one
        for (String sentence : doc.split("(?<=[.;:])\\s+")) {
            boolean internal = sentence.contains("package-private") || sentence.contains("not public");
            Matcher m = CODE_NAME.matcher(sentence);
            while (m.find()) {
                String type = m.group(1);
                if (!all.contains(type)) {
                    continue; // a JDK type or a word, not one of this module's
                }
                named.add(type);
                if (internal == publicTypes.contains(type)) {
                    wrong.add(type + " is " + (internal ? "public, but called package-private" : "not public, but named as API"));
                }
            }
        }
        Set<String> unnamed = new TreeSet<>(publicTypes);
        unnamed.removeAll(named);
        for (String type : unnamed) {
            wrong.add(type + " is public, but not named");
        }
        assertTrue(wrong.isEmpty(), "the module-info Javadoc of lookup:\n" + String.join("\n", wrong));
    }
}
