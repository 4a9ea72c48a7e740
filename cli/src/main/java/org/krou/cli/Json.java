package org.krou.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.krou.probe.FinalResult;

/** The JSON output of the {@code krou} command (Jackson trees: fields in the order they are put). */
final class Json {
    /** Loaded with the first JSON output only, so that text commands do not pay for Jackson. */
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    /** A new empty object. */
    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** One line of compact JSON. */
    static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            // a tree of strings and numbers always serialises
            throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code {"south": 25.0, "north": 23.0, "outcome": "south-wins"}}: final seeds, halves exact. */
    static ObjectNode result(FinalResult r) {
        ObjectNode o = object();
        o.put("south", r.south());
        o.put("north", r.north());
        o.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        return o;
    }
}
