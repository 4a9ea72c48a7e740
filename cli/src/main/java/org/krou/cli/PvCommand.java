package org.krou.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.krou.probe.Line;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.probe.Ply;
import org.krou.rules.Position;
import org.krou.server.ProbeJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.util.Words;

/** {@code krou pv}: the line of perfect play from a position. */
@Command(name = "pv", mixinStandardHelpOptions = true,
        description = {"Print the line of perfect play from POSITION, move by move with captures and the running "
                + "score, until the game ends or, for a position worth 0 that cycles, until a position repeats "
                + "(the seeds left are then shared evenly).",
                "The side ahead always makes progress: the distances to conversion come from the distance tables "
                + "(krou generate --dtc) or, where there are none, from a search of the positions value-optimal play "
                + "can reach in the layer (--search-nodes). If that search is too big the line is marked as no proof "
                + "(converts false) and the result printed is still the one the value gives.",
                "--json prints {\"position\": ..., \"value\": V, \"line\": [{\"move\": \"f\", \"captured\": 7}, ...], "
                + "\"end\": \"no-seeds\"|\"cannot-feed\"|\"repetition\", \"converts\": true|false, \"result\": {...}}."})
final class PvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Mixin
    CacheOptions cache;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--captured", paramLabel = "S,N", description = "Seeds South and North have captured so far.")
    String captured;

    @Mixin
    SearchOptions search;

    @Mixin
    PositionParameter position;

    @Override
    public Integer call() {
        Position p = ProbeCommand.withCaptured(position.position(), captured);
        PrintWriter out = spec.commandLine().getOut();
        int nodes = search.nodes();
        try (Tablebase tb = cache.open(tables); PerfectPlay play = PerfectPlay.over(tb, nodes)) {
            Line line = play.principalLine(p);
            out.print(json ? json(line) + "\n" : text(line));
        }
        return Main.OK;
    }

    static String json(Line line) {
        return ProbeJson.write(ProbeJson.pv(line));
    }

    static String text(Line line) {
        Position start = line.start();
        StringBuilder sb = new StringBuilder(BoardView.draw(start)).append('\n');
        sb.append(String.format("%s to move, value %+d: %s.%n", BoardView.name(start.toMove()), line.value(),
                BoardView.meaning(start, line.value())));
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
                    .append(taker(line, last)).append(" the ").append(last.seeds()).append(" left.\n");
            case CANNOT_FEED -> sb.append(BoardView.name(last.toMove())).append(" cannot feed ")
                    .append(BoardView.name(last.toMove().opponent())).append(": ").append(taker(line, last))
                    .append(" the ").append(last.seeds()).append(" left.\n");
            case REPETITION -> {
                sb.append("The position after ply ").append(plies.size()).append(" repeats the one ")
                        .append(firstOccurrence(line, last));
                if (line.converts()) {
                    sb.append(": no capture will come, the ").append(Words.count(last.seeds(), "seed", "seeds"))
                            .append(" left are shared ")
                            .append("evenly.\n");
                } else {
                    sb.append(".\nThis line is no proof: without distances to conversion (no distance table for ")
                            .append(last.seeds()).append(" seeds, and the search exceeded --search-nodes) ")
                            .append("value-optimal moves may cycle instead of converting. The result below is the ")
                            .append("one the value gives. For a converting line: krou generate --dtc, or a larger ")
                            .append("--search-nodes.\n");
                }
            }
            default -> throw new IllegalStateException(line.end().toString());
        }
        sb.append(line.converts() ? "Final score: " : "Final score by the value: ").append(line.result()).append('\n');
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

    /**
     * Who takes the seeds left at the end of {@code line}, in {@code last}: the side the rules give
     * them ({@link org.krou.probe.FinalResult#finished}: its value for the side to move is what
     * that side gains), or nobody ({@code no-feed=nobody-takes}).
     */
    private static String taker(Line line, Position last) {
        int v = line.result().value();
        return v == 0 ? "nobody takes" : BoardView.name(v > 0 ? last.toMove() : last.toMove().opponent()) + " takes";
    }
}
