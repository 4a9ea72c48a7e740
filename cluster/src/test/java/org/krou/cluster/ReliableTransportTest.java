package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ReliableTransport} between two members over a pipe the test controls: it holds the
 * messages of member {@code a} to {@code b} (frames carrying a payload) and passes them on in
 * whatever order, as often, or never, as each test says; everything else (acknowledgements,
 * heartbeats, {@code b}'s messages) passes at once.
 */
class ReliableTransportTest {
    /** Resends after 40 ms, at most 160 ms apart; heartbeats every 50 ms; a member silent for 5 s lost. */
    private static final ReliableTransport.Options FAST = new ReliableTransport.Options(40, 160, 50, 5_000, 8, 1 << 20);

    /** As {@link #FAST}, a member silent for {@code millis} lost. */
    private static ReliableTransport.Options silence(long millis) {
        return new ReliableTransport.Options(40, 160, 50, millis, 8, 1 << 20);
    }
    private final List<ReliableTransport> opened = new ArrayList<>();

    @AfterEach
    void stop() {
        opened.forEach(ReliableTransport::stop);
    }

    @Test
    void aDuplicatedMessageIsDeliveredOnce() throws Exception {
        Pipe p = new Pipe(FAST);
        p.a.send("b", bytes(7));
        byte[] frame = p.held.poll(1, TimeUnit.SECONDS);
        p.pass(frame);
        p.pass(frame);
        p.pass(frame);
        assertEquals(List.of("7"), p.delivered(), "three copies, one delivery");
    }

    @Test
    void reorderedMessagesAreEachDeliveredOnceAsTheyArrive() throws Exception {
        Pipe p = new Pipe(FAST);
        for (int i = 1; i <= 4; i++) {
            p.a.send("b", bytes(i));
        }
        List<byte[]> frames = p.take(4);
        for (int i : new int[] {3, 0, 3, 2, 1, 0}) {
            p.pass(frames.get(i));
        }
        assertEquals(List.of("4", "1", "3", "2"), p.delivered(), "in the order they came, the copies dropped");
        assertTrue(p.awaitAcknowledged(0), "b acknowledged all four");
    }

    @Test
    void aLostMessageIsSentAgainUntilItArrives() throws Exception {
        Pipe p = new Pipe(FAST);
        p.a.send("b", bytes(5));
        p.take(1); // lost
        byte[] again = p.held.poll(2, TimeUnit.SECONDS);
        assertNotNull(again, "sent again after the resend timeout");
        p.take(1); // lost again: the next resend comes later still
        p.pass(p.held.poll(2, TimeUnit.SECONDS));
        assertEquals(List.of("5"), p.delivered());
        assertTrue(p.awaitAcknowledged(0), "acknowledged once it arrived");
    }

    @Test
    void theAcknowledgementNamesMessagesPastAGapSoOnlyTheMissingOneIsSentAgain() throws Exception {
        Pipe p = new Pipe(FAST);
        for (int i = 1; i <= 5; i++) {
            p.a.send("b", bytes(i));
        }
        List<byte[]> frames = p.take(5);
        for (int i : new int[] {0, 1, 3, 4}) {
            p.pass(frames.get(i)); // message 3 lost
        }
        assertTrue(p.awaitAcknowledged(1), "1, 2 acknowledged up to the gap, 4 and 5 past it");
        byte[] again = p.held.poll(2, TimeUnit.SECONDS);
        assertNotNull(again, "message 3 sent again");
        assertEquals("3", payload(again), "only the missing message is sent again");
        p.pass(again);
        assertTrue(p.awaitAcknowledged(0));
        assertEquals(List.of("1", "2", "4", "5", "3"), p.delivered());
        assertNull(p.held.poll(300, TimeUnit.MILLISECONDS), "nothing left to send again");
    }

    @Test
    void aMemberThatAnswersNothingIsReportedLostWithinTheBoundSayingWhatWaits() throws Exception {
        Pipe p = new Pipe(silence(1_000));
        p.muteB = true; // b's acknowledgements and heartbeats never arrive
        long t0 = System.nanoTime();
        p.a.send("b", new byte[] {Wire.UPDATES, 1});
        p.a.send("b", new byte[] {Wire.LOOKUP, 2});
        String reason = p.lostAtA.poll(5, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertNotNull(reason, "reported lost");
        assertTrue(seconds >= 1 && seconds < 3, "after the 1 s bound, not much later: " + seconds + " s");
        assertTrue(reason.contains("b: ") && reason.contains("2 messages unacknowledged (UPDATES 1, LOOKUP 1)"), reason);
        assertTrue(reason.contains("sent nothing") || reason.contains("acknowledged nothing"), reason);
    }

    @Test
    void aMemberThatOnlyComputesIsNotReportedLost() throws Exception {
        Pipe p = new Pipe(silence(1_500));
        p.a.send("b", bytes(1)); // b's application never answers: it computes
        p.pass(p.held.poll(1, TimeUnit.SECONDS));
        assertNull(p.lostAtA.poll(4_500, TimeUnit.MILLISECONDS),
                "b's transport acknowledges and sends heartbeats for 3 bounds");
        assertNull(p.lostAtB.poll(10, TimeUnit.MILLISECONDS), "and a's to b");
    }

    @Test
    void passingTheCapOfUnacknowledgedMessagesReportsTheMemberLost() throws Exception {
        Pipe p = new Pipe(FAST);
        for (int i = 0; i < 9; i++) {
            p.a.send("b", new byte[] {Wire.POLL, (byte) i});
        }
        String reason = p.lostAtA.poll(1, TimeUnit.SECONDS);
        assertNotNull(reason, "the ninth message is past the cap of 8");
        assertTrue(reason.contains("at the cap of 8 messages") && reason.contains("(POLL 8)"), reason);
    }

    @Test
    void aNewTransportOnTheSameMemberStartsAStreamOfItsOwn() throws Exception {
        Pipe p = new Pipe(FAST);
        p.a.send("b", bytes(1));
        p.pass(p.held.poll(1, TimeUnit.SECONDS));
        assertTrue(p.awaitAcknowledged(0));
        p.a.stop();
        p.held.clear(); // a resend of message 1 before the acknowledgement came
        ReliableTransport again = new ReliableTransport(p.rawA, FAST); // its numbers start at 1 again
        opened.add(again);
        again.send("b", bytes(2));
        p.pass(p.held.poll(1, TimeUnit.SECONDS));
        assertEquals(List.of("1", "2"), p.delivered(), "not taken for a copy of message 1");
    }

    @Test
    void aMessageThatArrivesBeforeAnyoneListensIsTakenWhenItComesAgain() throws Exception {
        Pipe p = new Pipe(FAST, false);
        p.a.send("b", bytes(9));
        p.pass(p.held.poll(1, TimeUnit.SECONDS)); // b has no listener yet: neither taken nor acknowledged
        p.b.listen(p.listener(p.received, p.lostAtB));
        p.pass(p.held.poll(2, TimeUnit.SECONDS));
        assertEquals(List.of("9"), p.delivered(), "delivered when sent again");
    }

    private static byte[] bytes(int i) {
        return Integer.toString(i).getBytes();
    }

    private static String payload(byte[] frame) {
        return new String(frame, 0, ReliableLink.parse(frame).payloadLength());
    }

    /** Members {@code a} and {@code b}, each a {@link ReliableTransport} over an end of the pipe. */
    private final class Pipe {
        final LinkedBlockingQueue<byte[]> held = new LinkedBlockingQueue<>();
        final List<String> received = new CopyOnWriteArrayList<>();
        final LinkedBlockingQueue<String> lostAtA = new LinkedBlockingQueue<>();
        final LinkedBlockingQueue<String> lostAtB = new LinkedBlockingQueue<>();
        final End rawA = new End("a");
        final End rawB = new End("b");
        volatile boolean muteB;
        final ReliableTransport a;
        final ReliableTransport b;

        Pipe(ReliableTransport.Options o) {
            this(o, true);
        }

        Pipe(ReliableTransport.Options o, boolean listenB) {
            a = new ReliableTransport(rawA, o);
            b = new ReliableTransport(rawB, o);
            opened.add(a);
            opened.add(b);
            a.listen(listener(null, lostAtA));
            if (listenB) {
                b.listen(listener(received, lostAtB));
            }
        }

        Transport.Listener listener(List<String> into, LinkedBlockingQueue<String> lost) {
            return new Transport.Listener() {
                @Override
                public void received(String from, byte[] message) {
                    if (into != null) {
                        into.add(new String(message));
                    }
                }

                @Override
                public void memberLost(String member) {
                    lost.add(member);
                }

                @Override
                public void memberLost(String member, String reason) {
                    lost.add(member + ": " + reason);
                }
            };
        }

        /** The next {@code n} messages held, in the order sent. */
        List<byte[]> take(int n) throws InterruptedException {
            List<byte[]> l = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                byte[] f = held.poll(1, TimeUnit.SECONDS);
                assertNotNull(f, "message " + i + " sent");
                l.add(f);
            }
            return l;
        }

        void pass(byte[] frame) {
            assertNotNull(frame, "a frame to pass");
            rawB.listener.received("a", frame);
        }

        List<String> delivered() {
            return Collections.unmodifiableList(received);
        }

        /** True once a has at most {@code n} messages unacknowledged to b (within a second). */
        boolean awaitAcknowledged(int n) throws InterruptedException {
            for (int i = 0; i < 100; i++) {
                if (a.unacknowledged("b") <= n) {
                    return a.unacknowledged("b") == n;
                }
                Thread.sleep(10);
            }
            return false;
        }

        /** An end of the pipe. */
        final class End implements Transport {
            final String id;
            volatile Listener listener;

            End(String id) {
                this.id = id;
            }

            @Override
            public String self() {
                return id;
            }

            @Override
            public List<String> members() {
                return List.of("a", "b");
            }

            @Override
            public void send(String member, byte[] frame) {
                if (id.equals("a") && ReliableLink.parse(frame).kind() == ReliableLink.DATA) {
                    held.add(frame);
                } else if (id.equals("b") && !muteB) {
                    rawA.listener.received("b", frame);
                } else if (id.equals("a")) {
                    rawB.listener.received("a", frame);
                }
            }

            @Override
            public void listen(Listener l) {
                listener = l;
            }

            @Override
            public void close() {
            }
        }
    }
}
