package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.krou.server.LineInput;
import org.junit.jupiter.api.io.TempDir;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Variant;

/**
 * {@code probe --batch} as a stream filter: answers arrive while the input is still open (a
 * coprocess), a failure of the input or of the output loses no answer and stops the loop, and
 * the options that go with the batch (--json, --line-buffered) or not (--captured).
 */
class ProbeBatchStreamsTest {
    private static final String POS = "0 0 0 0 0 1 / 1 0 0 0 0 0 S"; // value -2
    private static final String POS2 = "0 0 1 0 0 0 / 0 0 0 1 0 1 N";

    @TempDir
    static Path dir;

    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "batch-test");
        t.setDaemon(true);
        return t;
    });

    @BeforeAll
    static void generate() {
        CliRun g = CliRun.of("generate", "--max-seeds", "4", "--data", dir.toString(), "--threads", "1");
        assertEquals(0, g.exit(), g.err());
    }

    @AfterAll
    static void stop() {
        POOL.shutdownNow();
    }

    private static int value(String position) {
        try (Tablebase tb = Tablebase.open(dir, Variant.ABAPA)) {
            return tb.value(Position.parse(position));
        }
    }

    /** Runs {@code krou args} in a thread on piped standard input and output; returns the exit code later. */
    private static Future<Integer> start(InputStream stdin, OutputStream stdout, StringWriter err, String... args) {
        PrintWriter out = Output.of(stdout);
        return POOL.submit(() -> {
            InputStream old = System.in;
            System.setIn(stdin);
            try {
                return Main.run(args, out, new PrintWriter(err, true));
            } finally {
                System.setIn(old);
                stdout.close();
            }
        });
    }

    private static String readLine(BufferedReader r) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return r.readLine();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, POOL).get(20, TimeUnit.SECONDS);
    }

    /**
     * Plain answers are probed a chunk at a time on every core; line by line (--line-buffered)
     * each is probed alone: the two must print the same lines, errors and order included.
     */
    @Test
    void chunkedAnswersEqualLineByLineAnswers() throws Exception {
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            int kind = r.nextInt(20);
            if (kind == 0) {
                in.append("not a position\n");
            } else if (kind == 1) {
                in.append("1 1 1 1 1 0 / 0 0 0 0 0 0 S\n"); // 5 seeds: outside the tables
            } else {
                int[] p = new int[12];
                for (int s = r.nextInt(5); s > 0; s--) {
                    p[r.nextInt(12)]++;
                }
                StringBuilder line = new StringBuilder();
                for (int j = 0; j < 12; j++) {
                    line.append(p[j]).append(j == 5 ? " / " : " ");
                }
                in.append(line).append(r.nextBoolean() ? "S" : "N").append('\n');
            }
        }
        byte[] input = in.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        String[] outs = new String[2];
        for (int k = 0; k < 2; k++) {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            StringWriter err = new StringWriter();
            String[] args = k == 0 ? new String[] {"probe", "--batch", "--data", dir.toString()}
                    : new String[] {"probe", "--batch", "--line-buffered", "--data", dir.toString()};
            assertEquals(0, (int) start(new java.io.ByteArrayInputStream(input), bytes, err, args).get(60,
                    TimeUnit.SECONDS), err.toString());
            outs[k] = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        }
        assertEquals(5000, outs[0].lines().count());
        assertTrue(outs[0].contains("error: "), "some lines are errors");
        assertEquals(outs[1], outs[0]);
    }

    /** A coprocess writes one line and waits for its answer before writing the next (stdin stays open). */
    @Test
    void coprocessGetsEachAnswerBeforeClosingItsInput() throws Exception {
        PipedOutputStream toBatch = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(toBatch, 1 << 16);
        PipedInputStream fromBatch = new PipedInputStream(1 << 16);
        PipedOutputStream stdout = new PipedOutputStream(fromBatch);
        StringWriter err = new StringWriter();
        Future<Integer> run = start(stdin, stdout, err, "probe", "--batch", "--data", dir.toString());
        BufferedReader answers = new BufferedReader(new InputStreamReader(fromBatch, StandardCharsets.UTF_8));
        PrintWriter ask = new PrintWriter(new OutputStreamWriter(toBatch, StandardCharsets.UTF_8), true);

        ask.println(POS);
        assertEquals("-2", readLine(answers), "the answer comes while the input is still open");
        ask.println("not a position");
        assertTrue(readLine(answers).startsWith("error: bad position 'not a position'"));
        ask.println(POS2);
        assertEquals(Integer.toString(value(POS2)), readLine(answers));
        ask.close();
        assertEquals(0, run.get(20, TimeUnit.SECONDS), err.toString());
        assertEquals(null, readLine(answers));
        assertEquals("", err.toString());
    }

    /** An input that always claims more bytes are coming: only --line-buffered flushes each answer. */
    @Test
    void lineBufferedWritesEachAnswerAtOnce() throws Exception {
        PipedOutputStream toBatch = new PipedOutputStream();
        PipedInputStream piped = new PipedInputStream(toBatch, 1 << 16);
        InputStream busy = new java.io.FilterInputStream(piped) {
            @Override
            public int available() {
                return 1;
            }
        };
        PipedInputStream fromBatch = new PipedInputStream(1 << 16);
        StringWriter err = new StringWriter();
        Future<Integer> run = start(busy, new PipedOutputStream(fromBatch), err,
                "probe", "--batch", "--line-buffered", "--data", dir.toString());
        BufferedReader answers = new BufferedReader(new InputStreamReader(fromBatch, StandardCharsets.UTF_8));
        PrintWriter ask = new PrintWriter(new OutputStreamWriter(toBatch, StandardCharsets.UTF_8), true);
        ask.println(POS);
        assertEquals("-2", readLine(answers));
        ask.close();
        assertEquals(0, run.get(20, TimeUnit.SECONDS), err.toString());
    }

    /** Reading standard input fails after two lines: both answers are written, then one error line, exit 1. */
    @Test
    void failingInputKeepsTheAnswersSoFar() {
        byte[] two = (POS + "\n" + POS2 + "\n").getBytes(StandardCharsets.UTF_8);
        InputStream failing = new InputStream() {
            private int i;

            @Override
            public int read() throws IOException {
                if (i < two.length) {
                    return two[i++];
                }
                throw new IOException("Input/output error");
            }
        };
        CliRun r = CliRun.withInput(failing, "probe", "--batch", "--data", dir.toString());
        assertEquals(List.of("-2", Integer.toString(value(POS2))), r.out().lines().toList());
        assertEquals(1, r.exit());
        assertEquals("error: cannot read standard input after 2 lines: Input/output error", r.err().trim());
    }

    /** Endless input, dead output: the loop stops, exit 1 with the reason. */
    @Test
    void deadOutputStopsTheLoop() {
        byte[] line = (POS + "\n").getBytes(StandardCharsets.UTF_8);
        InputStream endless = new InputStream() {
            private long i;

            @Override
            public int read() {
                return line[(int) (i++ % line.length)];
            }
        };
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        StringWriter err = new StringWriter();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            InputStream old = System.in;
            System.setIn(endless);
            try {
                return Main.run(new String[] {"probe", "--batch", "--data", dir.toString()}, Output.of(full),
                        new PrintWriter(err, true));
            } finally {
                System.setIn(old);
            }
        });
        assertEquals(1, code);
        assertEquals("error: cannot write standard output: No space left on device", err.toString().trim());
    }

    @Test
    void byteOrderMarkOnTheFirstLineIsIgnored() {
        CliRun r = CliRun.withInput("\uFEFF" + POS + "\n\uFEFF" + POS + "\n", "probe", "--batch", "--data",
                dir.toString());
        List<String> out = r.out().lines().toList();
        assertEquals(List.of("-2", "-2"), out, "a byte order mark starts the file (or a pasted line), not the position");
        assertEquals(0, r.exit(), r.err());
    }

    @Test
    void hugeLinesAreAnsweredWithShortErrors() {
        String big = "7".repeat(120_000);
        String huge = "x".repeat(LineInput.MAX_LINE + 10);
        CliRun r = CliRun.withInput(big + "\n" + huge + "\n" + POS + "\n" + huge, "probe", "--batch", "--data",
                dir.toString());
        List<String> out = r.out().lines().toList();
        assertEquals(4, out.size());
        assertTrue(out.get(0).startsWith("error: bad position '777") && out.get(0).length() < 400, out.get(0));
        assertTrue(out.get(1).startsWith("error: line 2 is longer than 1048576 bytes"), out.get(1));
        assertEquals("-2", out.get(2));
        assertTrue(out.get(3).startsWith("error: line 4 is longer"), out.get(3));
        assertEquals(0, r.exit(), r.err());
    }

    /** --batch --json: per line the object of probe --json, or {"error": ...}. */
    @Test
    void batchJsonIsOneObjectPerLine() throws Exception {
        CliRun r = CliRun.withInput(POS + "\nnonsense\n" + POS2 + "\n", "probe", "--batch", "--json", "--data",
                dir.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(3, lines.size(), r.out());
        ObjectMapper m = new ObjectMapper();
        JsonNode first = m.readTree(lines.get(0));
        JsonNode single = m.readTree(CliRun.of("probe", "--json", "--data", dir.toString(), POS).out());
        assertEquals(single, first, "the same object as probe --json");
        assertEquals(-2, first.get("value").intValue());
        JsonNode bad = m.readTree(lines.get(1));
        assertEquals(List.of("error"), iterable(bad.fieldNames()));
        assertTrue(bad.get("error").asText().startsWith("bad position 'nonsense'"), bad.toString());
        assertEquals(value(POS2), m.readTree(lines.get(2)).get("value").intValue());
    }

    @Test
    void optionsThatDoNotGoWithTheBatchAreRefused() {
        CliRun c = CliRun.withInput(POS + "\n", "probe", "--batch", "--captured", "20,18", "--data", dir.toString());
        assertEquals(2, c.exit());
        assertTrue(c.err().startsWith("error: --captured does not go with --batch"), c.err());
        assertEquals("", c.out());
        CliRun l = CliRun.of("probe", "--line-buffered", "--data", dir.toString(), POS);
        assertEquals(2, l.exit());
        assertTrue(l.err().startsWith("error: --line-buffered goes with --batch only"), l.err());
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> l = new java.util.ArrayList<>();
        it.forEachRemaining(l::add);
        return l;
    }
}
