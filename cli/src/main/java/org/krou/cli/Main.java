package org.krou.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code krou} command.
 *
 * <p>Exit codes: 0 success; 1 a check failed ({@code verify}) or the job failed; 2 bad usage or
 * bad input (unknown option, bad position, illegal move); 3 tables missing, damaged or not
 * covering the position.
 */
@Command(name = "krou", mixinStandardHelpOptions = true, version = "krou 0.1.0",
        description = "Oware (Abapa) endgame databases: generate, inspect and probe exact tables.",
        subcommands = {GenerateCommand.class, StatsCommand.class, ProbeCommand.class, VerifyCommand.class,
            InfoCommand.class, PvCommand.class, PlayCommand.class, CommandLine.HelpCommand.class},
        footerHeading = "%nExit codes:%n",
        footer = {"  0  success",
                  "  1  a check failed (verify) or the job failed",
                  "  2  bad usage or bad input (option, position, move)",
                  "  3  tables missing, damaged, or not covering the position"})
public final class Main implements Runnable {
    /** Success. */
    public static final int OK = 0;
    /** A check failed or the job failed. */
    public static final int FAILED = 1;
    /** Bad usage or bad input. */
    public static final int USAGE = 2;
    /** Tables missing, damaged or not covering the position. */
    public static final int TABLES = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Entry point. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the command line with the given streams; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExitCodeExceptionMapper(Errors::exitCode);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("error: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            err.println("Try 'krou " + (ex.getCommandLine().getCommandName().equals("krou") ? "" : ex.getCommandLine().getCommandName() + " ") + "--help'.");
            return USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println("error: " + Errors.message(ex));
            return Errors.exitCode(ex);
        });
        return cl.execute(args);
    }
}
