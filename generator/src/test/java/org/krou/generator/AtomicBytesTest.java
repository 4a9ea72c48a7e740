package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.krou.util.ByteBigArray;

/** {@link AtomicBytes}: a compare-and-set wins only on the expected byte, and no update is lost under contention. */
class AtomicBytesTest {
    @Test
    void compareAndSetWritesOnlyOverTheExpectedByte() {
        AtomicBytes a = new AtomicBytes(16);
        ByteBigArray view = a.bytes();
        assertEquals(16, view.length());
        assertTrue(a.compareAndSet(3, (byte) 0, (byte) 9));
        assertEquals(9, view.get(3));
        assertFalse(a.compareAndSet(3, (byte) 0, (byte) 7), "expected value no longer there");
        assertEquals(9, a.get(3));
        assertTrue(a.compareAndSet(3, (byte) 9, (byte) -1));
        assertEquals(-1, view.get(3));
        view.set(4, (byte) 5); // the view's writes are the same memory
        assertFalse(a.compareAndSet(4, (byte) 0, (byte) 1));
        assertTrue(a.compareAndSet(4, (byte) 5, (byte) 6));
        assertEquals(0, view.get(2), "neighbours untouched");
        assertEquals(6, view.get(4));
    }

    /** Four threads add 1 to the same four bytes by compare-and-set loops: every addition counts. */
    @Test
    void noUpdateIsLostUnderContention() throws InterruptedException {
        AtomicBytes a = new AtomicBytes(64);
        int threads = 4;
        int rounds = 40_003;
        int cells = 4;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int r = 0; r < rounds; r++) {
                    for (int cell = 0; cell < cells; cell++) {
                        byte v;
                        do {
                            v = a.get(cell);
                        } while (!a.compareAndSet(cell, v, (byte) (v + 1)));
                    }
                }
            });
            ts.add(th);
            th.start();
        }
        go.countDown();
        for (Thread th : ts) {
            th.join();
        }
        for (int i = 0; i < 64; i++) {
            byte expected = (byte) (i < cells ? threads * rounds : 0); // 160,012 wraps as a byte to 12
            assertEquals(expected, a.bytes().get(i), "cell " + i + ": lost or stray updates");
        }
    }
}
