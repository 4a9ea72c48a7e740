package org.krou.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import org.krou.probe.FinalResult;
import org.krou.probe.MoveValue;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.server.BatchProbe;
import org.krou.server.Captured;
import org.krou.server.ProbeJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.util.Words;

/** {@code krou probe}: the exact value of a position and of each of its moves. */
@Command(name = "probe", mixinStandardHelpOptions = true,
        description = {"Show a position's exact value, every legal move with what it captures and its value, "
                + "and the best moves.",
                "With --batch, give no POSITION: read one position per line from standard input and print one line "
                + "per position holding only its value (with --json the object of probe --json), or 'error: <reason>' (with --json "
                + "{\"error\": \"<reason>\"}), and go on. Answers are written whenever input pauses, so a program "
                + "can write a line and read its answer; --line-buffered writes each at once. Exit code 0 when "
                + "every line was answered, 1 when the output or input failed, 3 when the tables cannot be opened."})
final class ProbeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Mixin
    CacheOptions cache;

    @Option(names = "--json", description = "Print one JSON object instead of text (with --batch: one per line).")
    boolean json;

    @Option(names = "--captured", paramLabel = "S,N",
            description = "Seeds South and North have captured so far: also print the final result.")
    String captured;

    @Option(names = "--batch", description = "Read positions from standard input, one per line; print values.")
    boolean batch;

    @Option(names = "--line-buffered",
            description = "With --batch: write every answer at once (default: whenever input pauses, and in blocks).")
    boolean lineBuffered;

    @Mixin
    PositionParameter position;

    @Override
    public Integer call() throws Exception {
        if (batch) {
            if (position.given()) {
                throw new IllegalArgumentException("--batch reads positions from standard input: give no POSITION");
            }
            if (captured != null) {
                throw new IllegalArgumentException("--captured does not go with --batch: the batch prints each "
                        + "position's value, which does not depend on the seeds captured; for a final result "
                        + "probe one position: probe --captured S,N POSITION");
            }
            ExecutorService helpers = BatchProbe.newHelpers();
            try (Tablebase tb = cache.open(tables)) {
                return new BatchProbe(tb, json, lineBuffered, helpers).run(System.in, spec.commandLine().getOut(),
                        spec.commandLine().getErr()) ? Main.OK : Main.FAILED;
            } finally {
                helpers.shutdownNow();
            }
        }
        if (lineBuffered) {
            throw new IllegalArgumentException("--line-buffered goes with --batch only");
        }
        Position p = withCaptured(position.position(), captured);
        PrintWriter out = spec.commandLine().getOut();
        try (Tablebase tb = cache.open(tables)) {
            int v = tb.value(p);
            List<MoveValue> moves = tb.moveValues(p);
            List<Character> best = tb.bestMoves(p);
            FinalResult result = captured == null ? null : tb.finalResult(p);
            if (json) {
                out.println(json(p, v, moves, best, result));
            } else {
                out.print(text(p, v, moves, best, result, tables.variant().id()));
            }
        }
        return Main.OK;
    }

    /**
     * {@code p} with the captured counts of {@code --captured S,N} (as {@code probe}, {@code pv}
     * and {@code play --from} take them), or {@code p} when {@code captured} is null.
     *
     * @throws IllegalArgumentException as {@link Captured#apply}
     */
    static Position withCaptured(Position p, String captured) {
        return Captured.apply(p, captured, "--captured");
    }

    static String text(Position p, int v, List<MoveValue> moves, List<Character> best, FinalResult result,
                       String variant) {
        StringBuilder sb = new StringBuilder();
        sb.append(BoardView.draw(p)).append('\n');
        sb.append(String.format("%s to move, %s on the board (%s).%n", BoardView.name(p.toMove()),
                Words.count(p.seeds(), "seed", "seeds"), variant));
        sb.append(String.format("Value %+d: %s.%n", v, BoardView.meaning(p, v)));
        if (result != null) {
            sb.append("Final result: ").append(result).append('\n');
        }
        if (moves.isEmpty()) {
            sb.append("The game is over: ").append(Rules.moverSeeds(p.moverRelative()) == 0
                    ? "the side to move has no seeds; the other side takes the rest.\n"
                    : "no move can feed the opponent; the side to move takes the rest.\n");
            return sb.toString();
        }
        sb.append("Moves:\n");
        for (MoveValue m : moves) {
            sb.append(String.format("  %c  captures %2d  value %+3d%s%n", m.move(), m.captured(), m.value(),
                    best.contains(m.move()) ? "  best" : ""));
        }
        sb.append("Best: ");
        for (int i = 0; i < best.size(); i++) {
            sb.append(i == 0 ? "" : " ").append(best.get(i));
        }
        return sb.append('\n').toString();
    }

    /** The object of {@code probe --json}: position, toMove, seeds, value, moves, best and, with captures, result. */
    static String json(Position p, int v, List<MoveValue> moves, List<Character> best, FinalResult result) {
        return ProbeJson.write(ProbeJson.probe(p, v, moves, best, result, null));
    }
}
