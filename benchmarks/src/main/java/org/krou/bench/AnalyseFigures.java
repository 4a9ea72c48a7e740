package org.krou.bench;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.krou.engine.Analysis;
import org.krou.engine.Engine;
import org.krou.engine.Limits;
import org.krou.index.PositionIndex;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Side;
import org.krou.rules.Variant;

/**
 * The figures of docs/ANALYSIS.md for {@code krou analyse} above the tables: for random positions of
 * each seed count, how many the search proves exact within a node budget, the mean width of the
 * proven interval and the nodes per second, with all the tables and with none (horizon -1).
 * No analysis store: each position is searched from scratch (a fresh engine each).
 *
 * <pre>{@code
 * java -cp benchmarks.jar org.krou.bench.AnalyseFigures data abapa 20 24 20 200000 18,-1
 * }</pre>
 */
public final class AnalyseFigures {
    private AnalyseFigures() {
    }

    /** Arguments: DATA VARIANT FROM_SEEDS TO_SEEDS POSITIONS NODES HORIZONS (comma-separated). */
    public static void main(String[] args) {
        Path data = Path.of(args[0]);
        Variant variant = Variant.parse(args[1]);
        int from = Integer.parseInt(args[2]);
        int to = Integer.parseInt(args[3]);
        int count = Integer.parseInt(args[4]);
        long nodes = Long.parseLong(args[5]);
        try (Tablebase tb = Tablebase.open(data, variant)) {
            System.out.printf(Locale.ROOT, "%s, tables 0..%d, %d random positions a seed count, %,d nodes each%n",
                    variant.id(), tb.maxSeeds(), count, nodes);
            System.out.println("| seeds | tables probed | exact | mean hi - lo | nodes/s |");
            System.out.println("|--:|--:|--:|--:|--:|");
            for (String h : args[6].split(",")) {
                int horizon = Integer.parseInt(h.trim());
                for (int n = from; n <= to; n++) {
                    Random random = new Random(n);
                    int exact = 0;
                    long width = 0;
                    long searched = 0;
                    long nanos = 0;
                    for (int i = 0; i < count; i++) {
                        int[] b = new int[12];
                        PositionIndex.unrank(n, (long) (random.nextDouble() * PositionIndex.size(n)), b);
                        Position p = Position.fromMoverRelative(b, Side.SOUTH);
                        Engine engine = new Engine(variant, tb, horizon, null, 20);
                        Analysis a = engine.analyse(p, Limits.ofNodes(nodes));
                        exact += a.exact() ? 1 : 0;
                        width += a.hi() - a.lo();
                        searched += a.nodes();
                        nanos += a.nanos();
                    }
                    System.out.printf(Locale.ROOT, "| %d | %s | %d of %d | %.1f | %,.0f |%n", n,
                            horizon < 0 ? "none" : "0.." + horizon, exact, count, (double) width / count,
                            searched * 1e9 / nanos);
                }
            }
        }
    }
}
