package org.krou.server;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.krou.probe.FinalResult;
import org.krou.probe.Line;
import org.krou.probe.MoveValue;
import org.krou.probe.Ply;
import org.krou.rules.Position;

/**
 * The JSON forms of Krou's answers, shared by the {@code krou} command ({@code probe --json},
 * {@code pv --json}, {@code probe --batch --json}) and the HTTP API, so that both say the same
 * thing in the same words. Each answer is a record written by Jackson once, compact, its fields
 * in the order of the record's components; a field whose value is null is left out.
 */
public final class ProbeJson {
    /** Loaded with the first JSON output only, so that text commands do not pay for Jackson. */
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectWriter WRITER = MAPPER.writer();

    private ProbeJson() {
    }

    /** A new empty object, for the answers built field by field (the coverage, the analysis). */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** The mapper used to read and write (configured once, thread-safe). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** {@code answer} (one of this class's records, or a tree) as one line of compact JSON. */
    public static String write(Object answer) {
        try {
            return WRITER.writeValueAsString(answer);
        } catch (JsonProcessingException e) {
            // records of strings, numbers and lists always serialise
            throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code answer} as one line of compact JSON in UTF-8. */
    public static byte[] bytes(Object answer) {
        try {
            return WRITER.writeValueAsBytes(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code {"error": message}}. */
    public record Error(String error) {
    }

    /** {@code {"error": message}}. */
    public static Error error(String message) {
        return new Error(message);
    }

    /** {@code {"south": 25.0, "north": 23.0, "outcome": "south-wins"}}: final seeds, halves exact. */
    public record Result(double south, double north, String outcome) {
    }

    /** The final result {@code r} in its JSON form. */
    public static Result result(FinalResult r) {
        return new Result(r.south(), r.north(), r.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'));
    }

    /**
     * What the HTTP API adds to one move of a probe answer, beyond the command's fields.
     *
     * @param distance the move's distance to conversion, or -1 where unknown (then left out)
     * @param after    the position the move leads to (board and side to move)
     */
    public record MoveExtra(int distance, Position after) {
    }

    /**
     * One move of a probe answer; {@code distance} and {@code position} (null: left out) only in
     * the HTTP API's form.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Move(String move, int captured, int value, Integer distance, String position) {
    }

    /** The probe answer; {@code result} (null: left out) only when the captured seeds are known. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Probe(String position, String toMove, int seeds, int value, List<Move> moves, List<String> best,
                        Result result) {
    }

    /**
     * The object of {@code probe --json}: {@code position, toMove, seeds, value, moves, best} and,
     * with captures, {@code result}.
     *
     * @param extras per move (same order as {@code moves}), what the HTTP API adds to each:
     *               {@code distance} (where known) and {@code position} after it; null for the
     *               command's form
     */
    public static Probe probe(Position p, int v, List<MoveValue> moves, List<Character> best,
                              FinalResult result, List<MoveExtra> extras) {
        List<Move> ms = new ArrayList<>(moves.size());
        for (int i = 0; i < moves.size(); i++) {
            MoveValue m = moves.get(i);
            MoveExtra x = extras == null ? null : extras.get(i);
            ms.add(new Move(String.valueOf(m.move()), m.captured(), m.value(),
                    x == null || x.distance() < 0 ? null : x.distance(), x == null ? null : x.after().toString()));
        }
        List<String> bs = new ArrayList<>(best.size());
        for (char c : best) {
            bs.add(String.valueOf(c));
        }
        return new Probe(p.toString(), String.valueOf(p.toMove().letter()), p.seeds(), v, ms, bs,
                result == null ? null : result(result));
    }

    /** One ply of a principal line. */
    public record PvPly(String move, int captured) {
    }

    /** The object of {@code pv --json}. */
    public record Pv(String position, int value, List<PvPly> line, String end, boolean converts, Result result) {
    }

    /**
     * The object of {@code pv --json}: {@code position, value, line: [{move, captured}...], end,
     * converts, result}.
     */
    public static Pv pv(Line line) {
        List<PvPly> plies = new ArrayList<>(line.plies().size());
        for (Ply ply : line.plies()) {
            plies.add(new PvPly(String.valueOf(ply.move()), ply.captured()));
        }
        return new Pv(line.start().toString(), line.value(), plies, line.end().id(), line.converts(),
                result(line.result()));
    }
}
