package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/openapi.yaml} against the real routes: every documented path and method answers
 * 200 with the documented shape for the documented examples, every other method is refused
 * with 405, and a path next to a documented one is a 404.
 */
class ServerOpenApiTest {
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH");

    @Test
    void theSpecificationDescribesTheRealRoutes() throws Exception {
        JsonNode spec = new ObjectMapper(new YAMLFactory()).readTree(Path.of("..", "docs", "openapi.yaml").toFile());
        assertTrue(spec.get("openapi").asText().startsWith("3."), "an OpenAPI 3 document");
        List<String> checked = new ArrayList<>();
        try (TestServer.Running srv = TestServer.start(ServerLimits.DEFAULT)) {
            for (Map.Entry<String, JsonNode> e : spec.get("paths").properties()) {
                for (String method : METHODS) {
                    JsonNode op = e.getValue().get(method.toLowerCase(java.util.Locale.ROOT));
                    String url = url(spec, e.getKey(), op != null ? op : firstOperation(e.getValue()));
                    String body = op == null ? null : example(op);
                    HttpResponse<String> r = TestServer.send(method, srv.uri(url), body);
                    if (op == null) {
                        assertEquals(405, r.statusCode(), method + " " + url + ": " + r.body());
                        continue;
                    }
                    assertEquals(200, r.statusCode(), method + " " + url + ": " + r.body());
                    JsonNode ok = op.get("responses").get("200").get("content");
                    String type = ok.fieldNames().next();
                    assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith(type), url);
                    if (type.equals("application/json")) {
                        conforms(spec, ok.get(type).get("schema"), ProbeJson.mapper().readTree(r.body()), url);
                    } else {
                        assertEquals(ok.get(type).get("example").asText(), r.body(), url);
                    }
                    checked.add(method + " " + e.getKey());
                }
                HttpResponse<String> next = TestServer.get(srv.uri(e.getKey().replace("{variant}", "abapa") + "/x/y"));
                assertEquals(404, next.statusCode(), e.getKey() + "/x/y");
            }
        }
        assertEquals(List.of("GET /health", "GET /api/v1/info", "GET /api/v1/{variant}", "GET /api/v1/{variant}/pv",
                "POST /api/v1/{variant}/batch"), checked);
    }

    private static JsonNode firstOperation(JsonNode path) {
        return path.elements().next();
    }

    /** The path with its examples filled in. */
    private static String url(JsonNode spec, String path, JsonNode op) {
        StringBuilder query = new StringBuilder();
        String p = path;
        JsonNode params = op.get("parameters");
        if (params != null) {
            for (JsonNode param : params) {
                JsonNode d = resolve(spec, param);
                String name = d.get("name").asText();
                if (d.get("in").asText().equals("path")) {
                    p = p.replace("{" + name + "}", d.get("schema").get("example").asText());
                } else if (d.has("example")) {
                    query.append(query.length() == 0 ? "?" : "&").append(name).append('=')
                            .append(TestServer.q(d.get("example").asText()));
                }
            }
        }
        return p + query;
    }

    private static String example(JsonNode op) {
        JsonNode body = op.get("requestBody");
        return body == null ? null : body.get("content").elements().next().get("example").asText();
    }

    private static JsonNode resolve(JsonNode spec, JsonNode node) {
        JsonNode n = node;
        while (n.has("$ref")) {
            String[] parts = n.get("$ref").asText().substring(2).split("/");
            n = spec;
            for (String part : parts) {
                n = n.get(part);
            }
        }
        return n;
    }

    /** Checks {@code value} against {@code schema}: types, required fields, enums, recursively. */
    private static void conforms(JsonNode spec, JsonNode schemaNode, JsonNode value, String where) {
        JsonNode schema = resolve(spec, schemaNode);
        if (value.isNull()) {
            assertTrue(schema.path("nullable").asBoolean(), where + " is null");
            return;
        }
        String type = schema.path("type").asText();
        switch (type) {
            case "object" -> {
                assertTrue(value.isObject(), where + " is an object");
                for (JsonNode r : schema.path("required")) {
                    assertTrue(value.has(r.asText()), where + " has " + r.asText());
                }
                for (Iterator<String> it = value.fieldNames(); it.hasNext();) {
                    String f = it.next();
                    JsonNode prop = schema.path("properties").get(f);
                    if (prop == null) {
                        fail(where + "." + f + " is not documented");
                    }
                    conforms(spec, prop, value.get(f), where + "." + f);
                }
            }
            case "array" -> {
                assertTrue(value.isArray(), where + " is an array");
                value.forEach(v -> conforms(spec, schema.get("items"), v, where + "[]"));
            }
            case "integer" -> assertTrue(value.isIntegralNumber(), where + " is an integer: " + value);
            case "number" -> assertTrue(value.isNumber(), where + " is a number: " + value);
            case "boolean" -> assertTrue(value.isBoolean(), where + " is a boolean: " + value);
            case "string" -> {
                assertTrue(value.isTextual(), where + " is a string: " + value);
                if (schema.has("enum")) {
                    List<String> allowed = new ArrayList<>();
                    schema.get("enum").forEach(x -> allowed.add(x.asText()));
                    assertTrue(allowed.contains(value.asText()), where + " = " + value + " not in " + allowed);
                }
            }
            default -> assertFalse(true, where + ": schema without a type: " + schema);
        }
    }
}
