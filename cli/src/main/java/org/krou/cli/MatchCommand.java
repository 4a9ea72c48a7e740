package org.krou.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import org.krou.engine.Engine;
import org.krou.engine.Limits;
import org.krou.probe.Outcome;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import org.krou.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.util.Words;

/** {@code krou match}: two engine configurations play each other from varied openings. */
@Command(name = "match", mixinStandardHelpOptions = true,
        description = {"Play engine configuration A against B: --games G games from openings of --opening-plies "
                + "random legal moves from the start (drawn with --seed), each opening played twice with the colours "
                + "swapped. Prints each game and the score: A's wins, draws and losses, and the seeds each took.",
                "A configuration is KEY=VALUE pairs separated by commas: horizon=K (probe the tables to K seeds; "
                + "-1 or none: no tables; default: all the tables cover), nodes=K, time=S, depth=D (the budget of "
                + "each move above the tables; default nodes=100000), hash=B (2^B transposition entries, default "
                + Engine.DEFAULT_HASH_LOG2 + "). E.g. krou match horizon=18,nodes=200000 horizon=none,nodes=200000.",
                "A game ends as play's does (a side cannot move, or a position occurs for the third time), or after "
                + "--max-plies plies, the seeds left then shared evenly. The engines play without the analysis store, "
                + "so that neither profits from what the other proved."})
final class MatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Mixin
    CacheOptions cache;

    @Parameters(index = "0", paramLabel = "A", description = "The first configuration, e.g. horizon=18,nodes=200000.")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "The second configuration, e.g. horizon=none,nodes=200000.")
    String b;

    @Option(names = "--games", paramLabel = "G", defaultValue = "10", description = "Games (default: ${DEFAULT-VALUE}).")
    int games;

    /**
     * The longest random opening: after 20 random plies from the start 9 openings in 10 have
     * captured seeds already (4 plies: 1 in 11), so that longer ones would leave the result to chance.
     */
    static final int MAX_OPENING_PLIES = 20;

    @Option(names = "--opening-plies", paramLabel = "K", defaultValue = "4",
            description = "Random legal moves from the start that make an opening, 0.." + MAX_OPENING_PLIES
                    + " (default: ${DEFAULT-VALUE}); at most " + MAX_OPENING_PLIES + ", as longer random play "
                    + "decides much of the game before the engines move.")
    int openingPlies;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the random openings (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--max-plies", paramLabel = "P", defaultValue = "600",
            description = "Plies after the opening that end a game, the seeds left shared (default: ${DEFAULT-VALUE}).")
    int maxPlies;

    /**
     * One engine configuration of a match.
     *
     * @param text     as given
     * @param horizon  the largest seed count probed in the tables, -1 for none
     * @param limits   the budget of each move above the tables
     * @param hashLog2 the transposition table's size
     */
    record Config(String text, int horizon, Limits limits, int hashLog2) {
        /**
         * Parses {@code text} ({@code key=value,...}); {@code maxSeeds} is the tables' coverage (-1: none).
         *
         * @throws IllegalArgumentException for an unknown key, a bad value or a horizon beyond the tables
         */
        static Config parse(String label, String text, int maxSeeds) {
            int horizon = maxSeeds;
            Limits limits = Limits.NONE;
            boolean budget = false;
            int hash = Engine.DEFAULT_HASH_LOG2;
            for (String pair : text.split(",")) {
                String[] kv = pair.trim().split("=", 2);
                if (kv.length != 2 || kv[1].isBlank()) {
                    throw new IllegalArgumentException(label + " '" + text + "': expected KEY=VALUE pairs separated "
                            + "by commas (horizon, nodes, time, depth, hash)");
                }
                String key = kv[0].trim().toLowerCase(Locale.ROOT);
                String value = kv[1].trim();
                try {
                    switch (key) {
                        case "horizon" -> horizon = value.equalsIgnoreCase("none") ? -1 : Numbers.parseInt(value);
                        case "nodes" -> limits = limits.withNodes(Numbers.parseLong(value));
                        case "time" -> limits = limits.withSeconds(Double.parseDouble(value));
                        case "depth" -> limits = limits.withDepth(Numbers.parseInt(value));
                        case "hash" -> hash = Numbers.parseInt(value);
                        default -> throw new IllegalArgumentException(label + " '" + text + "': unknown key '" + kv[0]
                                + "' (expected horizon, nodes, time, depth or hash)");
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(label + " '" + text + "': " + key + "=" + value
                            + " is not " + (key.equals("time") ? "a number of seconds" : Numbers.FORM));
                }
                budget |= !key.equals("horizon") && !key.equals("hash");
            }
            if (horizon < -1 || horizon > maxSeeds) {
                throw new IllegalArgumentException(label + " '" + text + "': horizon " + horizon
                        + (maxSeeds < 0 ? ": no tables are open (-1 or none only)"
                        : ": the tables cover 0.." + maxSeeds + " seeds (-1 or none: no tables)"));
            }
            if (hash < 1 || hash > 30) {
                throw new IllegalArgumentException(label + " '" + text + "': hash " + hash + ": expected 1..30");
            }
            return new Config(text, horizon, budget ? limits : Limits.ofNodes(100_000), hash);
        }

        /** E.g. {@code "horizon=18,nodes=200000 (tables to 18 seeds, 200,000 nodes a move above them)"}. */
        @Override
        public String toString() {
            return text + " (" + (horizon < 0 ? "no tables, " : "tables to " + horizon + " seeds, ")
                    + PlayCommand.describe(limits) + " a move" + (horizon < 0 ? ")" : " above them)");
        }

        /** True if the configuration asks for no tables (horizon -1 or none). */
        boolean needsNoTables() {
            return horizon < 0;
        }

        Engine engine(Variant variant, Tablebase tb) {
            return new Engine(variant, horizon < 0 ? null : tb, horizon, null, hashLog2,
                    PerfectPlay.DEFAULT_SEARCH_NODES);
        }
    }

    /** A's results so far: wins, draws, losses, and the seeds (in halves) each side took. */
    private static final class Score {
        int wins;
        int draws;
        int losses;
        long aHalves;
        long bHalves;
    }

    @Override
    public Integer call() {
        if (games < 1) {
            throw new IllegalArgumentException("--games " + games + ": expected 1 or more");
        }
        if (openingPlies < 0 || openingPlies > MAX_OPENING_PLIES) {
            throw new IllegalArgumentException("--opening-plies " + openingPlies + ": " + (openingPlies < 0
                    ? "expected 0.." + MAX_OPENING_PLIES : "at most " + MAX_OPENING_PLIES
                    + ": longer random openings decide much of the game before the engines move"));
        }
        if (maxPlies < 1) {
            throw new IllegalArgumentException("--max-plies " + maxPlies + ": expected 1 or more plies a game");
        }
        boolean needTables = !Config.parse("A", a, Integer.MAX_VALUE).needsNoTables()
                || !Config.parse("B", b, Integer.MAX_VALUE).needsNoTables();
        PrintWriter out = spec.commandLine().getOut();
        try (Tablebase tb = needTables ? cache.open(tables) : null) {
            int max = tb == null ? -1 : tb.maxSeeds();
            Config ca = Config.parse("A", a, max);
            Config cb = Config.parse("B", b, max);
            Variant variant = tables.variant();
            Engine ea = ca.engine(variant, tb);
            Engine eb = cb.engine(variant, tb);
            out.println("A: " + ca);
            out.println("B: " + cb);
            Random random = new Random(seed);
            Referee referee = new Referee(variant, maxPlies);
            Score score = new Score();
            long t0 = System.nanoTime();
            List<Character> opening = List.of();
            for (int g = 0; g < games; g++) {
                if (g % 2 == 0) {
                    opening = opening(random, variant);
                }
                boolean aSouth = g % 2 == 0;
                long tg = System.nanoTime();
                Position at = Position.START;
                for (char m : opening) {
                    at = at.play(m, variant).after();
                }
                referee.start(at);
                Referee.Ending end;
                while ((end = referee.ending(at)) == null) {
                    boolean aToMove = (at.toMove() == Side.SOUTH) == aSouth;
                    char move = (aToMove ? ea : eb).bestMove(at, aToMove ? ca.limits() : cb.limits());
                    MoveResult r = at.play(move, variant);
                    at = r.after();
                    referee.played(r);
                }
                int aHalves = aSouth ? end.result().southHalves() : end.result().northHalves();
                int bHalves = aSouth ? end.result().northHalves() : end.result().southHalves();
                String verdict;
                if (end.result().outcome() == Outcome.DRAW) {
                    score.draws++;
                    verdict = "draw";
                } else if ((end.result().outcome() == Outcome.SOUTH_WINS) == aSouth) {
                    score.wins++;
                    verdict = "A wins";
                } else {
                    score.losses++;
                    verdict = "B wins";
                }
                score.aHalves += aHalves;
                score.bHalves += bHalves;
                StringBuilder o = new StringBuilder();
                opening.forEach(m -> o.append(o.length() == 0 ? "" : " ").append(m));
                out.printf(Locale.ROOT, "game %d: opening %s, A %s: %s, %s; A %s, B %s: %s (%.1f s)%n", g + 1,
                        o.length() == 0 ? "-" : o, aSouth ? "South" : "North",
                        Words.count(referee.plies(), "ply", "plies"),
                        end.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '), halves(aHalves), halves(bHalves),
                        verdict, (System.nanoTime() - tg) / 1e9);
                out.flush();
            }
            out.printf(Locale.ROOT, "Score of A: %s, %s, %s in %s; seeds A %s, B %s (%.1f s).%n",
                    Words.count(score.wins, "win", "wins"), Words.count(score.draws, "draw", "draws"),
                    Words.count(score.losses, "loss", "losses"), Words.count(games, "game", "games"),
                    halves(score.aHalves), halves(score.bHalves), (System.nanoTime() - t0) / 1e9);
        }
        return Main.OK;
    }

    /** {@code openingPlies} random legal moves from the start that leave a game going on. */
    private List<Character> opening(Random random, Variant variant) {
        int[] children = new int[Rules.ROW * Rules.PITS];
        int[] captured = new int[Rules.ROW];
        int[] scratch = new int[Rules.PITS];
        while (true) {
            List<Character> moves = new ArrayList<>();
            Position at = Position.START;
            while (moves.size() < openingPlies) {
                int mask = Rules.generate(at.moverRelative(), variant, children, captured, scratch);
                if (mask == 0) {
                    break;
                }
                int pick = random.nextInt(Integer.bitCount(mask));
                int pit = Integer.numberOfTrailingZeros(mask);
                for (int k = 0; k < pick; k++) {
                    mask &= mask - 1;
                    pit = Integer.numberOfTrailingZeros(mask);
                }
                char m = Position.moveLetter(at.toMove(), pit);
                moves.add(m);
                at = at.play(m, variant).after();
            }
            if (moves.size() == openingPlies && !at.isGameOver(variant)) {
                return moves;
            }
        }
    }

    private static String halves(long h) {
        return (h / 2) + (h % 2 != 0 ? ".5" : "");
    }
}
