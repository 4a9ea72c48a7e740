package org.krou.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs the command line in-process and keeps what it printed. */
record CliRun(int exit, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Runs with {@code input} (UTF-8) as standard input. */
    static CliRun withInput(String input, String... args) {
        return withInput(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), args);
    }

    /** Runs with {@code input} as standard input. */
    static CliRun withInput(InputStream input, String... args) {
        InputStream old = System.in;
        try {
            System.setIn(input);
            return of(args);
        } finally {
            System.setIn(old);
        }
    }
}
