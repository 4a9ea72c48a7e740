package org.krou.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.krou.engine.Analysis;
import org.krou.engine.AnalysisStore;
import org.krou.engine.Engine;
import org.krou.engine.Limits;
import org.krou.engine.StoreFullException;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.server.ProbeJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.util.Words;

/** {@code krou analyse}: proven bounds, a best move and a line for any position, above the tables too. */
@Command(name = "analyse", mixinStandardHelpOptions = true,
        description = {"Analyse POSITION (any number of seeds) by an iterative-deepening alpha-beta search whose "
                + "leaves are table probes: it proves bounds lo <= value <= hi for the side to move (exact when they "
                + "meet) and gives the best move found and the principal variation.",
                "The analysis store DIR/<variant>/analysis.cm is read first (an exact result there is answered "
                + "without search) and what the search proves is written to it, shared with other processes. "
                + "Where it cannot be written (read-only tables), analyse warns and goes on without it.",
                "Without --time, --nodes or --depth the search runs 10 seconds. Progress goes to standard error "
                + "after each iteration once a second has passed.",
                "--json prints {\"position\", \"toMove\", \"seeds\", \"lo\", \"hi\", \"exact\", \"best\", \"line\", "
                + "\"depth\", \"nodes\", \"nodesPerSecond\", \"millis\", \"source\", \"horizon\", \"storeRead\", "
                + "\"storeWritten\"}."})
final class AnalyseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Mixin
    CacheOptions cache;

    @Mixin
    BudgetOptions budget;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Mixin
    StoreOptions storeOptions;

    @Mixin
    PositionParameter position;

    @Override
    public Integer call() {
        Position p = position.position().withoutCaptures();
        Limits limits = budget.limits(Limits.ofSeconds(10));
        storeOptions.entries(); // checked before the tables are opened
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Tablebase tb = cache.open(tables);
             AnalysisStore store = storeOptions.open(tables, err, "analysing")) {
            int h = budget.horizon(tb, tables);
            Engine engine = new Engine(tables.variant(), tb, h, store, Engine.DEFAULT_HASH_LOG2);
            Analysis a = engine.analyse(p, limits, (d, lo, hi, best, n, nanos) -> {
                if (nanos >= 1_000_000_000L) {
                    err.printf(Locale.ROOT, "depth %d: [%+d, %+d] best %s, %s, %.1f s%n", d, lo, hi,
                            best == null ? "-" : best, Words.grouped(n, "node", "nodes"), nanos / 1e9);
                    err.flush();
                }
            });
            out.print(json ? ProbeJson.write(json(a, h)) + "\n" : text(a, h, tables.variant().id()));
            if (store != null && !json) {
                out.printf(Locale.ROOT, "Store %s: %s read, %,d written; it holds %,d of %,d.%n",
                        store.path(), Words.grouped(a.storeRead(), "position", "positions"), a.storeWritten(),
                        store.size(), store.capacity());
            }
            if (a.storeFull()) {
                err.println("error: " + new StoreFullException(store.path(), store.capacity()).getMessage());
                return Main.FAILED;
            }
        }
        return Main.OK;
    }

    /** Where the answer came from: the store, the tables, the rules (the game is over) or a search. */
    static String source(Analysis a, int horizon) {
        if (a.fromStore()) {
            return "store";
        }
        if (a.depth() == 0) {
            return a.best() == null ? "rules" : "tables";
        }
        return "search";
    }

    static ObjectNode json(Analysis a, int horizon) {
        Position p = a.position();
        ObjectNode o = ProbeJson.object();
        o.put("position", p.toString());
        o.put("toMove", String.valueOf(p.toMove().letter()));
        o.put("seeds", p.seeds());
        o.put("lo", a.lo());
        o.put("hi", a.hi());
        o.put("exact", a.exact());
        if (a.best() == null) {
            o.putNull("best");
        } else {
            o.put("best", String.valueOf(a.best()));
        }
        ArrayNode line = o.putArray("line");
        a.line().forEach(m -> line.add(String.valueOf(m)));
        o.put("depth", a.depth());
        o.put("nodes", a.nodes());
        o.put("nodesPerSecond", a.nodesPerSecond());
        o.put("millis", a.nanos() / 1_000_000);
        o.put("source", source(a, horizon));
        o.put("horizon", horizon);
        o.put("storeRead", a.storeRead());
        o.put("storeWritten", a.storeWritten());
        return o;
    }

    static String text(Analysis a, int horizon, String variant) {
        Position p = a.position();
        StringBuilder sb = new StringBuilder(BoardView.draw(p)).append('\n');
        sb.append(String.format(Locale.ROOT, "%s to move, %s on the board (%s); tables probed to %d seeds.%n",
                BoardView.name(p.toMove()), Words.count(p.seeds(), "seed", "seeds"), variant, horizon));
        String source = switch (source(a, horizon)) {
            case "store" -> "from the analysis store";
            case "tables" -> "from the tables";
            case "rules" -> "the game is over";
            default -> "proven by search";
        };
        if (a.exact()) {
            sb.append(String.format(Locale.ROOT, "Value %+d, exact (%s): %s.%n", a.lo(), source,
                    BoardView.meaning(p, a.lo())));
        } else {
            sb.append(String.format(Locale.ROOT, "Value between %+d and %+d (proven; not exact).%n", a.lo(), a.hi()));
        }
        if (a.best() != null) {
            sb.append("Best: ").append(a.best()).append("   line:");
            a.line().forEach(m -> sb.append(' ').append(m));
            sb.append('\n');
        }
        sb.append(String.format(Locale.ROOT, "Depth %d, %s in %.2f s (%,d nodes/s).%n", a.depth(),
                Words.grouped(a.nodes(), "node", "nodes"), a.nanos() / 1e9, a.nodesPerSecond()));
        return sb.toString();
    }
}
