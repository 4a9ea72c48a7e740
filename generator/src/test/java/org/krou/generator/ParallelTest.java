package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Failures in worker threads reach the caller (which reports them), and nothing is printed. */
class ParallelTest {
    @Test
    void everyChunkRunsOnce() {
        AtomicLong sum = new AtomicLong();
        Parallel.forChunks(3, 100_000, 777, (w, from, to) -> {
            for (long i = from; i < to; i++) {
                sum.addAndGet(i);
            }
        });
        assertEquals(100_000L * 99_999 / 2, sum.get());
    }

    @Test
    void errorsAndExceptionsOfWorkersAreRethrownInTheCallerWithoutAStackTrace() {
        PrintStream old = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
            OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
            assertSame(oom, assertThrows(OutOfMemoryError.class, () -> Parallel.forChunks(2, 1_000, 10,
                    (w, from, to) -> {
                        if (from == 500) {
                            throw oom;
                        }
                    })));
            IllegalStateException ise = new IllegalStateException("layer 9 cannot be read");
            assertSame(ise, assertThrows(IllegalStateException.class, () -> Parallel.forChunks(2, 1_000, 10,
                    (w, from, to) -> {
                        throw ise;
                    })));
        } finally {
            System.setErr(old);
        }
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
    }
}
