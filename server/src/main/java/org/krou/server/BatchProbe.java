package org.krou.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import org.krou.probe.Tablebase;
import org.krou.rules.Notation;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.table.TableException;

/**
 * The loop of {@code probe --batch}, also run by {@code POST /api/v1/<variant>/batch}: one answer
 * line per input line, the value (or with {@code json} the object of {@code probe --json}), or
 * {@code error: <reason>} (with {@code json}: {@code {"error": "<reason>"}}) for a line that
 * cannot be answered, and on to the next.
 *
 * <p>Buffering: answers are flushed whenever the loop would wait for input (so a program that
 * writes a line and waits for its answer gets it at once), when the output buffer fills, at the
 * end, and with {@code lineBuffered} after every answer. Every {@link #CHECK_EVERY} answers,
 * and at each of those flushes, the output is checked: when it can no longer be written the loop
 * stops at once and the run fails (the caller says why). If reading the input fails, the answers
 * so far are still written.
 */
public final class BatchProbe {
    /** Answers between two checks of the output while input keeps coming. */
    static final int CHECK_EVERY = 1024;

    private final Tablebase tb;
    private final boolean json;
    private final boolean lineBuffered;
    private final int[] board = new int[Rules.PITS];

    /**
     * A batch over {@code tb} (not thread-safe: one per thread or run).
     *
     * @param json         answer each line with the object of {@code probe --json} (errors as
     *                     {@code {"error": ...}}) instead of the bare value
     * @param lineBuffered flush after every answer
     */
    public BatchProbe(Tablebase tb, boolean json, boolean lineBuffered) {
        this.tb = tb;
        this.json = json;
        this.lineBuffered = lineBuffered;
    }

    /**
     * Answers every line of {@code in} on {@code out}.
     *
     * @return true when every line was read and answered; false when the output could not be
     *         written (the caller reports why) or the input could not be read (said on {@code err})
     */
    public boolean run(InputStream in, PrintWriter out, PrintWriter err) {
        boolean[] dead = new boolean[1];
        LineInput lines = new LineInput(in, () -> !(dead[0] = out.checkError()));
        long answered = 0;
        try {
            String line;
            while ((line = lines.next()) != null) {
                out.print(lines.tooLong() ? error("line " + (answered + 1) + " is longer than "
                        + LineInput.MAX_LINE + " bytes: one position per line, e.g. '4 4 4 4 4 4 / 4 4 4 4 4 4 S'")
                        : answer(line));
                out.print('\n');
                answered++;
                if ((lineBuffered || answered % CHECK_EVERY == 0) && out.checkError()) {
                    return false;
                }
            }
        } catch (IOException e) {
            out.flush();
            err.println("error: cannot read standard input after " + answered + " lines: " + e.getMessage());
            return false;
        } finally {
            out.flush();
        }
        return !(dead[0] || out.checkError());
    }

    /** The answer line of one input line (without its end of line). */
    public String answer(String line) {
        try {
            if (json) {
                Position p = Position.parse(line);
                return ProbeJson.write(ProbeJson.probe(p, tb.value(p), tb.moveValues(p), tb.bestMoves(p), null,
                        null));
            }
            // the common well-formed line is read here; anything else goes to
            // Position.parse, which reads it the same way or says what is wrong
            int[] b = Notation.readBoard(line, board) ? board : Position.parse(line).moverRelative();
            return Integer.toString(tb.value(b));
        } catch (IllegalArgumentException | TableException e) {
            return error(e.getMessage());
        }
    }

    private String error(String message) {
        if (json) {
            return ProbeJson.write(ProbeJson.error(message));
        }
        return "error: " + message;
    }
}
