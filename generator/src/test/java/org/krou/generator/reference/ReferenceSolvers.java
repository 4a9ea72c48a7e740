package org.krou.generator.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.krou.generator.reference.ReferenceMoves.sum;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * What the tests of the reference solver share ({@link ReferenceSolverTest}, {@link ReferenceOptionsTest}):
 * the solvers, solved once per test run and kept by rule set, the rule sets the option examples name,
 * and helpers. Boards are written mover-relative, {@code p0..p5 / p6..p11}; with South to move that is
 * {@code a..f / A..F}, as the worked examples of docs/RULES.md write them.
 */
final class ReferenceSolvers {
    /** Largest layer of the exhaustive checks of abapa and awari. */
    static final int MAX = 10;
    /** Largest layer of the local consistency check under every option. */
    static final int OPTIONS_MAX = 6;
    /** Layers over which play-on must equal mover-takes board by board. */
    static final int PLAY_ON_MAX = 12;
    /** Layers solved for the rule sets of the option examples whose value needs no large layer. */
    static final int SMALL = 7;

    static final String CAPTURE = "grand-slam=capture,cap=6,over-cap=keep-first,no-feed=mover-takes";
    static final String SPARE_FIRST = "grand-slam=spare-first,cap=6,over-cap=keep-first,no-feed=mover-takes";
    static final String SPARE_LAST = "grand-slam=spare-last,cap=6,over-cap=keep-first,no-feed=mover-takes";
    static final String CAPTURE_GIVE = "grand-slam=capture-give,cap=6,over-cap=keep-first,no-feed=mover-takes";
    static final String CAP5_NONE = "grand-slam=cancel,cap=5,over-cap=none,no-feed=mover-takes";
    static final String CAP4_NONE = "grand-slam=cancel,cap=4,over-cap=none,no-feed=mover-takes";
    static final String CAPTURE_CAP4_NONE = "grand-slam=capture,cap=4,over-cap=none,no-feed=mover-takes";
    static final String NOBODY_TAKES = "grand-slam=cancel,cap=6,over-cap=keep-first,no-feed=nobody-takes";
    static final String PLAY_ON = "grand-slam=cancel,cap=6,over-cap=keep-first,no-feed=play-on";

    /** The option examples as the fast code's tests read them (lookup module), from the generator module. */
    static final Path OPTIONS_CSV = Path.of("../lookup/src/test/resources/org/krou/rules/options-examples.csv");

    /** Solvers by canonical rule set, the one with the most layers kept. */
    private static final Map<String, ReferenceSolver> SOLVERS = new ConcurrentHashMap<>();

    /** True once {@link #solveAll()} has run. */
    private static boolean solved;

    private ReferenceSolvers() {
    }

    /**
     * Solves, two at a time, what the tests need in large layers: abapa and play-on up to
     * {@link #PLAY_ON_MAX} (which also covers example 1's 12 seeds), awari up to {@link #MAX}, and the
     * rule sets of the option examples whose move captures nothing from 12 or 13 seeds.
     */
    static synchronized void solveAll() throws Exception {
        if (solved) {
            return;
        }
        List<Map.Entry<String, Integer>> jobs = List.of(
                Map.entry(CAP4_NONE, 13), Map.entry(CAPTURE_CAP4_NONE, 13),
                Map.entry("abapa", PLAY_ON_MAX), Map.entry(PLAY_ON, PLAY_ON_MAX),
                Map.entry("grand-slam-forbidden", 12), Map.entry(CAP5_NONE, 12), Map.entry("awari", MAX));
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> done = new ArrayList<>();
            for (Map.Entry<String, Integer> job : jobs) {
                done.add(pool.submit(() -> {
                    long t = System.nanoTime();
                    solver(job.getKey(), job.getValue());
                    return String.format("%s 0..%d %.2f s", job.getKey(), job.getValue(), (System.nanoTime() - t) / 1e9);
                }));
            }
            for (Future<String> f : done) {
                System.out.println("ReferenceSolver " + f.get());
            }
        } finally {
            pool.shutdown();
        }
        System.out.printf("ReferenceSolver: %d rule sets solved in %.2f s%n", jobs.size(), (System.nanoTime() - t0) / 1e9);
        solved = true;
    }

    /** A solver of the rule set with at least maxSeeds layers, solving it if none is cached. */
    static ReferenceSolver solver(String ruleSet, int maxSeeds) {
        String key = RuleSet.parse(ruleSet).canonical();
        ReferenceSolver s = SOLVERS.get(key);
        if (s != null && s.maxSeeds() >= maxSeeds) {
            return s;
        }
        ReferenceSolver fresh = new ReferenceSolver(ruleSet, maxSeeds);
        SOLVERS.merge(key, fresh, (a, b) -> a.maxSeeds() >= b.maxSeeds() ? a : b);
        return fresh;
    }

    /**
     * The reference value of a board under a rule set: from a cached solver (at least {@link #SMALL}
     * layers) when it can answer (the board is small enough, or its moves capture or end the game), else
     * from a solver of all the board's layers.
     */
    static int valueOf(String ruleSet, int[] board) {
        try {
            return solver(ruleSet, SMALL).value(board);
        } catch (IllegalArgumentException tooLarge) {
            return solver(ruleSet, sum(board)).value(board);
        }
    }

    static int[] b(int... pits) {
        assertEquals(12, pits.length);
        return pits;
    }

    /** Plays pit under the rule set: the move is legal, gives this board and capture; the board is worth value. */
    static void assertMove(int[] board, int pit, String rules, int[] after, int captured, int value) {
        RuleSet r = RuleSet.parse(rules);
        int[] legal = ReferenceMoves.legalPits(board, r);
        assertTrue(Arrays.stream(legal).anyMatch(x -> x == pit), rules + ": pit " + pit + " not legal");
        ReferenceMoves.Play p = ReferenceMoves.play(board, pit, r);
        assertArrayEquals(after, p.after(), rules + ": board after pit " + pit);
        assertEquals(captured, p.captured(), rules + ": captured by pit " + pit);
        assertEquals(value, valueOf(rules, board), rules + ": value of " + Arrays.toString(board));
    }

    static void check(List<String> wrong, String what, String expected, String actual) {
        if (!expected.equals(actual)) {
            wrong.add(what + ": the file says '" + expected + "', the reference gives '" + actual + "'");
        }
    }

    /** {@code a b c d e f / A B C D E F} (South to move) as the mover-relative board. */
    static int[] parseBoard(String text) {
        String[] rows = text.split("/");
        assertEquals(2, rows.length, text);
        int[] board = new int[12];
        for (int r = 0; r < 2; r++) {
            String[] pits = rows[r].strip().split("\\s+");
            assertEquals(6, pits.length, text);
            for (int k = 0; k < 6; k++) {
                board[6 * r + k] = Integer.parseInt(pits[k]);
            }
        }
        return board;
    }

    /** Calls action on every board with 0..max seeds (a fresh array each time). */
    static void forEachBoard(int max, Consumer<int[]> action) {
        List<int[]> stack = new ArrayList<>();
        stack.add(new int[0]);
        while (!stack.isEmpty()) {
            int[] prefix = stack.remove(stack.size() - 1);
            int used = sum(prefix);
            if (prefix.length == 12) {
                action.accept(prefix);
                continue;
            }
            for (int s = 0; used + s <= max; s++) {
                int[] next = Arrays.copyOf(prefix, prefix.length + 1);
                next[prefix.length] = s;
                stack.add(next);
            }
        }
    }
}
