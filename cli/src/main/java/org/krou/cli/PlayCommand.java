package org.krou.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.krou.engine.Analysis;
import org.krou.engine.AnalysisStore;
import org.krou.engine.Engine;
import org.krou.engine.Limits;
import org.krou.probe.MoveValue;
import org.krou.probe.Outcome;
import org.krou.probe.Tablebase;
import org.krou.rules.IllegalMoveException;
import org.krou.rules.MoveResult;
import org.krou.rules.Position;
import org.krou.rules.Side;
import org.krou.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.util.Words;

/** {@code krou play}: a game in the terminal against the engine, from the opening or any position. */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = {"Play against the engine in the terminal, from the opening position (or --from). Type a pit "
                + "letter to move (a-f for South, A-F for North), 'hint' for the value of each move, 'undo' to take "
                + "back your last move, 'quit' to stop.",
                "The engine plays perfectly where the tables cover the position (to --horizon seeds) and searches "
                + "above them within the budget of each move (--time, --nodes, --depth; default 1 second); it reads "
                + "and writes the analysis store as analyse does.",
                "The game ends when a side cannot move, or when a position occurs for the third time (the seeds "
                + "left are then shared evenly)."})
final class PlayCommand implements Callable<Integer> {
    /** The budget of each engine move above the tables unless told otherwise. */
    static final Limits DEFAULT_LIMITS = Limits.ofSeconds(1);

    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Mixin
    CacheOptions cache;

    @Mixin
    SearchOptions search;

    @Mixin
    BudgetOptions budget;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--side", paramLabel = "S|N", defaultValue = "S",
            description = "The side you play: S (South, default) or N (North).")
    String side;

    String from;

    @Option(names = "--from", paramLabel = "POSITION", arity = "1..14", hideParamSyntax = true,
            description = "Start from this position: " + PositionParameter.HELP
                    + " (default: the opening position, 4 seeds in every pit, South to move).")
    void from(List<String> words) {
        from = PositionParameter.join(words);
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
                    + "give --from too (the opening has nothing captured)");
        }
        Position start = from == null ? Position.START : ProbeCommand.withCaptured(Position.parse(from), captured);
        Limits limits = budget.limits(DEFAULT_LIMITS);
        int nodes = search.nodes();
        storeOptions.entries(); // checked before the tables are opened
        PrintWriter out = spec.commandLine().getOut();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (Tablebase tb = cache.open(tables);
             AnalysisStore store = storeOptions.open(tables, spec.commandLine().getErr(), "playing")) {
            int h = budget.horizon(tb, tables);
            Engine engine = new Engine(tables.variant(), tb, h, store, Engine.DEFAULT_HASH_LOG2, nodes);
            out.printf(Locale.ROOT, "You play %s against the engine (%s rules): perfect play from the tables to %d "
                    + "seeds, a search of %s a move above them.%n", BoardView.name(human), tables.variant().id(), h,
                    describe(limits));
            return new Game(engine, tb, h, limits, human, out, in).run(start);
        }
    }

    /** The budget in words, e.g. {@code "1 s"} or {@code "200,000 nodes"}. */
    static String describe(Limits l) {
        StringBuilder sb = new StringBuilder();
        if (l.seconds() < Double.POSITIVE_INFINITY) {
            sb.append(String.format(Locale.ROOT, "%s s", l.seconds()).replace(".0 s", " s"));
        }
        if (l.nodes() < Long.MAX_VALUE) {
            sb.append(sb.length() > 0 ? ", " : "").append(Words.grouped(l.nodes(), "node", "nodes"));
        }
        if (l.depth() < Limits.MAX_DEPTH) {
            sb.append(sb.length() > 0 ? ", " : "").append(Words.count(l.depth(), "ply", "plies"));
        }
        return sb.length() == 0 ? "no limit" : sb.toString();
    }

    /** One game: the positions so far, for undo; the referee for its end. */
    private record Game(Engine engine, Tablebase tb, int horizon, Limits limits, Side human, PrintWriter out,
            BufferedReader in) {
        int run(Position start) throws java.io.IOException {
            Variant variant = tb.variant();
            Deque<Position> history = new ArrayDeque<>();
            Referee referee = new Referee(variant, 0);
            referee.start(start);
            Position at = start;
            if (at.seeds() <= horizon) {
                out.printf("Value for the side to move: %+d.%n", tb.value(at));
            }
            while (true) {
                out.print("\n" + BoardView.draw(at));
                Referee.Ending end = referee.ending(at);
                if (end != null) {
                    out.println("Game over: " + end.why() + ".");
                    out.println("Final score: " + end.result());
                    out.println(end.result().outcome() == Outcome.DRAW ? "A draw."
                            : (end.result().outcome() == Outcome.SOUTH_WINS) == (human == Side.SOUTH) ? "You win."
                            : "The engine wins.");
                    return Main.OK;
                }
                if (at.toMove() != human) {
                    char move = engine.bestMove(at, limits);
                    MoveResult r = at.play(move, variant);
                    out.printf("%s plays %c%s.%n", BoardView.name(at.toMove()), move,
                            r.captured() > 0 ? " and captures " + r.captured() : "");
                    history.push(at);
                    at = r.after();
                    referee.played(r);
                    continue;
                }
                out.printf("Your move (%s, hint, undo, quit): ", human == Side.SOUTH ? "a-f" : "A-F");
                out.flush();
                String line = in.readLine();
                if (line == null || line.trim().equalsIgnoreCase("quit")) {
                    out.println();
                    out.println("Game left." + (at.seeds() <= horizon
                            ? " Value for the side to move: " + tb.value(at) : ""));
                    return Main.OK;
                }
                String cmd = line.trim();
                if (cmd.equalsIgnoreCase("hint")) {
                    hint(at);
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
                    referee.restart(history, at);
                    continue;
                }
                if (cmd.length() != 1) {
                    out.println("Type one pit letter, hint, undo or quit.");
                    continue;
                }
                try {
                    MoveResult r = at.play(cmd.charAt(0), variant);
                    history.push(at);
                    at = r.after();
                    referee.played(r);
                } catch (IllegalMoveException e) {
                    out.println("Illegal: " + e.reason() + ".");
                }
            }
        }

        /** The value of each move from the tables, or the engine's analysis above them. */
        private void hint(Position at) {
            if (at.seeds() <= horizon) {
                for (MoveValue mv : tb.moveValues(at)) {
                    out.printf("  %c  captures %2d  value %+3d%n", mv.move(), mv.captured(), mv.value());
                }
                return;
            }
            Analysis a = engine.analyse(at, limits);
            StringBuilder line = new StringBuilder();
            a.line().forEach(m -> line.append(' ').append(m));
            out.printf(Locale.ROOT, "  %s, best %s, line%s (depth %d, %s)%n", a.exact()
                    ? String.format(Locale.ROOT, "value %+d (exact)", a.lo())
                    : String.format(Locale.ROOT, "value between %+d and %+d", a.lo(), a.hi()),
                    a.best(), line, a.depth(), Words.grouped(a.nodes(), "node", "nodes"));
        }
    }
}
