package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The error contract at the edges of the command line: input refused with exit 2 and one line
 * saying what is allowed, output that cannot be written, Errors such as running out of memory,
 * and positions given as separate words.
 */
class CliContractTest {
    /** Ten seeds on the board: at most 38 captured. */
    private static final String TEN = "0 0 1 3 0 2 / 2 1 0 0 1 0 S";
    private static final String TWO = "0 0 0 0 0 1 / 1 0 0 0 0 0 S";

    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() {
        CliRun g = CliRun.of("generate", "--max-seeds", "4", "--data", dir.toString(), "--threads", "1");
        assertEquals(0, g.exit(), g.err());
    }

    private static void refused(CliRun r, String start, String... words) {
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().startsWith("error: " + start), r.err());
        for (String w : words) {
            assertTrue(r.err().contains(w), "'" + w + "' in " + r.err());
        }
        assertEquals("", r.out());
    }

    /**
     * A --data that is a file, or lies under one, printed the plan, a warning about the log and
     * then an I/O error: it is refused first, in one line.
     */
    @Test
    void aDataDirectoryThatIsAFileIsRefusedFirst() throws IOException {
        Path file = java.nio.file.Files.writeString(dir.resolve("not-a-directory"), "x");
        refused(CliRun.of("generate", "--max-seeds", "3", "--data", file.toString()), "--data", "is a file, not a directory");
        refused(CliRun.of("generate", "--max-seeds", "3", "--data", file.resolve("below").toString()), "--data",
                file + " is a file");
        refused(CliRun.of("generate", "--max-seeds", "3", "--data", file.toString(), "--plan"), "--data");
    }

    /**
     * What the parser refuses (an unknown command or option, an option without its value, a
     * value of the wrong form) is said in one line, with picocli's suggestion and the help that
     * lists the options, not in picocli's three.
     */
    @Test
    void parseErrorsAreOneLineWithSuggestionAndHelp() {
        String d = dir.toString();
        refused(CliRun.of("prob", "--data", d, TEN), "unknown command 'prob'; did you mean probe? (see 'krou --help')");
        refused(CliRun.of("frobnicate"), "unknown command 'frobnicate'; did you mean ", " or ", "(see 'krou --help')");
        refused(CliRun.of("probe", "--dat", d, TEN), "Unknown option: '--dat'; did you mean --data? (see 'krou probe --help')");
        refused(CliRun.of("verify", "--data", d, "--samples"), "Missing required parameter for option '--samples'",
                "(see 'krou verify --help')");
        refused(CliRun.of("generate", "--max-seeds", "x", "--data", d), "Invalid value for option '--max-seeds'",
                "(see 'krou generate --help')");
        refused(CliRun.of("--frob"), "Unknown option: '--frob' (see 'krou --help')");
    }

    /**
     * Where a rule set has no table at all (a first run, a mistyped --data), every command that
     * reads tables says so in one line and gives the command that writes them (the same on every
     * install: no path to a launcher), not the layer of 0 seeds it looked for first; a set that
     * lacks only that layer is still named by its file.
     */
    @Test
    void noTablesAtAllSayHowToCreateThem() throws IOException {
        Path none = dir.resolve("no-such-data");
        String expected = "error: no abapa tables in " + none.resolve("abapa") + ": create them with 'krou generate --data "
                + none + "'";
        List<List<String>> commands = List.of(List.of("probe", TEN), List.of("pv", TEN),
                List.of("analyse", "--no-store", "--nodes", "1000", TEN), List.of("stats"), List.of("verify"));
        for (List<String> c : commands) {
            List<String> args = new java.util.ArrayList<>(c.subList(0, 1));
            args.addAll(List.of("--data", none.toString()));
            args.addAll(c.subList(1, c.size()));
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(3, r.exit(), c + ": " + r.err());
            assertEquals(expected, r.err().strip(), c.get(0));
        }
        CliRun info = CliRun.of("info", "--data", none.toString());
        assertEquals(3, info.exit(), info.err());
        assertEquals("No tables in " + none + ": create them with 'krou generate --data " + none + "'", info.out().strip());
        CliRun awari = CliRun.of("probe", "--data", dir.toString(), "--variant", "awari", TEN);
        assertEquals(3, awari.exit(), awari.err());
        assertEquals("error: no awari tables in " + dir.resolve("awari") + ": create them with 'krou generate --data "
                + dir + " --variant awari'", awari.err().strip());
        // tables there, layer 0 gone: the missing file is named
        Path partial = dir.resolve("partial");
        CliRun g = CliRun.of("generate", "--max-seeds", "2", "--data", partial.toString(), "--threads", "1");
        assertEquals(0, g.exit(), g.err());
        java.nio.file.Files.delete(partial.resolve("abapa").resolve("values-00.krou"));
        CliRun gap = CliRun.of("probe", "--data", partial.toString(), TWO);
        assertEquals(3, gap.exit(), gap.err());
        assertTrue(gap.err().contains("values-00.krou does not exist"), gap.err());
    }

    /** The command list of {@code krou --help} shows each description's first line: a whole sentence. */
    @Test
    void everyCommandSummaryIsAWholeSentence() {
        picocli.CommandLine cl = new picocli.CommandLine(new Main());
        for (var e : cl.getSubcommands().entrySet()) {
            String[] d = e.getValue().getCommandSpec().usageMessage().description();
            assertTrue(d.length > 0, e.getKey());
            String first = d[0].strip();
            assertTrue(first.endsWith(".") && !first.endsWith("e.g.") && !first.endsWith("i.e."),
                    e.getKey() + ": summary '" + first + "'");
        }
    }

    /** Captured counts that overflowed an int printed a draw or a negative score with exit 0. */
    @Test
    void capturedCountsOutOfRangeAreRefused() {
        String d = dir.toString();
        String[][] bad = {{"2147483647,2147483647", "at most 38"}, {"2147483640,10", "at most 38"},
            {"99999999999,0", "at most 38"}, {"20,19", "at most 38"}, {"39,0", "at most 38"},
            {"-1,2", "two whole numbers"}, {"x,1", "two whole numbers"}, {"1", "two whole numbers"},
            {"1,2,3", "two whole numbers"}, {"", "two whole numbers"}, {"1.5,2", "two whole numbers"}};
        for (String[] b : bad) {
            String c = "--captured=" + b[0];
            refused(CliRun.of("probe", "--data", d, c, TEN), "--captured '" + b[0] + "'", b[1]);
            refused(CliRun.of("pv", "--data", d, c, TEN), "--captured '" + b[0] + "'", b[1]);
            refused(CliRun.withInput("quit\n", "play", "--data", d, c, "--from", TEN),
                    "--captured '" + b[0] + "'", b[1]);
        }
        // the largest legal counts are taken: 46 captured with 2 on the board
        CliRun ok = CliRun.of("probe", "--data", d, "--captured", "23,23", TWO);
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.out().contains("Final result: South 23, North 25: North wins"), ok.out());
        refused(CliRun.of("probe", "--data", d, "--captured", "23,24", TWO), "--captured '23,24'", "at most 46");
        refused(CliRun.withInput("quit\n", "play", "--data", d, "--captured", "1,1"), "--captured gives the seeds",
                "--from");
    }

    @Test
    void noCommandPrintsUsageOnStandardErrorAndExits2() {
        CliRun r = CliRun.of();
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("error: missing COMMAND"), r.err());
        assertTrue(r.err().contains("Usage: krou") && r.err().contains("probe"), r.err());
        // the first line names every command there is
        String first = r.err().lines().findFirst().orElse("");
        for (String command : new picocli.CommandLine(new Main()).getSubcommands().keySet()) {
            if (!command.equals("help")) {
                assertTrue(first.matches(".*\\b" + command + "\\b.*"), command + " in: " + first);
            }
        }
    }

    /** Unquoted, the shell splits a position into words: they are read as one position. */
    @Test
    void positionsAsSeparateWords() {
        String d = dir.toString();
        String[] words = TWO.split(" ");
        for (String cmd : new String[] {"probe", "pv"}) {
            CliRun quoted = CliRun.of(cmd, "--data", d, TWO);
            String[] args = new String[3 + words.length];
            args[0] = cmd;
            args[1] = "--data";
            args[2] = d;
            System.arraycopy(words, 0, args, 3, words.length);
            CliRun split = CliRun.of(args);
            assertEquals(0, split.exit(), cmd + ": " + split.err());
            assertEquals(quoted.out(), split.out(), cmd);
        }
        CliRun play = CliRun.withInput("quit\n", "play", "--data", d, "--from", "0", "0", "0", "0", "0", "1", "/",
                "1", "0", "0", "0", "0", "0", "S", "--side", "S");
        assertEquals(0, play.exit(), play.err());
        assertTrue(play.out().contains("Game left. Value for the side to move: -2"), play.out());
        // a word too many is a bad position, said as such
        CliRun twice = CliRun.of("probe", "--data", d, "0", "0", "0", "0", "0", "1", "/", "1", "0", "0", "0", "0",
                "0", "S", "S");
        refused(twice, "bad position", "side to move is given more than once");
    }

    /** Every command that reads a position says alike, in one line, that it is missing and how one is written. */
    @Test
    void aMissingPositionIsSaidAlike() {
        String d = dir.toString();
        for (String cmd : new String[] {"probe", "pv", "analyse"}) {
            refused(CliRun.of(cmd, "--data", d), "missing POSITION (expected 'a b c d e f / A B C D E F [S|N]'",
                    "e.g. '4 4 4 4 4 4 / 4 4 4 4 4 4 S'");
        }
    }

    /**
     * A position whose first count carries a minus sign, quoted or as separate words, with or
     * without {@code --}: a bad position (no count has a sign), never an unknown option or a
     * missing position.
     */
    @Test
    void aPositionStartingWithAMinusIsABadPosition() {
        String d = dir.toString();
        for (String first : new String[] {"-0", "-1", "-0x"}) {
            String pos = first + " 0 0 0 0 1 / 1 0 0 0 0 0 S";
            String[] words = pos.split(" ");
            for (String cmd : new String[] {"probe", "pv", "analyse"}) {
                List<String> quoted = List.of(cmd, "--no-store", "--data", d, pos);
                List<String> ended = List.of(cmd, "--no-store", "--data", d, "--", pos);
                List<String> split = new java.util.ArrayList<>(List.of(cmd, "--no-store", "--data", d));
                split.addAll(List.of(words));
                for (List<String> args : List.of(quoted, ended, split)) {
                    List<String> a = cmd.equals("analyse") ? args : args.stream().filter(w -> !w.equals("--no-store"))
                            .toList();
                    refused(CliRun.of(a.toArray(String[]::new)), "bad position '" + pos + "': pit a holds ", first);
                }
            }
            refused(CliRun.withInput("quit\n", "play", "--no-store", "--data", d, "--from", pos),
                    "bad position '" + pos + "': pit a holds ", first);
        }
        // an option misspelt next to such a word is still an unknown option
        CliRun typo = CliRun.of("probe", "--dat", d, "-0 0 0 0 0 1 / 1 0 0 0 0 0 S");
        assertEquals(2, typo.exit());
        assertTrue(typo.err().startsWith("error: Unknown option"), typo.err());
        // a command without a position refuses such a word as what it is
        CliRun info = CliRun.of("info", "--data", d, "-1 x");
        assertEquals(2, info.exit());
        assertTrue(info.err().startsWith("error: ") && info.err().contains("'-1 x'"), info.err());
    }

    /** Numbers are written with the digits 0-9: full-width and other scripts' digits are refused. */
    @Test
    void numbersAreTheDigits0To9() {
        String d = dir.toString();
        String one = "\uFF11"; // full-width 1, which Integer.parseInt reads as 1
        String fiveHundred = "\u0665\u0660\u0660"; // Arabic-Indic 500
        List<String[]> runs = List.of(
                new String[] {"generate", "-n", one, "--data", dir.resolve("fw").toString()},
                new String[] {"generate", "-n", "2", "--threads", one, "--data", dir.resolve("fw").toString()},
                new String[] {"verify", "--samples", fiveHundred, "--data", d},
                new String[] {"analyse", "--no-store", "--nodes", fiveHundred, "--data", d, TWO},
                new String[] {"analyse", "--no-store", "--depth", one, "--data", d, TWO},
                new String[] {"match", "--games", one, "nodes=100", "nodes=100", "--data", d},
                new String[] {"match", "nodes=" + fiveHundred, "nodes=100", "--games", "1", "--data", d});
        for (String[] args : runs) {
            CliRun r = CliRun.of(args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.out() + r.err());
            assertEquals("", r.out(), String.join(" ", args));
            String first = r.err().lines().findFirst().orElse("");
            assertTrue(first.startsWith("error: ") && first.contains("digits 0-9"), String.join(" ", args) + ": "
                    + r.err());
        }
        assertFalse(java.nio.file.Files.exists(dir.resolve("fw")), "nothing generated");
    }

    /** A stream that refuses every byte, as /dev/full does. */
    private static final OutputStream FULL = new OutputStream() {
        @Override
        public void write(int b) throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            throw new IOException("No space left on device");
        }
    };

    /** Output that cannot be written: exit 1 and one line saying so, for every command. */
    @Test
    void outputThatCannotBeWrittenFailsTheCommand() {
        String d = dir.toString();
        List<String[]> commands = List.of(new String[] {"probe", "--data", d, TWO},
                new String[] {"probe", "--json", "--data", d, TWO}, new String[] {"pv", "--json", "--data", d, TWO},
                new String[] {"stats", "--data", d}, new String[] {"info", "--data", d}, new String[] {"--help"},
                new String[] {"probe", "--help"});
        for (String[] args : commands) {
            StringWriter err = new StringWriter();
            int code = Main.run(args, Output.of(FULL), new PrintWriter(err, true));
            assertEquals(1, code, String.join(" ", args) + ": " + err);
            assertEquals("error: cannot write standard output: No space left on device", err.toString().trim(),
                    String.join(" ", args));
        }
        // a plain PrintWriter drops the reason but not the failure
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"probe", "--data", d, TWO}, new PrintWriter(FULL, true),
                new PrintWriter(err, true));
        assertEquals(1, code, err.toString());
        assertEquals("error: cannot write standard output", err.toString().trim());
        // a failing command keeps its own exit code
        err = new StringWriter();
        code = Main.run(new String[] {"probe", "--data", dir.resolve("none").toString(), TWO}, Output.of(FULL),
                new PrintWriter(err, true));
        assertEquals(3, code, err.toString());
    }

    /**
     * Standard output closed early, as {@code krou info | head -3} does once head has its lines:
     * a normal end, as for Unix tools killed by SIGPIPE: nothing said, exit 141 (128 + 13).
     */
    @Test
    void aClosedPipeEndsQuietly() {
        OutputStream closed = new OutputStream() {
            private int left = 100; // head read a few lines, then closed the pipe

            @Override
            public void write(int b) throws IOException {
                if (--left < 0) {
                    throw new IOException("Broken pipe");
                }
            }
        };
        for (String[] args : List.of(new String[] {"info", "--data", dir.toString()}, new String[] {"--help"})) {
            StringWriter err = new StringWriter();
            int code = Main.run(args, Output.of(closed), new PrintWriter(err, true));
            assertEquals(141, code, String.join(" ", args) + ": " + err);
            assertEquals("", err.toString(), String.join(" ", args));
        }
        // a failing command keeps its own exit code
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"probe", "--data", dir.resolve("none").toString(), TWO}, Output.of(closed),
                new PrintWriter(err, true));
        assertEquals(3, code, err.toString());
    }

    /** A failure's message is said without the Java class's name; the name only stands in for no message. */
    @Test
    void messagesNameNoJavaClass() {
        assertEquals("a distance frontier too large",
                Errors.message(new IllegalStateException("a distance frontier too large")));
        assertEquals("I/O: Permission denied", Errors.message(new java.io.UncheckedIOException(
                new java.io.FileNotFoundException("data/abapa/analysis.cm (Permission denied)"))));
        assertEquals("internal error (NullPointerException)", Errors.message(new NullPointerException()));
    }

    /** Errors escape picocli's handler: Main reports them in one line with what to do. */
    @Test
    void outOfMemoryIsOneLineSayingWhatToDo() {
        Errors.newRun();
        StringWriter err = new StringWriter();
        int code = Errors.fatal(new OutOfMemoryError("Java heap space"), new PrintWriter(err, true));
        assertEquals(1, code);
        String line = err.toString().trim();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("error: out of memory (Java heap space"), line);
        assertTrue(line.contains("KROU_JAVA_OPTS=-Xmx") && line.contains("--max-seeds"), line);
        StringWriter err2 = new StringWriter();
        assertEquals(1, Errors.fatal(new StackOverflowError(), new PrintWriter(err2, true)));
        assertEquals(1, err2.toString().trim().lines().count());
        assertTrue(err2.toString().startsWith("error: internal error: stack overflow"), err2.toString());
    }

    /** A thread dying of an uncaught exception prints one line, not a stack trace. */
    @Test
    void uncaughtExceptionsInThreadsAreOneLine() throws Exception {
        Errors.newRun();
        StringWriter err = new StringWriter();
        Thread t = new Thread(() -> {
            throw new OutOfMemoryError("Java heap space");
        }, "worker-7");
        t.setUncaughtExceptionHandler(Main.uncaught(new PrintWriter(err, true)));
        t.start();
        t.join();
        String line = err.toString().trim();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("error: thread worker-7 failed: out of memory"), line);
        assertFalse(line.contains("\tat "), line);
    }

    /** Out of memory in a worker thread and then in the main thread (as a small heap gives): said once. */
    @Test
    void outOfMemoryInSeveralThreadsIsSaidOnce() throws Exception {
        Errors.newRun();
        StringWriter err = new StringWriter();
        PrintWriter w = new PrintWriter(err, true);
        Thread t = new Thread(() -> {
            throw new OutOfMemoryError("Java heap space");
        }, "krou-table-writer");
        t.setUncaughtExceptionHandler(Main.uncaught(w));
        t.start();
        t.join();
        assertEquals(1, Errors.fatal(new OutOfMemoryError("Java heap space"), w));
        assertEquals(1, err.toString().trim().lines().count(), err.toString());
        assertTrue(err.toString().contains("out of memory"), err.toString());
    }

    /** Long input echoed by picocli or by a command is cut to one readable line. */
    @Test
    void echoedInputIsShort() {
        String big = "y".repeat(120_000);
        CliRun opt = CliRun.of("probe", "--" + big);
        assertEquals(2, opt.exit());
        assertTrue(opt.err().lines().allMatch(l -> l.length() < 500), head(opt.err()));
        CliRun cap = CliRun.of("probe", "--data", dir.toString(), "--captured", big, TWO);
        assertEquals(2, cap.exit());
        assertTrue(cap.err().length() < 500, head(cap.err()));
        CliRun pos = CliRun.of("probe", "--data", dir.toString(), big);
        assertEquals(2, pos.exit());
        assertTrue(pos.err().length() < 500, head(pos.err()));
    }

    private static String head(String s) {
        return s.substring(0, Math.min(600, s.length()));
    }
}
