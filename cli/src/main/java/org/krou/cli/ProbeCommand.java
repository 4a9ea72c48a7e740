package org.krou.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import org.krou.probe.FinalResult;
import org.krou.probe.MoveValue;
import org.krou.probe.Tablebase;
import org.krou.rules.Notation;
import org.krou.rules.Position;
import org.krou.rules.Rules;
import org.krou.table.TableException;
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
                + "e.g. '0 0 0 0 0 1 / 1 0 0 0 0 0 S'.",
                "With --batch, read one position per line from standard input and print one line per position "
                + "holding only its value, or 'error: <reason>'."})
final class ProbeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableOptions tables;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @Option(names = "--captured", paramLabel = "S,N",
            description = "Seeds South and North have captured so far: also print the final result.")
    String captured;

    @Option(names = "--batch", description = "Read positions from standard input, one per line; print values.")
    boolean batch;

    @Parameters(arity = "0..1", paramLabel = "POSITION", description = "The position (not with --batch).")
    String position;

    @Override
    public Integer call() throws Exception {
        if (batch) {
            if (position != null) {
                throw new IllegalArgumentException("--batch reads positions from standard input: give no POSITION");
            }
            return batch();
        }
        if (position == null) {
            throw new IllegalArgumentException("missing POSITION (" + Notation.FORM + ")");
        }
        Position p = withCaptured(Position.parse(position), captured);
        PrintWriter out = spec.commandLine().getOut();
        try (Tablebase tb = Tablebase.open(tables.data, tables.variant)) {
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

    static Position withCaptured(Position p, String captured) {
        if (captured == null) {
            return p;
        }
        String[] parts = captured.trim().split("\\s*,\\s*");
        try {
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            return new Position(p.pits(), p.toMove(), Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--captured '" + captured
                    + "': expected the seeds South and North captured so far, e.g. --captured 20,18");
        }
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

    static String json(Position p, int v, List<MoveValue> moves, List<Character> best, FinalResult result) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"position\": ").append(BoardView.json(p.toString()));
        sb.append(", \"toMove\": \"").append(p.toMove().letter()).append('"');
        sb.append(", \"seeds\": ").append(p.seeds());
        sb.append(", \"value\": ").append(v);
        sb.append(", \"moves\": [");
        for (int i = 0; i < moves.size(); i++) {
            MoveValue m = moves.get(i);
            sb.append(i == 0 ? "" : ", ").append("{\"move\": \"").append(m.move()).append("\", \"captured\": ")
                    .append(m.captured()).append(", \"value\": ").append(m.value()).append('}');
        }
        sb.append("], \"best\": [");
        for (int i = 0; i < best.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append('"').append(best.get(i)).append('"');
        }
        sb.append(']');
        if (result != null) {
            sb.append(", \"result\": {\"south\": ").append(result.south()).append(", \"north\": ")
                    .append(result.north()).append(", \"outcome\": \"").append(result.outcome().name()
                            .toLowerCase(java.util.Locale.ROOT).replace('_', '-')).append("\"}");
        }
        return sb.append('}').toString();
    }

    private int batch() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        PrintWriter out = new PrintWriter(new BufferedWriter(
                new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16), false);
        try (Tablebase tb = Tablebase.open(tables.data, tables.variant)) {
            int[] board = new int[Rules.PITS];
            String line;
            while ((line = in.readLine()) != null) {
                try {
                    // the common well-formed line is read here; anything else goes to
                    // Position.parse, which reads it the same way or says what is wrong
                    int[] b = parseBoard(line, board) ? board : Position.parse(line).moverRelative();
                    out.println(tb.value(b));
                } catch (IllegalArgumentException | TableException e) {
                    out.println("error: " + e.getMessage());
                }
            }
        }
        out.flush();
        return Main.OK;
    }

    /**
     * A fast reader of the plain notation for {@code --batch}: twelve whole numbers separated by
     * spaces, tabs or commas, a {@code /} after the sixth, and optionally {@code S} or {@code N}
     * (either case) after a separator. Fills {@code board} with the mover-relative board and
     * returns true, exactly what {@code Position.parse(line).moverRelative()} gives; returns
     * false, leaving the line to {@link Position#parse}, for anything else, including every line
     * that {@code Position.parse} refuses (more than 48 seeds, a missing pit, a sign, ...).
     */
    static boolean parseBoard(String line, int[] board) {
        int len = line.length();
        int i = skipSeparators(line, 0);
        int sum = 0;
        for (int pit = 0; pit < Rules.PITS; pit++) {
            if (pit == 6) {
                if (i >= len || line.charAt(i) != '/') {
                    return false;
                }
                i = skipSeparators(line, i + 1);
            }
            int start = i;
            int v = 0;
            while (i < len) {
                char c = line.charAt(i);
                if (c < '0' || c > '9') {
                    break;
                }
                v = v * 10 + (c - '0');
                if (v > Position.TOTAL_SEEDS) {
                    return false;
                }
                i++;
            }
            if (i == start) {
                return false;
            }
            board[pit] = v;
            sum += v;
            int after = skipSeparators(line, i);
            // a number ends at a separator, at the end, or (the sixth) at the slash
            if (after == i && i < len && !(pit == 5 && line.charAt(i) == '/')) {
                return false;
            }
            i = after;
        }
        if (sum > Position.TOTAL_SEEDS) {
            return false;
        }
        boolean north = false;
        if (i < len) {
            char c = line.charAt(i);
            if (c == 'N' || c == 'n') {
                north = true;
            } else if (c != 'S' && c != 's') {
                return false;
            }
            if (!isSeparator(line.charAt(i - 1)) || skipSeparators(line, i + 1) != len) {
                return false;
            }
        }
        if (north) {
            Rules.rotate(board);
        }
        return true;
    }

    private static int skipSeparators(String s, int i) {
        while (i < s.length() && isSeparator(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Characters both {@code String.trim} and the notation's {@code [\s,]} separators accept. */
    private static boolean isSeparator(char c) {
        return c == ' ' || c == ',' || c == '\t' || c == '\r' || c == '\f' || c == '\u000B';
    }
}
