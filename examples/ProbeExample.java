import java.nio.file.Path;
import org.krou.probe.BestMove;
import org.krou.probe.FinalResult;
import org.krou.probe.MoveValue;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Variant;

/**
 * Probing the tables from Java. Run from the repository root, after 'scripts/krou generate':
 *
 *   java -cp cli/target/krou.jar examples/ProbeExample.java
 */
public class ProbeExample {
    public static void main(String[] args) {
        try (Tablebase tb = Tablebase.open(Path.of("data"), Variant.ABAPA);
             PerfectPlay play = PerfectPlay.over(tb)) {
            Position p = Position.parse("0 0 3 1 2 1 / 1 1 0 0 2 1 S");
            System.out.println("covered up to " + tb.maxSeeds() + " seeds");
            System.out.println("value " + tb.value(p));                       // for South, to move
            for (MoveValue m : tb.moveValues(p)) {
                System.out.println("  " + m.move() + " captures " + m.captured() + ", value " + m.value());
            }
            System.out.println("best moves " + tb.bestMoves(p));
            Position later = new Position(p.pits(), p.toMove(), 20, 16);     // with 36 seeds already captured
            FinalResult r = tb.finalResult(later);
            System.out.println("final result " + r);
            BestMove m = play.bestMove(p);                                    // the move that converts
            System.out.println("play " + m.move() + (m.progressGuaranteed() ? "" : " (progress not guaranteed)"));
            // the primitive API of a search: a mover-relative board, no exception, no allocation
            // once the blocks it reads are cached
            int[] board = p.moverRelative();
            int v = tb.probe(board);                                          // Tablebase.NO_VALUE if not covered
            int[] values = new int[6];
            int[] plies = new int[6];
            int legal = tb.rootMoves(board, values, plies);
            System.out.println("probe " + v + ", legal pits mask " + Integer.toBinaryString(legal)
                    + ", value of the mover's first legal pit " + values[Integer.numberOfTrailingZeros(legal)]);
        }
    }
}
