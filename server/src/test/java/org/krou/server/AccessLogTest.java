package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.util.component.LifeCycle;
import org.junit.jupiter.api.Test;

/** The access log on standard error: lines go out while it runs, and every line written before it stops is out after. */
class AccessLogTest {
    @Test
    void linesAreWrittenAsTheyComeAndAllOfThemBeforeItStops() throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        RequestLog.Writer log = new AccessLog();
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            LifeCycle.start(log); // takes standard error as it is now
            log.write("first");
            long until = System.nanoTime() + 5_000_000_000L;
            while (!captured.toString(StandardCharsets.UTF_8).equals("first" + System.lineSeparator())
                    && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertEquals("first" + System.lineSeparator(), captured.toString(StandardCharsets.UTF_8),
                    "a line is written while the log runs, not only when it stops");
            captured.reset();
            // the writing thread has gone back to looking every few ms: lines written now, and the
            // stop right after them, come while it waits
            for (int i = 0; i < 100; i++) {
                log.write("line " + i);
            }
            LifeCycle.stop(log);
        } finally {
            System.setErr(err);
        }
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(100, lines.size());
        assertEquals("line 0", lines.get(0));
        assertEquals("line 99", lines.get(99));
    }
}
