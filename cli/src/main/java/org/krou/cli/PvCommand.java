package org.krou.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.krou.probe.Line;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Ply;
import org.krou.rules.Position;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code krou pv}: the line of perfect play from a position. */
@Command(name = "pv", mixinStandardHelpOptions = true,
        description = {"Print the line of perfect play from POSITION, move by move with captures and the running "
                + "score, until the game ends or, for a position worth 0 that cycles, until a position repeats "
                + "(the seeds left are then shared evenly).",
                "With distance tables (krou generate --dtc) the side ahead always makes progress; without them the "
                + "moves keep the value but the line may wander, and this is said.",
                "--json prints {\"position\": ..., \"value\": V, \"line\": [{\"move\": \"f\", \"captured\": 7}, ...], "
                + "\"end\": \"no-seeds\"|\"cannot-feed\"|\"repetition\", \"result\": {...}}."})
final class PvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--captured", paramLabel = "S,N", description = "Seeds South and North have captured so far.")
    String captured;

    String position;

    @Parameters(arity = "1..*", paramLabel = "POSITION",
            description = "The position, e.g. '0 0 0 1 2 1 / 1 1 0 0 0 2 S', quoted or as separate words.")
    void position(List<String> words) {
        position = String.join(" ", words);
    }

    @Override
    public Integer call() {
        Position p = ProbeCommand.withCaptured(Position.parse(position), captured);
        PrintWriter out = spec.commandLine().getOut();
        try (PerfectPlay play = PerfectPlay.open(tables.data, tables.variant)) {
            Line line = play.principalLine(p);
            boolean guaranteed = line.value() == 0 || p.seeds() <= play.distanceMaxSeeds();
            out.print(json ? json(line) + "\n" : text(line, guaranteed));
        }
        return Main.OK;
    }

    static String json(Line line) {
        ObjectNode o = Json.object();
        o.put("position", line.start().toString());
        o.put("value", line.value());
        ArrayNode plies = o.putArray("line");
        for (Ply ply : line.plies()) {
            plies.addObject().put("move", String.valueOf(ply.move())).put("captured", ply.captured());
        }
        o.put("end", line.end().id());
        o.set("result", Json.result(line.result()));
        return Json.write(o);
    }

    static String text(Line line, boolean guaranteed) {
        Position start = line.start();
        StringBuilder sb = new StringBuilder(BoardView.draw(start)).append('\n');
        sb.append(String.format("%s to move, value %+d: %s.%n", BoardView.name(start.toMove()), line.value(),
                BoardView.meaning(start, line.value())));
        if (!guaranteed) {
            sb.append("No distance tables for ").append(start.seeds()).append(" seeds (krou generate --dtc): ")
                    .append("the moves below keep the value but need not make progress.\n");
        }
        List<Ply> plies = line.plies();
        for (int i = 0; i < plies.size(); i++) {
            Ply ply = plies.get(i);
            Position after = ply.after();
            sb.append(String.format("%4d. %-5s %c", i + 1, BoardView.name(after.toMove().opponent()), ply.move()));
            sb.append(ply.captured() > 0 ? String.format("  captures %2d", ply.captured()) : "              ");
            sb.append(String.format("   South %2d  North %2d", after.southCaptured(), after.northCaptured()));
            if (ply.distance() >= 0) {
                sb.append(String.format("   (value %+d, %d %s to conversion)", ply.value(), ply.distance(),
                        ply.distance() == 1 ? "ply" : "plies"));
            }
            sb.append('\n');
        }
        Position last = plies.isEmpty() ? start : plies.get(plies.size() - 1).after();
        switch (line.end()) {
            case NO_SEEDS -> sb.append(BoardView.name(last.toMove())).append(" has no seeds: ")
                    .append(BoardView.name(last.toMove().opponent())).append(" takes the ").append(last.seeds())
                    .append(" left.\n");
            case CANNOT_FEED -> sb.append(BoardView.name(last.toMove())).append(" cannot feed ")
                    .append(BoardView.name(last.toMove().opponent())).append(": it takes the ").append(last.seeds())
                    .append(" left.\n");
            case REPETITION -> sb.append("The position after ply ").append(plies.size()).append(" repeats the one ")
                    .append(firstOccurrence(line, last)).append(": no capture will come, the ").append(last.seeds())
                    .append(" seeds left are shared evenly.\n");
            default -> throw new IllegalStateException(line.end().toString());
        }
        sb.append("Final score: ").append(line.result()).append('\n');
        return sb.toString();
    }

    private static String firstOccurrence(Line line, Position last) {
        Position key = last.withoutCaptures();
        if (line.start().withoutCaptures().equals(key)) {
            return "at the start";
        }
        List<Ply> plies = line.plies();
        for (int i = 0; i < plies.size() - 1; i++) {
            Position a = plies.get(i).after();
            if (a.withoutCaptures().equals(key)) {
                return "after ply " + (i + 1);
            }
        }
        return "seen before";
    }
}
