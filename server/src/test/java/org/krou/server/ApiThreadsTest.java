package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Which requests leave the selector thread that read them: every probe (it may decode a block or
 * fault a page of a mapped table in) and every principal line; the coverage, the health check, the
 * explorer's files and a batch's body (read as it arrives, then probed on the pool) stay.
 */
class ApiThreadsTest {
    @Test
    void probesAndLinesRunOnThePoolTheRestOnTheSelector() {
        for (String path : new String[] {"/api/v1/abapa", "/api/v1/awari", "/api/v1/abapa/pv", "/api/v1/nosuch",
                "/api/v1/abapa/extra/pv"}) {
            assertEquals(true, Api.mayBlock(path), path);
        }
        for (String path : new String[] {"/api/v1/info", "/api/v1/abapa/batch", "/health", "/", "/app.js",
                "/api/v2/abapa"}) {
            assertEquals(false, Api.mayBlock(path), path);
        }
    }
}
