package org.krou.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * thing in the same words. Jackson trees, fields in the order they are put, written compact.
 */
public final class ProbeJson {
    /** Loaded with the first JSON output only, so that text commands do not pay for Jackson. */
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ProbeJson() {
    }

    /** A new empty object. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** The mapper used to read and write (configured once, thread-safe). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** One line of compact JSON. */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            // a tree of strings and numbers always serialises
            throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code {"error": message}}. */
    public static ObjectNode error(String message) {
        return object().put("error", message);
    }

    /** {@code {"south": 25.0, "north": 23.0, "outcome": "south-wins"}}: final seeds, halves exact. */
    public static ObjectNode result(FinalResult r) {
        ObjectNode o = object();
        o.put("south", r.south());
        o.put("north", r.north());
        o.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        return o;
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
     * The object of {@code probe --json}: {@code position, toMove, seeds, value, moves, best} and,
     * with captures, {@code result}.
     *
     * @param extras per move (same order as {@code moves}), what the HTTP API adds to each:
     *               {@code distance} (where known) and {@code position} after it; null for the
     *               command's form
     */
    public static ObjectNode probe(Position p, int v, List<MoveValue> moves, List<Character> best,
                                   FinalResult result, List<MoveExtra> extras) {
        ObjectNode o = object();
        o.put("position", p.toString());
        o.put("toMove", String.valueOf(p.toMove().letter()));
        o.put("seeds", p.seeds());
        o.put("value", v);
        ArrayNode ms = o.putArray("moves");
        for (int i = 0; i < moves.size(); i++) {
            MoveValue m = moves.get(i);
            ObjectNode mo = ms.addObject().put("move", String.valueOf(m.move())).put("captured", m.captured())
                    .put("value", m.value());
            if (extras != null) {
                MoveExtra x = extras.get(i);
                if (x.distance() >= 0) {
                    mo.put("distance", x.distance());
                }
                mo.put("position", x.after().toString());
            }
        }
        ArrayNode bs = o.putArray("best");
        for (char c : best) {
            bs.add(String.valueOf(c));
        }
        if (result != null) {
            o.set("result", result(result));
        }
        return o;
    }

    /**
     * The object of {@code pv --json}: {@code position, value, line: [{move, captured}...], end,
     * converts, result}.
     */
    public static ObjectNode pv(Line line) {
        ObjectNode o = object();
        o.put("position", line.start().toString());
        o.put("value", line.value());
        ArrayNode plies = o.putArray("line");
        for (Ply ply : line.plies()) {
            plies.addObject().put("move", String.valueOf(ply.move())).put("captured", ply.captured());
        }
        o.put("end", line.end().id());
        o.put("converts", line.converts());
        o.set("result", result(line.result()));
        return o;
    }
}
