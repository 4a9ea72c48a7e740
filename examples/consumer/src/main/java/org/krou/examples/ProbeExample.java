package org.krou.examples;

import java.nio.file.Path;
import java.util.Arrays;
import org.krou.probe.BestMove;
import org.krou.probe.FinalResult;
import org.krou.probe.MoveValue;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.NotationException;
import org.krou.rules.Position;
import org.krou.rules.Variant;
import org.krou.table.TableException;

/**
 * Probing the tables from Java, with krou-lookup as the only dependency. Arguments: the data
 * directory that {@code krou generate --data DIR} wrote, then a position (default
 * {@code 0 0 3 1 2 1 / 1 1 0 0 2 1 S}, 12 seeds), which may be given as one argument or as several:
 *
 * <pre>
 * mvn -q compile exec:java -Dexec.args="../../data 0 0 3 1 2 1 / 1 1 0 0 2 1 S"
 * </pre>
 */
public class ProbeExample {
    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.println("usage: ProbeExample DATA_DIR [POSITION]");
            System.exit(2);
        }
        String text = args.length > 1 ? String.join(" ", Arrays.copyOfRange(args, 1, args.length))
                : "0 0 3 1 2 1 / 1 1 0 0 2 1 S";
        try (Tablebase tb = Tablebase.open(Path.of(args[0]), Variant.ABAPA);
             PerfectPlay play = PerfectPlay.over(tb)) {
            Position p = Position.parse(text);
            System.out.println("covered up to " + tb.maxSeeds() + " seeds");
            System.out.println("value " + tb.value(p));                       // for the side to move
            for (MoveValue m : tb.moveValues(p)) {
                System.out.println("  " + m.move() + " captures " + m.captured() + ", value " + m.value());
            }
            System.out.println("best moves " + tb.bestMoves(p));
            // the same board late in a game: the other seeds captured, South 4 ahead
            int captured = Position.TOTAL_SEEDS - p.seeds();
            Position later = new Position(p.pits(), p.toMove(), (captured + 4) / 2, captured - (captured + 4) / 2);
            FinalResult r = tb.finalResult(later);
            System.out.println("final result " + r);
            BestMove m = play.bestMove(p);                                    // the move that converts
            System.out.println(m == null ? "play nothing: the game is over"
                    : "play " + m.move() + (m.progressGuaranteed() ? "" : " (progress not guaranteed)"));
            // the primitive API of a search: a mover-relative board, no exception, no allocation
            // once the blocks it reads are cached
            int[] board = p.moverRelative();
            int v = tb.probe(board);                                          // Tablebase.NO_VALUE if not covered
            int[] values = new int[6];
            int[] plies = new int[6];
            int legal = tb.rootMoves(board, values, plies);
            System.out.println("probe " + v + ", legal pits mask " + Integer.toBinaryString(legal)
                    + (legal == 0 ? "" : ", value of the mover's first legal pit "
                    + values[Integer.numberOfTrailingZeros(legal)]));
        } catch (NotationException | TableException e) {
            // a position that does not parse, tables missing, damaged or not covering the position
            System.err.println("error: " + e.getMessage());
            System.exit(1);
        }
    }
}
