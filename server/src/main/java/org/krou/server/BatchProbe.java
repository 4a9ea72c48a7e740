package org.krou.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
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
 *
 * <p>Plain answers (not {@code json}, not {@code lineBuffered}) are computed a chunk at a time:
 * the lines already at hand, up to {@link #CHUNK}, are read into boards and probed with
 * {@link Tablebase#probeAll} (sorted by block, so each block is decoded once) on the calling thread
 * and the {@code helpers} given (its owner's: a server's, or one command's), then answered in input order; a chunk ends early when the input would wait, so a program that writes
 * one line and waits still gets its answer at once. A line that is not a plain board, or whose
 * board the tables do not answer, is answered alone as before, with its error.
 */
public final class BatchProbe {
    /** Answers between two checks of the output while input keeps coming. */
    static final int CHECK_EVERY = 1024;
    /** Lines probed together at most. */
    static final int CHUNK = 1 << 15;
    /** The name of the helper threads. */
    static final String HELPER_NAME = "krou-batch";

    private final Tablebase tb;
    private final Executor helpers;
    private final int parts;
    private final boolean json;
    private final boolean lineBuffered;
    private final Function<? super TableException, String> tableMessage;
    private final int[] board = new int[Rules.PITS];

    /**
     * A pool of helpers for {@code helpers}: one thread fewer than the cores (the caller's thread
     * probes a part too), daemon threads named {@link #HELPER_NAME}. Its owner shuts it down.
     */
    public static ExecutorService newHelpers() {
        return Executors.newFixedThreadPool(helperThreads(), r -> {
            Thread t = new Thread(r, HELPER_NAME);
            t.setDaemon(true);
            return t;
        });
    }

    /** Helper threads worth having: one fewer than the cores, at least one. */
    static int helperThreads() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    }

    /**
     * A batch over {@code tb} (not thread-safe: one per thread or run).
     *
     * @param json         answer each line with the object of {@code probe --json} (errors as
     *                     {@code {"error": ...}}) instead of the bare value
     * @param lineBuffered flush after every answer
     * @param helpers      runs parts of a large chunk beside the calling thread ({@link #newHelpers()}),
     *                     or null to probe on the calling thread only
     */
    public BatchProbe(Tablebase tb, boolean json, boolean lineBuffered, Executor helpers) {
        this(tb, json, lineBuffered, helpers, TableException::getMessage);
    }

    /**
     * As {@link #BatchProbe(Tablebase, boolean, boolean, Executor)}, with {@code tableMessage} saying what
     * the answer of a line the tables cannot answer is (the command line gives the exception's
     * message, which names the file; the HTTP API its own words, which name none).
     */
    public BatchProbe(Tablebase tb, boolean json, boolean lineBuffered, Executor helpers,
                      Function<? super TableException, String> tableMessage) {
        this.tb = tb;
        this.helpers = helpers;
        this.parts = helpers == null ? 1 : helperThreads() + 1;
        this.json = json;
        this.lineBuffered = lineBuffered;
        this.tableMessage = tableMessage;
    }

    /**
     * Answers every line of {@code in} on {@code out}.
     *
     * @return true when every line was read and answered; false when the output could not be
     *         written (the caller reports why) or the input could not be read (said on {@code err})
     */
    public boolean run(InputStream in, PrintWriter out, PrintWriter err) {
        return json || lineBuffered ? runOneByOne(in, out, err) : runChunked(in, out, err);
    }

    private boolean runChunked(InputStream in, PrintWriter out, PrintWriter err) {
        boolean[] dead = new boolean[1];
        LineInput lines = new LineInput(in, () -> !(dead[0] = out.checkError()));
        String[] chunk = new String[CHUNK];
        boolean[] tooLong = new boolean[CHUNK];
        long answered = 0;
        try {
            boolean end = false;
            while (!end) {
                int n = 0;
                while (n < CHUNK && (n == 0 || lines.ready())) {
                    String line = lines.next();
                    if (line == null) {
                        end = true;
                        break;
                    }
                    tooLong[n] = lines.tooLong();
                    chunk[n++] = line;
                }
                answerChunk(chunk, tooLong, n, answered, out);
                answered += n;
                if (out.checkError() || dead[0]) {
                    return false;
                }
                if (!end && !lines.ready()) {
                    out.flush(); // the input pauses: the answers go out now
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

    /** Answers {@code lines[0..n)} in order: the plain boards probed together, the rest one by one. */
    private void answerChunk(String[] lines, boolean[] tooLong, int n, long before, PrintWriter out) {
        int[] boards = new int[Rules.PITS * n];
        int[] index = new int[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (!tooLong[i] && Notation.readBoard(lines[i], board)) {
                System.arraycopy(board, 0, boards, Rules.PITS * m, Rules.PITS);
                index[i] = m++;
            } else {
                index[i] = -1;
            }
        }
        int[] values = probeAll(Arrays.copyOf(boards, Rules.PITS * m), m);
        for (int i = 0; i < n; i++) {
            if (tooLong[i]) {
                out.print(error("line " + (before + i + 1) + " is longer than " + LineInput.MAX_LINE
                        + " bytes: one position per line, e.g. '4 4 4 4 4 4 / 4 4 4 4 4 4 S'"));
            } else if (index[i] >= 0 && values != null && values[index[i]] != Tablebase.NO_VALUE) {
                out.print(values[index[i]]);
            } else {
                out.print(answer(lines[i])); // says what is wrong, or reads a damaged block alone
            }
            out.print('\n');
        }
    }

    /**
     * The values of {@code m} boards, probed in parts on this thread and the helpers; null if a
     * table cannot be read (then each line is answered alone, with its error).
     */
    private int[] probeAll(int[] boards, int m) {
        int parts = m < 1024 ? 1 : this.parts;
        int[] values = new int[m];
        try {
            @SuppressWarnings("unchecked")
            FutureTask<int[]>[] futures = new FutureTask[parts];
            for (int t = 1; t < parts; t++) {
                int from = (int) ((long) m * t / parts);
                int to = (int) ((long) m * (t + 1) / parts);
                futures[t] = new FutureTask<>(() -> part(boards, from, to));
                try {
                    helpers.execute(futures[t]);
                } catch (RejectedExecutionException e) {
                    futures[t].run(); // the helpers are stopping: this thread does the part
                }
            }
            int[] first = part(boards, 0, (int) ((long) m / parts));
            System.arraycopy(first, 0, values, 0, first.length);
            for (int t = 1; t < parts; t++) {
                int from = (int) ((long) m * t / parts);
                int[] v = futures[t].get();
                System.arraycopy(v, 0, values, from, v.length);
            }
            return values;
        } catch (TableException e) {
            return null;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TableException) {
                return null;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private int[] part(int[] boards, int from, int to) {
        int[] out = new int[to - from];
        tb.probeAll(Arrays.copyOfRange(boards, Rules.PITS * from, Rules.PITS * to), out);
        return out;
    }

    private boolean runOneByOne(InputStream in, PrintWriter out, PrintWriter err) {
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
        } catch (IllegalArgumentException e) {
            return error(e.getMessage());
        } catch (TableException e) {
            return error(tableMessage.apply(e));
        }
    }

    private String error(String message) {
        if (json) {
            return ProbeJson.write(ProbeJson.error(message));
        }
        return "error: " + message;
    }
}
