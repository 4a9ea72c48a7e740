package org.krou.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * Lines of UTF-8 text read from a stream, for {@code probe --batch}. Before every read that
 * could block (no complete line buffered and nothing {@link InputStream#available() available})
 * it calls {@code idle}: the batch flushes its answers there, so a program that writes one line
 * and waits for the answer (a coprocess) gets it, while a file or a fast pipe is answered in
 * large blocks. Lines end with {@code \n} (a {@code \r} before it is dropped); the last line may
 * lack it. A byte order mark at the start of the input is dropped. A line longer than
 * {@link #MAX_LINE} bytes is skipped up to its end and reported by {@link #tooLong()}: memory
 * stays bounded whatever arrives.
 */
public final class LineInput {
    /** The longest line kept, in bytes; a position takes about 30. */
    public static final int MAX_LINE = 1 << 20;

    private final InputStream in;
    private final BooleanSupplier idle;
    private byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    private int scan;
    private boolean eof;
    private boolean first = true;
    private boolean skipping;
    private boolean tooLong;

    /**
     * @param in   the input
     * @param idle called before a read that may block; returns false to stop reading (the
     *             answers can no longer be written), and then {@link #next()} returns null
     */
    public LineInput(InputStream in, BooleanSupplier idle) {
        this.in = in;
        this.idle = idle;
    }

    /** The next line without its end, or null at the end of the input (or when told to stop). */
    public String next() throws IOException {
        while (true) {
            for (int i = scan; i < lim; i++) {
                if (buf[i] == '\n') {
                    String line = line(pos, i);
                    pos = i + 1;
                    scan = pos;
                    return line;
                }
            }
            scan = lim;
            if (eof) {
                if (pos < lim || skipping) {
                    String line = line(pos, lim);
                    pos = lim;
                    return line;
                }
                return null;
            }
            makeRoom();
            if (in.available() <= 0 && !idle.getAsBoolean()) {
                return null;
            }
            int n = in.read(buf, lim, buf.length - lim);
            if (n < 0) {
                eof = true;
            } else {
                lim += n;
            }
        }
    }

    /**
     * True when {@link #next()} would return without waiting: a whole line is buffered, the input
     * has ended, or bytes are available to read.
     */
    public boolean ready() throws IOException {
        for (int i = scan; i < lim; i++) {
            if (buf[i] == '\n') {
                return true;
            }
        }
        return eof || in.available() > 0;
    }

    /** True when the line last returned was longer than {@link #MAX_LINE} bytes (and came back empty). */
    public boolean tooLong() {
        return tooLong;
    }

    private void makeRoom() {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            scan -= pos;
            pos = 0;
        }
        if (lim == buf.length) {
            if (buf.length >= MAX_LINE) {
                skipping = true; // keep nothing more of this line
                lim = 0;
                scan = 0;
            } else {
                buf = java.util.Arrays.copyOf(buf, Math.min(MAX_LINE, buf.length * 2));
            }
        }
    }

    private String line(int from, int to) {
        tooLong = skipping;
        skipping = false;
        if (tooLong) {
            first = false;
            return "";
        }
        if (to > from && buf[to - 1] == '\r') {
            to--;
        }
        String s = new String(buf, from, to - from, StandardCharsets.UTF_8);
        if (first) {
            first = false;
            s = org.krou.rules.Notation.stripByteOrderMark(s);
        }
        return s;
    }
}
