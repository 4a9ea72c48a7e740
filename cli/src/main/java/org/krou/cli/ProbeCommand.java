package org.krou.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.krou.probe.FinalResult;
import org.krou.probe.MoveValue;
import org.krou.probe.Tablebase;
import org.krou.rules.Notation;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code krou probe}: the exact value of a position and of each of its moves. */
@Command(name = "probe", mixinStandardHelpOptions = true,
        description = {"Show a position's exact value, every legal move with what it captures and its value, "
                + "and the best moves.",
                "POSITION is 'a b c d e f / A B C D E F [S|N]' (South to move if the side is omitted), "
                + "e.g. '0 0 0 0 0 1 / 1 0 0 0 0 0 S', quoted or as separate words.",
                "With --batch, read one position per line from standard input and print one line per position "
                + "holding only its value (with --json the object of probe --json), or 'error: <reason>' (with --json "
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

    @Parameters(arity = "0..*", paramLabel = "POSITION",
            description = "The position (not with --batch), quoted or as separate words.")
    List<String> position;

    @Override
    public Integer call() throws Exception {
        if (batch) {
            if (position != null) {
                throw new IllegalArgumentException("--batch reads positions from standard input: give no POSITION");
            }
            if (captured != null) {
                throw new IllegalArgumentException("--captured does not go with --batch: the batch prints each "
                        + "position's value, which does not depend on the seeds captured; for a final result "
                        + "probe one position: probe --captured S,N POSITION");
            }
            try (Tablebase tb = cache.open(tables)) {
                return new BatchProbe(tb, json, lineBuffered).run(System.in, spec.commandLine().getOut(),
                        spec.commandLine().getErr());
            }
        }
        if (lineBuffered) {
            throw new IllegalArgumentException("--line-buffered goes with --batch only");
        }
        if (position == null) {
            throw new IllegalArgumentException("missing POSITION (" + Notation.FORM + ")");
        }
        Position p = withCaptured(Position.parse(String.join(" ", position)), captured);
        PrintWriter out = spec.commandLine().getOut();
        try (Tablebase tb = cache.open(tables)) {
            int v = tb.value(p);
            List<MoveValue> moves = tb.moveValues(p);
            List<Character> best = tb.bestMoves(p);
            FinalResult result = captured == null ? null : tb.finalResult(p);
            if (json) {
                out.println(json(p, v, moves, best, result));
            } else {
                out.print(text(p, v, moves, best, result, tables.variant.id()));
            }
        }
        return Main.OK;
    }

    /**
     * {@code p} with the captured counts of {@code --captured S,N} (as {@code probe}, {@code pv}
     * and {@code play --from} take them), or {@code p} when {@code captured} is null.
     *
     * @throws IllegalArgumentException unless {@code captured} is two whole numbers that, with the
     *         seeds on the board, make at most 48, saying what is allowed
     */
    static Position withCaptured(Position p, String captured) {
        if (captured == null) {
            return p;
        }
        int room = Position.TOTAL_SEEDS - p.seeds();
        String[] parts = captured.trim().split("\\s*,\\s*", -1);
        if (parts.length != 2 || !parts[0].matches("[0-9]+") || !parts[1].matches("[0-9]+")) {
            throw new IllegalArgumentException("--captured '" + Notation.excerpt(captured)
                    + "': expected two whole numbers S,N, the seeds South and North have captured so far, e.g. "
                    + "--captured 20,18");
        }
        int s = count(parts[0]);
        int n = count(parts[1]);
        if (s > room || n > room || s + n > room) {
            throw new IllegalArgumentException("--captured '" + Notation.excerpt(captured) + "': with "
                    + p.seeds() + " seeds on the board at most " + room + " can have been captured ("
                    + Position.TOTAL_SEEDS + " in a game): give two counts that add up to " + room
                    + " or less, e.g. --captured " + (room - room / 2) + "," + room / 2);
        }
        return new Position(p.pits(), p.toMove(), s, n);
    }

    /** A count of digits, or Integer.MAX_VALUE for one beyond 48 that an int cannot hold. */
    private static int count(String digits) {
        String d = digits.replaceFirst("^0+(?=.)", "");
        return d.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(d);
    }

    static String text(Position p, int v, List<MoveValue> moves, List<Character> best, FinalResult result,
                       String variant) {
        StringBuilder sb = new StringBuilder();
        sb.append(BoardView.draw(p)).append('\n');
        sb.append(String.format("%s to move, %d seeds on the board (%s).%n", BoardView.name(p.toMove()), p.seeds(),
                variant));
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
        ObjectNode o = Json.object();
        o.put("position", p.toString());
        o.put("toMove", String.valueOf(p.toMove().letter()));
        o.put("seeds", p.seeds());
        o.put("value", v);
        ArrayNode ms = o.putArray("moves");
        for (MoveValue m : moves) {
            ms.addObject().put("move", String.valueOf(m.move())).put("captured", m.captured()).put("value", m.value());
        }
        ArrayNode bs = o.putArray("best");
        for (char c : best) {
            bs.add(String.valueOf(c));
        }
        if (result != null) {
            o.set("result", Json.result(result));
        }
        return Json.write(o);
    }
}
