package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.generator.Generator;
import org.krou.generator.Progress;
import org.krou.generator.TableLayerStore;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Variant;

/**
 * Rule sets other than abapa and awari are served side by side, each under its id: a preset
 * ({@code lemery}) and a set of options named by its canonical string, which the URL carries as
 * it is or percent-encoded. Each answers from its own tables.
 */
class ServerRuleSetsTest {
    private static final int MAX = 12;

    @TempDir
    Path dir;

    @Test
    void everyRuleSetUnderTheDataDirectoryIsServedUnderItsId() throws Exception {
        Variant custom = Variant.parse("grand-slam=capture-give,cap=4");
        for (Variant v : List.of(custom, Variant.LEMERY)) {
            new Generator(v, 2, new TableLayerStore(dir, v, 2), Progress.NONE, false).run(MAX);
        }
        Files.createDirectories(dir.resolve("not-a-rule-set"));
        Catalog catalog = Catalog.open(dir, 16L << 20, PerfectPlay.DEFAULT_SEARCH_NODES);
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (TestServer.Running srv = new TestServer.Running(catalog,
                KrouServer.start(catalog, "127.0.0.1", 0, ServerLimits.DEFAULT, log::add), log)) {
            JsonNode info = ProbeJson.mapper().readTree(TestServer.get(srv.uri("/api/v1/info")).body());
            assertEquals(2, info.get("variants").size(), info.toString());
            assertEquals("lemery", info.get("variants").get(0).get("variant").asText(), "presets first");
            assertEquals(custom.id(), info.get("variants").get(1).get("variant").asText());
            // a position whose value differs between the two rule sets: f's six-pit chain
            Position p = Position.parse("0 0 0 0 0 6 / 1 1 1 1 1 1 S");
            for (Variant v : List.of(custom, Variant.LEMERY)) {
                int expected;
                try (Tablebase tb = Tablebase.open(dir, v)) {
                    expected = tb.value(p);
                }
                for (String id : List.of(v.id(), TestServer.q(v.id()))) {
                    HttpResponse<String> r = TestServer.get(srv.uri("/api/v1/" + id + "?position=" + TestServer.q(p.toString())));
                    assertEquals(200, r.statusCode(), id + ": " + r.body());
                    assertEquals(expected, ProbeJson.mapper().readTree(r.body()).get("value").asInt(), id);
                }
            }
            HttpResponse<String> r = TestServer.get(srv.uri("/api/v1/abapa?position=" + TestServer.q(p.toString())));
            assertEquals(404, r.statusCode());
            assertTrue(r.body().contains("no abapa tables on this server: served here: lemery (0..12 seeds), "
                    + custom.id()), r.body());
        }
    }
}
