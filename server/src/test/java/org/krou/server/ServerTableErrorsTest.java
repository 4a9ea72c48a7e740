package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.probe.PerfectPlay;
import org.krou.rules.Variant;
import org.krou.table.TableFormat;
import org.krou.table.TablePaths;

/**
 * When the tables cannot answer (a position outside their coverage, a damaged table) the client
 * is told so without any file path: not the data directory's, not a table's. A probe ({@code GET})
 * and a batch line say the same words.
 */
class ServerTableErrorsTest {
    /** A 48-seed board: beyond every table of the tests. */
    private static final String FULL = "4 4 4 4 4 4 / 4 4 4 4 4 4 S";
    /** A 10-seed board, answered from the largest abapa table. */
    private static final String TEN = "1 1 1 1 1 0 / 1 1 1 1 1 0 S";

    @TempDir
    Path copy;

    /** The message of a GET's JSON error after checking its status. */
    private static String getError(TestServer.Running srv, String path, int status) throws Exception {
        HttpResponse<String> r = TestServer.get(srv.uri(path));
        assertEquals(status, r.statusCode(), path + ": " + r.body());
        return ProbeJson.mapper().readTree(r.body()).get("error").asText();
    }

    /** The batch's answer to one line, without its {@code error: } prefix (checked). */
    private static String batchError(TestServer.Running srv, String line) throws Exception {
        HttpResponse<String> r = TestServer.send("POST", srv.uri("/api/v1/abapa/batch"), line + "\n");
        assertEquals(200, r.statusCode(), r.body());
        String answer = r.body().strip();
        assertTrue(answer.startsWith("error: "), answer);
        return answer.substring("error: ".length());
    }

    private static void assertNoPath(String message, Path dir) {
        for (String leak : List.of(dir.toString(), dir.getFileName().toString(), "/tmp", TablePaths.EXTENSION)) {
            assertFalse(message.contains(leak), "'" + leak + "' in: " + message);
        }
    }

    @Test
    void aPositionOutsideTheCoverageIsRefusedAlikeAndWithoutAPath() throws Exception {
        try (TestServer.Running srv = TestServer.start(ServerLimits.DEFAULT)) {
            String get = getError(srv, "/api/v1/abapa?position=" + TestServer.q(FULL), 422);
            String pv = getError(srv, "/api/v1/abapa/pv?position=" + TestServer.q(FULL), 422);
            String batch = batchError(srv, FULL);
            assertEquals("the position has 48 seeds on the board; the abapa tables here cover 0.."
                    + TestServer.ABAPA_MAX + " seeds", get);
            assertEquals(get, pv);
            assertEquals(get, batch, "the batch says what a probe says");
            assertNoPath(batch, TestServer.tables());
        }
    }

    @Test
    void aDamagedTableIsA500WithoutAPathAndTheBatchSaysTheSame() throws Exception {
        copyTables(TestServer.tables(), copy);
        damageEveryBlock(TablePaths.valuesPath(copy, Variant.ABAPA, TestServer.ABAPA_MAX));
        Catalog catalog = Catalog.open(copy, 16L << 20, PerfectPlay.DEFAULT_SEARCH_NODES); // headers are intact
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (TestServer.Running srv = new TestServer.Running(catalog,
                KrouServer.start(catalog, "127.0.0.1", 0, ServerLimits.DEFAULT, log::add), log)) {
            String get = getError(srv, "/api/v1/abapa?position=" + TestServer.q(TEN), 500);
            String pv = getError(srv, "/api/v1/abapa/pv?position=" + TestServer.q(TEN), 500);
            String batch = batchError(srv, TEN);
            assertTrue(get.contains("damaged") && get.contains("krou verify"), get);
            assertEquals(get, pv);
            assertEquals(get, batch, "the batch says what a probe says");
            assertNoPath(get, copy);
            // a smaller board is still answered
            assertEquals(200, TestServer.get(srv.uri("/api/v1/abapa?position="
                    + TestServer.q("1 0 0 0 0 0 / 1 0 0 0 0 0 S"))).statusCode());
        }
    }

    private static void copyTables(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
    }

    /** Flips a bit in every byte between the model and the block index: each block's checksum fails. */
    private static void damageEveryBlock(Path table) throws Exception {
        byte[] f = Files.readAllBytes(table);
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        long index = b.getLong(48);
        long first = TableFormat.HEADER_LENGTH + (long) b.getInt(68);
        assertTrue(first < index, "blocks between " + first + " and " + index);
        for (long i = first; i < index; i++) {
            f[(int) i] ^= 0x04;
        }
        Files.write(table, f);
    }
}
