package org.krou.server;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * thing in the same words. Jackson trees, fields in the order they are put, written compact; the
 * probe answer, which the HTTP API writes for every request, is written straight to bytes by a
 * streaming generator ({@link #probeBytes}), and its tree is read back from those bytes, so that
 * both forms come from one definition.
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
        o.put("outcome", outcome(r));
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
     * with captures, {@code result}; the tree of {@link #probeBytes}.
     *
     * @param extras per move (same order as {@code moves}), what the HTTP API adds to each:
     *               {@code distance} (where known) and {@code position} after it; null for the
     *               command's form
     */
    public static ObjectNode probe(Position p, int v, List<MoveValue> moves, List<Character> best,
                                   FinalResult result, List<MoveExtra> extras) {
        try {
            return (ObjectNode) MAPPER.readTree(probeBytes(p, v, moves, best, result, extras));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read back the JSON just written: " + e.getMessage(), e);
        }
    }

    /**
     * The object of {@link #probe} as one line of compact JSON in UTF-8, written without building
     * the tree: the fields, their order and their form are defined here only.
     */
    public static byte[] probeBytes(Position p, int v, List<MoveValue> moves, List<Character> best,
                                    FinalResult result, List<MoveExtra> extras) {
        ByteArrayBuilder bytes = new ByteArrayBuilder(256 + 96 * moves.size());
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(bytes, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("position", p.toString());
            g.writeStringField("toMove", String.valueOf(p.toMove().letter()));
            g.writeNumberField("seeds", p.seeds());
            g.writeNumberField("value", v);
            g.writeArrayFieldStart("moves");
            for (int i = 0; i < moves.size(); i++) {
                MoveValue m = moves.get(i);
                g.writeStartObject();
                g.writeStringField("move", String.valueOf(m.move()));
                g.writeNumberField("captured", m.captured());
                g.writeNumberField("value", m.value());
                if (extras != null) {
                    MoveExtra x = extras.get(i);
                    if (x.distance() >= 0) {
                        g.writeNumberField("distance", x.distance());
                    }
                    g.writeStringField("position", x.after().toString());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("best");
            for (char c : best) {
                g.writeString(String.valueOf(c));
            }
            g.writeEndArray();
            if (result != null) {
                g.writeObjectFieldStart("result");
                g.writeNumberField("south", result.south());
                g.writeNumberField("north", result.north());
                g.writeStringField("outcome", outcome(result));
                g.writeEndObject();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON to memory", e); // a byte array never fails
        }
        return bytes.toByteArray();
    }

    private static String outcome(FinalResult r) {
        return r.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-');
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
