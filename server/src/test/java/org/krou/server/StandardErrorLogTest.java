package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.util.component.LifeCycle;
import org.junit.jupiter.api.Test;

/** The access log on standard error: every line written before it stops is on standard error after. */
class StandardErrorLogTest {
    @Test
    void everyLineWrittenBeforeItStopsIsOnStandardError() throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        RequestLog.Writer log = KrouServer.standardErrorLog();
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            LifeCycle.start(log); // takes standard error as it is now
            for (int i = 0; i < 5_000; i++) {
                log.write("line " + i);
            }
            LifeCycle.stop(log);
        } finally {
            System.setErr(err);
        }
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(5_000, lines.size());
        assertEquals("line 0", lines.get(0));
        assertEquals("line 4999", lines.get(4_999));
    }
}
