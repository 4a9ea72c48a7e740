package org.krou.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.krou.probe.BestMove;
import org.krou.probe.FinalResult;
import org.krou.probe.MoveValue;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.IllegalMoveException;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.rules.Side;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code krou play}: a game in the terminal against perfect play. */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = {"Play against perfect play in the terminal. Type a pit letter to move (a-f for South, A-F "
                + "for North), 'hint' for the value of each move, 'undo' to take back your last move, 'quit' to stop.",
                "The game ends when a side cannot move, or when a position occurs for the third time (the seeds "
                + "left are then shared evenly)."})
final class PlayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Mixin
    CacheOptions cache;

    @Mixin
    SearchOptions search;

    @Option(names = "--side", paramLabel = "S|N", defaultValue = "S",
            description = "The side you play: S (South, default) or N (North).")
    String side;

    String from;

    @Option(names = "--from", paramLabel = "POSITION", arity = "1..14", hideParamSyntax = true,
            description = "Start from this position, e.g. '0 0 3 1 2 1 / 1 1 0 2 0 2 S', quoted or as separate words "
                    + "(default: a random position with the largest seed count the tables cover, South to move).")
    void from(List<String> words) {
        from = String.join(" ", words);
    }

    @Option(names = "--captured", paramLabel = "S,N", description = "Seeds South and North captured before --from.")
    String captured;

    @Override
    public Integer call() throws Exception {
        Side human = switch (side.trim().toUpperCase(Locale.ROOT)) {
            case "S", "SOUTH" -> Side.SOUTH;
            case "N", "NORTH" -> Side.NORTH;
            default -> throw new IllegalArgumentException("--side '" + side + "': expected S or N");
        };
        if (from == null && captured != null) {
            throw new IllegalArgumentException("--captured gives the seeds captured before --from POSITION: "
                    + "give --from too (the random start shares the seeds off the board evenly)");
        }
        PrintWriter out = spec.commandLine().getOut();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int nodes = search.nodes();
        try (Tablebase tb = cache.open(tables); PerfectPlay engine = PerfectPlay.over(tb, nodes)) {
            Position start = from == null ? randomStart(engine.tablebase().maxSeeds())
                    : ProbeCommand.withCaptured(Position.parse(from), captured);
            return new Game(engine, human, out, in).run(start);
        }
    }

    /** A random board of {@code n} seeds with seeds on both sides, South to move, the rest captured evenly. */
    static Position randomStart(int n) {
        java.util.Random random = new java.util.Random();
        int[] pits = new int[12];
        do {
            java.util.Arrays.fill(pits, 0);
            for (int k = 0; k < n; k++) {
                pits[random.nextInt(12)]++;
            }
        } while (n >= 2 && (Rules.moverSeeds(pits) == 0 || Rules.opponentSeeds(pits) == 0));
        int rest = Position.TOTAL_SEEDS - n;
        return new Position(pits, Side.SOUTH, rest / 2, rest - rest / 2);
    }

    /** One game: the positions so far, for undo and repetitions. */
    private record Game(PerfectPlay engine, Side human, PrintWriter out, BufferedReader in) {
        int run(Position start) throws java.io.IOException {
            Deque<Position> history = new ArrayDeque<>();
            Map<Position, Integer> seen = new HashMap<>();
            Position at = start;
            boolean warned = false;
            seen.put(at.withoutCaptures(), 1);
            out.printf("You play %s against perfect play (%s rules). Value for the side to move: %+d.%n",
                    BoardView.name(human), engine.tablebase().variant().id(), engine.tablebase().value(at));
            while (true) {
                out.print("\n" + BoardView.draw(at));
                if (seen.get(at.withoutCaptures()) >= 3) {
                    finish(FinalResult.of(at, 0), "the position occurred three times: the "
                            + at.seeds() + " seeds left are shared evenly");
                    return Main.OK;
                }
                if (at.isGameOver(engine.tablebase().variant())) {
                    boolean none = Rules.moverSeeds(at.moverRelative()) == 0;
                    finish(FinalResult.of(at, Rules.terminalValue(at.moverRelative())),
                            BoardView.name(at.toMove()) + (none ? " has no seeds: the other side takes the rest"
                                    : " cannot feed the opponent and takes the rest"));
                    return Main.OK;
                }
                if (at.toMove() != human) {
                    BestMove m = engine.bestMove(at);
                    if (!m.progressGuaranteed() && !warned) {
                        warned = true;
                        out.printf("(No distances to conversion for %d seeds: no distance table, and the search "
                                + "exceeded --search-nodes. Perfect play keeps the value but may not convert; "
                                + "krou generate --dtc fixes that.)%n", at.seeds());
                    }
                    MoveResult r = at.play(m.move(), engine.tablebase().variant());
                    out.printf("%s plays %c%s.%n", BoardView.name(at.toMove()), m.move(),
                            r.captured() > 0 ? " and captures " + r.captured() : "");
                    history.push(at);
                    at = r.after();
                    seen.merge(at.withoutCaptures(), 1, Integer::sum);
                    continue;
                }
                out.printf("Your move (%s, hint, undo, quit): ", human == Side.SOUTH ? "a-f" : "A-F");
                out.flush();
                String line = in.readLine();
                if (line == null || line.trim().equalsIgnoreCase("quit")) {
                    out.println();
                    out.println("Game left. Value for the side to move: " + engine.tablebase().value(at));
                    return Main.OK;
                }
                String cmd = line.trim();
                if (cmd.equalsIgnoreCase("hint")) {
                    for (MoveValue mv : engine.tablebase().moveValues(at)) {
                        out.printf("  %c  captures %2d  value %+3d%n", mv.move(), mv.captured(), mv.value());
                    }
                    continue;
                }
                if (cmd.equalsIgnoreCase("undo")) {
                    if (history.stream().noneMatch(h -> h.toMove() == human)) {
                        out.println("Nothing to undo.");
                        continue;
                    }
                    Position back;
                    do {
                        back = history.pop();
                    } while (back.toMove() != human);
                    at = back;
                    seen.clear();
                    seen.put(at.withoutCaptures(), 1);
                    for (Position h : history) {
                        seen.merge(h.withoutCaptures(), 1, Integer::sum);
                    }
                    continue;
                }
                if (cmd.length() != 1) {
                    out.println("Type one pit letter, hint, undo or quit.");
                    continue;
                }
                try {
                    MoveResult r = at.play(cmd.charAt(0), engine.tablebase().variant());
                    history.push(at);
                    at = r.after();
                    seen.merge(at.withoutCaptures(), 1, Integer::sum);
                } catch (IllegalMoveException e) {
                    out.println("Illegal: " + e.reason() + ".");
                }
            }
        }

        private void finish(FinalResult r, String why) {
            out.println("Game over: " + why + ".");
            out.println("Final score: " + r);
            out.println(r.outcome() == org.krou.probe.Outcome.DRAW ? "A draw."
                    : (r.outcome() == org.krou.probe.Outcome.SOUTH_WINS) == (human == Side.SOUTH) ? "You win."
                    : "Perfect play wins.");
        }
    }
}
