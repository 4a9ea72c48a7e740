package org.krou.cli;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Maps failures to one-line messages and exit codes: never a stack trace for a user error. */
final class Errors {
    private Errors() {
    }

    static int exitCode(Throwable ex) {
        String name = ex.getClass().getName();
        if (name.startsWith("org.krou.table.") || name.startsWith("org.krou.probe.")) {
            return Main.TABLES;
        }
        if (ex instanceof IllegalArgumentException) {
            return Main.USAGE;
        }
        return Main.FAILED;
    }

    static String message(Throwable ex) {
        if (ex instanceof UncheckedIOException u) {
            ex = u.getCause();
        }
        if (ex instanceof IOException) {
            return "I/O: " + ex.getMessage();
        }
        if (ex instanceof OutOfMemoryError) {
            return "out of memory: give the JVM more with KROU_JAVA_OPTS=-Xmx<size>, or use fewer seeds";
        }
        String m = ex.getMessage();
        if (ex instanceof RuntimeException && !(ex instanceof IllegalArgumentException)
                && !ex.getClass().getName().startsWith("org.krou.")) {
            return ex.getClass().getSimpleName() + (m == null ? "" : ": " + m);
        }
        return m == null ? ex.getClass().getSimpleName() : m;
    }
}
