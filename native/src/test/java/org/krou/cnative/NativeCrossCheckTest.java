package org.krou.cnative;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.krou.cli.Main;
import org.krou.index.PositionIndex;
import org.krou.probe.Tablebase;
import org.krou.rules.Variant;

/**
 * The C library (libkrou, through its krou-dump program) against the Java reader ({@link Tablebase}) on tables
 * that {@code krou generate} writes: every position of layers 0..12, value and distance, and the root moves
 * (what each legal move captures, its value and distance) of 100,000 random positions of layer 12. The C side
 * was written from docs/FORMAT.md and docs/RULES.md alone, so agreement checks both readers and the documents.
 */
class NativeCrossCheckTest {

    static final int MAX = 12;
    static final int RANDOM = 100_000;
    static final Path BUILD = Path.of(System.getProperty("krou.native.build", "target/native"));

    /**
     * abapa and awari with distance tables, two option sets without; the root moves of abapa are read without the
     * C library's cache (krou_open), the others with it (krou_open_cached), as are the whole layers
     */
    static Stream<Arguments> ruleSets() {
        return Stream.of(Arguments.of("abapa", true, false), Arguments.of("awari", true, true),
                Arguments.of("grand-slam=forbid,cap=4", false, true), Arguments.of("lemery", false, true));
    }

    @ParameterizedTest(name = "{0}, distances {1}, root moves cached {2}")
    @MethodSource("ruleSets")
    void theCLibraryReadsWhatTheJavaReaderReads(String variant, boolean dtc, boolean cachedMoves, @TempDir Path data)
            throws Exception {
        generate(data, variant, dtc);
        try (Tablebase tb = Tablebase.open(data, Variant.parse(variant))) {
            assertEquals(MAX, tb.maxSeeds());
            for (int n = 0; n <= MAX; n++) {
                compareLayer(tb, data, variant, n, dtc);
            }
            compareRootMoves(tb, data, variant, dtc, cachedMoves);
        }
        assertEquals(0, dump(data, variant, "verify").exit, "krou_verify on intact tables");
    }

    /** tables the generator wrote, damaged: the C library refuses them, naming the file */
    @Test
    void damagedAndForeignTablesAreRefused(@TempDir Path data) throws Exception {
        generate(data, "abapa", false, 6);
        Path table = data.resolve("abapa/values-06.krou");
        byte[] intact = Files.readAllBytes(table);
        assertEquals(0, dump(data, "abapa", "verify").exit);

        byte[] flipped = intact.clone();
        flipped[intact.length / 2] ^= 0x01; // a block or the index
        Files.write(table, flipped);
        Run run = dump(data, "abapa", "verify");
        assertEquals(1, run.exit);
        assertTrue(run.err.contains("values-06.krou"), run.err);

        Files.write(table, Arrays.copyOf(intact, intact.length - 1));
        run = dump(data, "abapa", "values", "6");
        assertEquals(1, run.exit);
        assertTrue(run.err.contains("truncated"), run.err);

        Files.write(table, intact);
        Files.move(data.resolve("abapa"), data.resolve("lemery"));
        run = dump(data, "lemery", "values", "1");
        assertEquals(1, run.exit);
        assertTrue(run.err.contains("rule set"), run.err);
    }

    static void generate(Path data, String variant, boolean dtc) {
        generate(data, variant, dtc, MAX);
    }

    static void generate(Path data, String variant, boolean dtc, int max) {
        List<String> args = new ArrayList<>(List.of("generate", "--max-seeds", String.valueOf(max), "--threads", "2",
                "--data", data.toString(), "--variant", variant));
        if (dtc) {
            args.add("--dtc");
        }
        StringWriter out = new StringWriter(), err = new StringWriter();
        PrintStream console = System.out;
        int code;
        System.setOut(new PrintStream(OutputStream.nullOutputStream())); // the generator's progress lines
        try {
            code = Main.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        } finally {
            System.setOut(console);
        }
        assertEquals(0, code, () -> "krou generate failed: " + err);
    }

    /**
     * every board of n seeds: krou-dump's "value dtc" lines, in rank order, against probe and distance, compared
     * from the last rank down (the Java reader caches a stream as far as it decoded it: walking up, each probe
     * would decode its stream again from the start)
     */
    static void compareLayer(Tablebase tb, Path data, String variant, int n, boolean dtc) throws IOException {
        Process p = start(data, variant, null, true, "values", String.valueOf(n));
        int size = Math.toIntExact(PositionIndex.size(n));
        int[] values = new int[size], distances = new int[size];
        int r = 0;
        try (BufferedReader in = reader(p)) {
            for (String line; (line = in.readLine()) != null; r++) {
                int space = line.indexOf(' ');
                values[r] = Integer.parseInt(line.substring(0, space));
                distances[r] = Integer.parseInt(line.substring(space + 1));
            }
        }
        finish(p);
        assertEquals(size, r, variant + ": positions of layer " + n + " printed by krou-dump");
        int[] b = new int[12];
        for (int rank = size - 1; rank >= 0; rank--) {
            PositionIndex.unrank(n, rank, b);
            if (tb.probe(b) != values[rank]) {
                fail(variant + ": value of " + Arrays.toString(b) + " (layer " + n + ", rank " + rank + "): Java "
                        + tb.probe(b) + ", C " + values[rank]);
            }
            int expected = dtc ? javaDistance(tb.distance(b)) : -1;
            if (expected != distances[rank]) {
                fail(variant + ": distance of " + Arrays.toString(b) + " (layer " + n + ", rank " + rank + "): Java "
                        + expected + ", C " + distances[rank]);
            }
        }
    }

    /** the root moves of random boards of the largest layer, as Tablebase.rootMoves gives them */
    static void compareRootMoves(Tablebase tb, Path data, String variant, boolean dtc, boolean cached)
            throws IOException {
        SplittableRandom random = new SplittableRandom(33);
        long size = PositionIndex.size(MAX);
        long[] ranks = new long[RANDOM];
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < RANDOM; i++) {
            ranks[i] = random.nextLong(size);
            input.append(ranks[i]).append('\n');
        }
        Path file = Files.writeString(data.resolve("ranks.txt"), input);
        Process p = start(data, variant, file, cached, "moves", String.valueOf(MAX));
        int[] b = new int[12], values = new int[6], distances = new int[6], captured = new int[6];
        int i = 0;
        try (BufferedReader in = reader(p)) {
            for (String line; (line = in.readLine()) != null; i++) {
                PositionIndex.unrank(MAX, ranks[i], b);
                String[] parts = line.split("\\|");
                String where = variant + ": " + Arrays.toString(b);
                String[] head = parts[0].split(" ");
                assertEquals(tb.probe(b), Integer.parseInt(head[0]), where);
                int mask = tb.rootMoves(b, values, distances, captured);
                StringBuilder expected = new StringBuilder();
                for (int pit = 0; pit < 6; pit++) {
                    if ((mask & (1 << pit)) != 0) {
                        int d = dtc ? distances[pit] : -1;
                        expected.append('|').append(pit).append(' ').append(captured[pit]).append(' ')
                                .append(values[pit]).append(' ').append(d);
                    }
                }
                // the C library writes 255 (KROU_DTC_DRAW) where the Java API writes -1: a move into a 0
                String actual = line.substring(parts[0].length()).replace(" 255|", " -1|");
                if (actual.endsWith(" 255")) {
                    actual = actual.substring(0, actual.length() - 4) + " -1";
                }
                assertEquals(expected.toString(), actual, where);
            }
        }
        assertEquals(RANDOM, i, variant + ": boards answered by krou-dump");
        finish(p);
    }

    /** Tablebase.distance's value in krou-dump's terms (255 for a position worth 0) */
    static int javaDistance(int d) {
        return d == Tablebase.WORTH_ZERO ? 255 : d;
    }

    record Run(int exit, String err) {
    }

    static Run dump(Path data, String variant, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(BUILD.resolve("krou-dump").toString(), data.toString(), variant));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), err);
    }

    static Process start(Path data, String variant, Path input, boolean cached, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(BUILD.resolve("krou-dump").toString()));
        if (!cached) {
            command.add("--no-cache");
        }
        command.addAll(List.of(data.toString(), variant));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        if (input != null) {
            pb.redirectInput(input.toFile());
        }
        return pb.start();
    }

    static BufferedReader reader(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII), 1 << 16);
    }

    static void finish(Process p) {
        try {
            assertEquals(0, p.waitFor(), "krou-dump's exit code");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
