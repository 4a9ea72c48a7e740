package org.krou.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code krou} command.
 *
 * <p>Exit codes: 0 success; 1 a check failed ({@code verify}) or the job failed; 2 bad usage or
 * bad input (unknown option, bad position, illegal move); 3 tables missing, damaged or not
 * covering the position; 141 standard output closed early by its reader.
 */
@Command(name = "krou", mixinStandardHelpOptions = true, version = "krou 0.1.0",
        description = "Oware (Abapa) endgame databases: generate, inspect and probe exact tables.",
        subcommands = {GenerateCommand.class, StatsCommand.class, ProbeCommand.class, VerifyCommand.class,
            InfoCommand.class, PvCommand.class, PlayCommand.class, MatchCommand.class, ServeCommand.class,
            AnalyseCommand.class, StoreCommand.class, WorkerCommand.class, CommandLine.HelpCommand.class},
        footerHeading = "%nExit codes:%n",
        footer = {"    0  success",
                  "    1  a check failed (verify) or the job failed",
                  "    2  bad usage or bad input (option, position, move)",
                  "    3  tables missing, damaged, or not covering the position",
                  "  141  standard output closed by its reader (e.g. | head): nothing said"})
public final class Main implements Callable<Integer> {
    /** Success. */
    public static final int OK = 0;
    /** A check failed or the job failed. */
    public static final int FAILED = 1;
    /** Bad usage or bad input. */
    public static final int USAGE = 2;
    /** Tables missing, damaged or not covering the position. */
    public static final int TABLES = 3;
    /**
     * Standard output was closed before everything was written (its reader, e.g. {@code head},
     * stopped): a normal end, exit 128 + SIGPIPE as for Unix tools killed by that signal.
     */
    public static final int PIPE_CLOSED = 141;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** {@code krou} without a command: the usage on standard error, exit 2. */
    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        List<String> commands = spec.subcommands().keySet().stream().filter(c -> !c.equals("help")).toList();
        err.println("error: missing COMMAND: one of " + String.join(", ", commands) + " (krou --help)");
        spec.commandLine().usage(err);
        return USAGE;
    }

    /** Entry point. */
    public static void main(String[] args) {
        Output out = Output.of(new FileOutputStream(FileDescriptor.out));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
                StandardCharsets.UTF_8), true);
        Thread.setDefaultUncaughtExceptionHandler(uncaught(err));
        int code = run(args, out, err);
        err.flush();
        System.exit(code);
    }

    /**
     * Runs the command line with the given streams; returns the exit code. Whatever happens is
     * said in one line starting with {@code error:} on {@code err}, never as a stack trace: bad
     * usage, failures of the command, {@link Error}s such as running out of memory, and output
     * that could not be written (checked after the command, with the reason when {@code out} is
     * an {@link Output}).
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        int code;
        Errors.newRun();
        try {
            code = commandLine(out, err).execute(args);
        } catch (Error e) { // picocli's execution-exception handler sees Exceptions only
            code = Errors.fatal(e, err);
        }
        if (code == OK && Errors.outOfMemorySaid()) {
            code = FAILED; // a thread ran out of memory (and said so) while the command went on
        }
        return checkOutput(code, out, err);
    }

    private static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, false);
    }

    /**
     * The command line; {@code minusWordsArePositions}: words that picocli took for unknown
     * options are read as positional parameters (see {@link #minusWordsOnly}).
     */
    private static CommandLine commandLine(PrintWriter out, PrintWriter err, boolean minusWordsArePositions) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExitCodeExceptionMapper(Errors::exitCode);
        Numbers.register(cl);
        cl.setUnmatchedOptionsArePositionalParams(minusWordsArePositions);
        cl.setParameterExceptionHandler((ex, a) -> {
            if (!minusWordsArePositions && minusWordsOnly(ex)) {
                // e.g. probe "-0 0 0 0 0 1 / 1 0 0 0 0 0 S": read as the position it is, which its parser refuses
                return commandLine(out, err, true).execute(a);
            }
            err.println("error: " + Errors.oneLine(usage(ex)));
            return USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println("error: " + Errors.oneLine(Errors.message(ex)));
            return Errors.exitCode(ex);
        });
        return cl;
    }

    /**
     * What picocli refused, in one line: its message, what it suggests instead, and where the
     * command's options are listed; an unknown first word is an unknown command.
     */
    static String usage(CommandLine.ParameterException ex) {
        String name = ex.getCommandLine() == null ? "krou" : ex.getCommandLine().getCommandName();
        String help = name.equals("krou") ? "krou --help" : "krou " + name + " --help";
        String what = ex.getMessage();
        List<String> instead = List.of();
        if (ex instanceof CommandLine.UnmatchedArgumentException u) {
            instead = u.getSuggestions();
            List<String> words = u.getUnmatched();
            if (name.equals("krou") && !words.isEmpty() && !words.get(0).startsWith("-")) {
                what = "unknown command '" + words.get(0) + "'";
            }
        }
        List<String> some = instead.subList(0, Math.min(3, instead.size()));
        String suggestion = some.isEmpty() ? "" : "; did you mean " + (some.size() == 1 ? some.get(0)
                : String.join(", ", some.subList(0, some.size() - 1)) + " or " + some.get(some.size() - 1)) + "?";
        return what + suggestion + " (see '" + help + "')";
    }

    /**
     * True if the words picocli could not match are all a minus followed by a digit, as a
     * position starting with a negative count is ({@code "-1 0 0 0 0 1 / ..."}): no option of
     * krou is written so. Picocli takes such a word for an option unless it is a number, so that
     * the position would be refused as an unknown option or as missing.
     */
    private static boolean minusWordsOnly(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException
                || ex instanceof CommandLine.MissingParameterException) || ex.getCommandLine() == null) {
            return false;
        }
        List<String> unmatched = ex.getCommandLine().getUnmatchedArguments();
        return !unmatched.isEmpty() && unmatched.stream().allMatch(w -> w.matches("(?s)-[0-9].*"));
    }

    /**
     * Flushes {@code out} and checks that everything was written: if not, says so on {@code err}
     * ("error: cannot write standard output: No space left on device") and turns success into
     * {@link #FAILED}; a pipe closed by its reader ("Broken pipe") is a normal end, said nothing
     * about, success becoming {@link #PIPE_CLOSED}.
     */
    static int checkOutput(int code, PrintWriter out, PrintWriter err) {
        if (!out.checkError()) {
            return code;
        }
        IOException why = out instanceof Output o ? o.failure() : null;
        if (why != null && "Broken pipe".equals(why.getMessage())) {
            return code == OK ? PIPE_CLOSED : code;
        }
        err.println("error: cannot write standard output" + (why == null ? "" : ": " + why.getMessage()));
        return code == OK ? FAILED : code;
    }

    /** For threads that die of an exception nobody catches: one error line, no stack trace. */
    static Thread.UncaughtExceptionHandler uncaught(PrintWriter err) {
        return (thread, e) -> {
            if (!Errors.firstOutOfMemory(e)) {
                return; // already said, by another thread
            }
            err.println("error: thread " + thread.getName() + " failed: " + (e instanceof Error x
                    ? Errors.fatalMessage(x) : Errors.message(e)));
            err.flush();
        };
    }
}
