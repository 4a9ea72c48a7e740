package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The outbox against its documented batch format, decoded here by hand: every update sent by
 * several threads at once arrives exactly once, for its destination and threshold, in batches
 * of increasing ranks; no destination has more than the window in flight; the counters are
 * what crossed the transport.
 */
class OutboxTest {
    private static final int WORKERS = 3;
    private static final int BATCH = 7;
    private static final int WINDOW = 2;

    /** A transport that records what is sent and never delivers. */
    private static final class Recorder implements Transport {
        final List<String> to = Collections.synchronizedList(new ArrayList<>());
        final List<byte[]> messages = Collections.synchronizedList(new ArrayList<>());

        @Override
        public String self() {
            return "w0";
        }

        @Override
        public List<String> members() {
            return List.of("w0", "w1", "w2");
        }

        @Override
        public void send(String member, byte[] message) {
            synchronized (this) {
                to.add(member);
                messages.add(message);
            }
        }

        @Override
        public void listen(Listener listener) {
        }

        @Override
        public void close() {
        }
    }

    /** One decoded update: destination, threshold, rank, kind. */
    private record Update(String to, long t, long rank, boolean lower) {
    }

    /** Decodes a batch as Outbox's Javadoc states it: type, epoch, level, then (delta << 1 | lower) varints. */
    private static List<Update> decode(String to, byte[] m, long epoch) {
        int[] at = {0};
        assertEquals(Wire.UPDATES, m[at[0]++]);
        assertEquals(epoch, varint(m, at));
        long t = varint(m, at);
        List<Update> out = new ArrayList<>();
        long rank = 0;
        while (at[0] < m.length) {
            long x = varint(m, at);
            rank += x >>> 1;
            out.add(new Update(to, t, rank, (x & 1) != 0));
        }
        return out;
    }

    /** LEB128, seven bits a byte, least significant first. */
    private static long varint(byte[] m, int[] at) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = m[at[0]++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
    }

    @Test
    void everyUpdateArrivesOnceInSortedBatchesWithinTheWindow() throws Exception {
        Recorder r = new Recorder();
        String[] ids = {"w0", "w1", "w2"};
        Outbox out = new Outbox(r, ids, 42, BATCH, WINDOW);
        int threads = 4;
        int perThread = 5000;
        Map<Update, Integer> expected = new HashMap<>();
        List<List<Update>> work = new ArrayList<>();
        for (int k = 0; k < threads; k++) {
            SplittableRandom rnd = new SplittableRandom(7 + k);
            List<Update> mine = new ArrayList<>();
            for (int i = 0; i < perThread; i++) {
                int dest = 1 + rnd.nextInt(WORKERS - 1);
                // distinct ranks a thread, so that an update lost or doubled shows in the counts
                Update u = new Update(ids[dest], 3 + i / 2000, (long) i * threads + k + (1L << 40), rnd.nextBoolean());
                mine.add(u);
                expected.merge(u, 1, Integer::sum);
            }
            work.add(mine);
        }
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (List<Update> mine : work) {
            Thread t = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (Update u : mine) {
                    out.add(List.of(ids).indexOf(u.to()), u.rank(), u.lower(), (int) u.t());
                }
            });
            ts.add(t);
            t.start();
        }
        go.countDown();
        for (Thread t : ts) {
            t.join();
        }
        out.flushAll();

        // the window: nothing acknowledged yet, so at most WINDOW batches went to each destination
        Map<String, Integer> perDest = new HashMap<>();
        for (String to : r.to) {
            perDest.merge(to, 1, Integer::sum);
        }
        for (int d = 1; d < WORKERS; d++) {
            assertEquals(WINDOW, perDest.get(ids[d]), "batches in flight to " + ids[d]);
        }
        assertTrue(out.backlog() > 0);
        assertFalse(out.empty(), "batches are queued");

        // acknowledge until every queued batch has gone
        for (int round = 0; round < 100_000 && !out.empty(); round++) {
            for (int d = 1; d < WORKERS; d++) {
                out.acked(d, 1);
            }
        }
        assertTrue(out.empty());
        assertEquals(0, out.backlog());

        Map<Update, Integer> got = new HashMap<>();
        long bytes = 0;
        for (int i = 0; i < r.messages.size(); i++) {
            byte[] m = r.messages.get(i);
            bytes += m.length;
            List<Update> batch = decode(r.to.get(i), m, 42);
            assertTrue(batch.size() >= 1 && batch.size() <= BATCH, "batch of " + batch.size());
            for (int j = 1; j < batch.size(); j++) {
                assertTrue(batch.get(j).rank() > batch.get(j - 1).rank(), "ranks increase in a batch");
            }
            for (Update u : batch) {
                got.merge(u, 1, Integer::sum);
            }
        }
        assertEquals(expected, got);
        assertEquals(r.messages.size(), out.sent());
        assertEquals((long) threads * perThread, out.updates());
        assertEquals(bytes, out.bytes());
    }

    @Test
    void aNewThresholdClosesTheOpenBatch() {
        Recorder r = new Recorder();
        Outbox out = new Outbox(r, new String[] {"w0", "w1"}, 5, 100, 10);
        out.add(1, 9, false, 4);
        out.add(1, 3, true, 4);
        out.add(1, 6, false, 3);
        out.flushAll();
        assertEquals(2, r.messages.size());
        assertEquals(List.of(new Update("w1", 4, 3, true), new Update("w1", 4, 9, false)), decode("w1", r.messages.get(0), 5));
        assertEquals(List.of(new Update("w1", 3, 6, false)), decode("w1", r.messages.get(1), 5));
        // the first batch: type, epoch 5, level 4, rank 3 as (3 << 1 | 1) = 7, then (9 - 3) << 1 = 12
        assertEquals(List.of((byte) Wire.UPDATES, (byte) 5, (byte) 4, (byte) 7, (byte) 12), bytes(r.messages.get(0)));
    }

    private static List<Byte> bytes(byte[] b) {
        List<Byte> l = new ArrayList<>();
        for (byte x : b) {
            l.add(x);
        }
        return l;
    }
}
