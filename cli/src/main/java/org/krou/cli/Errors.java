package org.krou.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.IoReason;
import org.krou.table.MissingTableException;
import org.krou.table.TablePaths;

/** Maps failures to one-line messages and exit codes: never a stack trace for a user error. */
final class Errors {
    private Errors() {
    }

    /** The longest error message printed; input echoed in messages is cut to this. */
    static final int MAX_MESSAGE = 400;

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
        if (ex instanceof IOException io) {
            return "I/O: " + IoReason.of(io);
        }
        if (ex instanceof MissingTableException m) {
            String none = noTables(m);
            if (none != null) {
                return none;
            }
        }
        if (ex instanceof OutOfMemoryError) {
            return "out of memory: give the JVM more with KROU_JAVA_OPTS=-Xmx<size>, or use fewer seeds";
        }
        // the message alone, never the class's name, unless there is nothing else to say (a bug)
        String m = ex.getMessage();
        return m == null || m.isBlank() ? "internal error (" + ex.getClass().getSimpleName() + ")" : m;
    }

    /**
     * A missing table of a variant with no value table at all under the data directory (a first
     * run, a mistyped {@code --data}): says so, and the command that writes them, rather than
     * naming the layer of 0 seeds that a position of any size needs first. Null otherwise.
     */
    private static String noTables(MissingTableException m) {
        Variant v = m.variant();
        Path dir = m.file().getParent();
        if (v == null || dir == null) {
            return null;
        }
        Path data = dir.getParent() == null ? Path.of(".") : dir.getParent();
        for (int seeds = 0; seeds <= PositionIndex.MAX_SEEDS; seeds++) {
            if (Files.exists(TablePaths.valuesPath(data, v, seeds))) {
                return null;
            }
        }
        return "no " + v.id() + " tables in " + dir + ": create them with 'krou generate --data " + data
                + (v == Variant.ABAPA ? "" : " --variant " + v.id()) + "'";
    }

    /**
     * Reports an {@link Error} that escaped a command (picocli hands only Exceptions to its
     * handler): one line on {@code err}, no stack trace. Returns {@link Main#FAILED}.
     */
    static int fatal(Error e, PrintWriter err) {
        if (firstOutOfMemory(e)) {
            err.println("error: " + fatalMessage(e));
            err.flush();
        }
        return Main.FAILED;
    }

    /**
     * Running out of memory often strikes several threads at once (a worker and the main
     * thread): it is reported once per run of the command line.
     */
    private static final java.util.concurrent.atomic.AtomicBoolean OUT_OF_MEMORY_SAID =
            new java.util.concurrent.atomic.AtomicBoolean();

    /** Whether {@code e} is to be reported: false for a second out-of-memory error in one run. */
    static boolean firstOutOfMemory(Throwable e) {
        return !(e instanceof OutOfMemoryError) || OUT_OF_MEMORY_SAID.compareAndSet(false, true);
    }

    /** True if an out-of-memory error was reported in this run (by any thread). */
    static boolean outOfMemorySaid() {
        return OUT_OF_MEMORY_SAID.get();
    }

    /** A new run of the command line: nothing reported yet. */
    static void newRun() {
        OUT_OF_MEMORY_SAID.set(false);
    }

    /** What an Error means for the user: out of memory says what to do. */
    static String fatalMessage(Error e) {
        if (e instanceof OutOfMemoryError) {
            long max = Runtime.getRuntime().maxMemory();
            return "out of memory (" + e.getMessage() + ", heap limit "
                    + (max == Long.MAX_VALUE ? "none" : (max >> 20) + " MiB")
                    + "): give the JVM more heap with KROU_JAVA_OPTS=-Xmx<size> (e.g. KROU_JAVA_OPTS=-Xmx4g "
                    + "scripts/krou ...), or work on fewer seeds (generate --max-seeds N)";
        }
        if (e instanceof StackOverflowError) {
            return "internal error: stack overflow; give the JVM a larger stack with KROU_JAVA_OPTS=-Xss<size>";
        }
        return "internal error: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /**
     * A message as one line: control characters (line breaks included) shown as {@code ?}, at
     * most {@link #MAX_MESSAGE} characters, the rest cut with {@code …}.
     */
    static String oneLine(String m) {
        if (m == null) {
            return "";
        }
        int cut = Math.min(m.length(), MAX_MESSAGE);
        StringBuilder sb = new StringBuilder(cut + 1);
        for (int i = 0; i < cut; i++) {
            char c = m.charAt(i);
            sb.append(Character.isISOControl(c) ? '?' : c);
        }
        return cut < m.length() ? sb.append('\u2026').toString() : sb.toString();
    }
}
