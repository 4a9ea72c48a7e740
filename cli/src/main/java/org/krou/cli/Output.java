package org.krou.cli;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Standard output of the {@code krou} command: a {@link PrintWriter} (UTF-8, buffered, flushed
 * at each {@code println}) that also remembers why writing failed. A plain PrintWriter only
 * sets a flag ({@link #checkError()}) and drops the {@link IOException}; this one keeps the first
 * so that {@link Main} can say "cannot write standard output: No space left on device".
 */
final class Output extends PrintWriter {
    private final Recorder recorder;

    private Output(Recorder recorder) {
        super(new BufferedWriter(new OutputStreamWriter(recorder, StandardCharsets.UTF_8), 1 << 16), true);
        this.recorder = recorder;
    }

    /** An output over {@code stream}, e.g. {@code new FileOutputStream(FileDescriptor.out)}. */
    static Output of(OutputStream stream) {
        return new Output(new Recorder(stream));
    }

    /** The first failure writing to the stream, or null if none happened. */
    IOException failure() {
        return recorder.failure;
    }

    /** Passes everything through and keeps the first {@link IOException}. */
    private static final class Recorder extends FilterOutputStream {
        private volatile IOException failure;

        Recorder(OutputStream out) {
            super(out);
        }

        private IOException record(IOException e) {
            if (failure == null) {
                failure = e;
            }
            return e;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw record(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw record(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw record(e);
            }
        }
    }
}
