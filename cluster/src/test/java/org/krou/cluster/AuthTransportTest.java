package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.rules.Variant;

/**
 * {@link AuthTransport} over the in-memory transport: only holders of the secret become members;
 * a tampered message, a forged sender, a replay (of this handshake or an earlier one) and a
 * message from a member that never proved the secret are dropped while good messages pass; a
 * cluster run through it writes the single machine's tables.
 */
class AuthTransportTest {
    private static final ClusterSecret SECRET = secret("correct horse battery staple");
    private static final ClusterSecret OTHER = secret("another secret, as long or longer");

    @TempDir
    Path dir;

    static ClusterSecret secret(String s) {
        return ClusterSecret.of(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void onlyHoldersOfTheSecretAreMembersInTheUnderlyingOrder() throws Exception {
        try (LocalTransport.Hub hub = LocalTransport.hub(200); Closer all = new Closer()) {
            AuthTransport a = all.add(new AuthTransport(hub.join(), SECRET));
            AuthTransport stranger = all.add(new AuthTransport(hub.join(), OTHER));
            LocalTransport raw = hub.join(); // no handshake at all
            AuthTransport b = all.add(new AuthTransport(hub.join(), SECRET));
            AuthTransport c = all.add(new AuthTransport(hub.join(), SECRET));
            List<String> want = List.of(a.self(), b.self(), c.self());
            await(() -> a.members().equals(want) && b.members().equals(want) && c.members().equals(want), 20_000,
                    () -> "members " + want + " wanted; a sees " + a.members() + ", b " + b.members() + ", c "
                            + c.members() + " (the stranger is " + stranger.self() + ")");
            Thread.sleep(300); // more handshake rounds: the others stay out
            for (AuthTransport t : List.of(a, b, c)) {
                assertEquals(want, t.members(), "members seen by " + t.self());
            }
            assertEquals(List.of(stranger.self()), stranger.members());
            assertTrue(a.rejected() > 0, "the stranger's proofs were refused");
            raw.close();
        }
    }

    @Test
    void tamperedForgedReplayedAndUnauthenticatedMessagesAreDropped() throws Exception {
        try (LocalTransport.Hub hub = LocalTransport.hub(); Closer all = new Closer()) {
            Tap aNet = new Tap(hub.join());
            AuthTransport a = all.add(new AuthTransport(aNet, SECRET));
            Inbox bIn = new Inbox();
            AuthTransport b = all.add(new AuthTransport(hub.join(), SECRET));
            b.listen(bIn);
            Tap cNet = new Tap(hub.join());
            AuthTransport c = all.add(new AuthTransport(cNet, SECRET));
            LocalTransport raw = hub.join();
            await(() -> b.members().size() == 3 && a.members().size() == 3 && c.members().size() == 3);
            long before = b.rejected();

            a.send(b.self(), bytes("good 1"));
            bIn.await(1);
            byte[] sealed = aNet.lastTo(b.self());
            assertEquals(AuthTransport.DATA_HEADER + 6, sealed.length);

            byte[] tampered = sealed.clone();
            tampered[tampered.length - 1] ^= 1; // "good 1" becomes "good 0"
            aNet.raw(b.self(), tampered);
            byte[] counter = sealed.clone();
            counter[8] ^= 2; // another counter, the same tag
            aNet.raw(b.self(), counter);
            cNet.raw(b.self(), sealed); // a's message, sent by c: the tag binds the sender
            aNet.raw(b.self(), sealed); // replayed at once
            raw.send(b.self(), sealed); // from a member that never proved the secret
            byte[] made = new byte[AuthTransport.DATA_HEADER + 4];
            made[0] = AuthTransport.DATA;
            made[8] = 1;
            raw.send(b.self(), made);
            awaitRejected(b, before + 6);

            for (int i = 2; i <= 10; i++) {
                a.send(b.self(), bytes("good " + i));
            }
            bIn.await(10);
            aNet.raw(b.self(), sealed); // replayed after newer ones were seen
            awaitRejected(b, before + 7);
            a.send(b.self(), bytes("good 11"));
            bIn.await(11);
            Thread.sleep(100);
            List<String> got = bIn.texts();
            assertEquals(11, got.size(), got.toString());
            for (int i = 1; i <= 11; i++) {
                assertTrue(got.contains("good " + i), got.toString());
            }
            assertTrue(bIn.from.stream().allMatch(a.self()::equals), "every message from a: " + bIn.from);
        }
    }

    /**
     * A message recorded under an earlier handshake (the members of another job, here with the
     * very same ids) fails its tag: the tag's key binds both members' nonces.
     */
    @Test
    void aMessageOfAnEarlierHandshakeIsDropped() throws Exception {
        List<byte[]> recorded = new ArrayList<>();
        try (LocalTransport.Hub hub = LocalTransport.hub(); Closer all = new Closer()) {
            Tap aNet = new Tap(hub.join());
            AuthTransport a = all.add(new AuthTransport(aNet, SECRET));
            Inbox in = new Inbox();
            AuthTransport b = all.add(new AuthTransport(hub.join(), SECRET));
            b.listen(in);
            await(() -> a.members().size() == 2 && b.members().size() == 2);
            for (int i = 1; i <= 5; i++) {
                a.send(b.self(), bytes("job 1 message " + i));
            }
            in.await(5);
            recorded.addAll(aNet.allTo(b.self()));
        }
        try (LocalTransport.Hub hub = LocalTransport.hub(); Closer all = new Closer()) {
            Tap aNet = new Tap(hub.join());
            AuthTransport a = all.add(new AuthTransport(aNet, SECRET));
            Inbox in = new Inbox();
            AuthTransport b = all.add(new AuthTransport(hub.join(), SECRET));
            b.listen(in);
            await(() -> a.members().size() == 2 && b.members().size() == 2);
            long before = b.rejected();
            for (byte[] m : recorded) {
                aNet.raw(b.self(), m); // same ids (m0 to m1), counters 1..5 never seen in this job
            }
            awaitRejected(b, before + recorded.size());
            a.send(b.self(), bytes("job 2"));
            in.await(1);
            Thread.sleep(100);
            assertEquals(List.of("job 2"), in.texts());
        }
    }

    @Test
    void lossesAreReportedForMembersOnly() throws Exception {
        try (LocalTransport.Hub hub = LocalTransport.hub(); Closer all = new Closer()) {
            AuthTransport a = all.add(new AuthTransport(hub.join(), SECRET));
            Inbox in = new Inbox();
            a.listen(in);
            AuthTransport b = all.add(new AuthTransport(hub.join(), SECRET));
            AuthTransport stranger = all.add(new AuthTransport(hub.join(), OTHER));
            LocalTransport raw = hub.join();
            await(() -> a.members().size() == 2);
            stranger.close();
            raw.close();
            b.close();
            await(() -> !in.lost.isEmpty());
            Thread.sleep(200);
            assertEquals(List.of(b.self()), in.lost);
            assertEquals(List.of(a.self()), a.members());
        }
    }

    /** A coordinator and two workers through AuthTransport, deliveries reordered: the single machine's tables. */
    @Test
    void aClusterThroughAuthTransportWritesTheSingleMachineTables() throws Exception {
        Variant variant = Variant.ABAPA;
        int max = 10;
        Path reference = Tables.reference(variant, max);
        try (LocalTransport.Hub hub = LocalTransport.hub(300); Closer all = new Closer()) {
            AuthTransport coordinator = all.add(new AuthTransport(hub.join(), SECRET));
            List<AuthTransport> members = new ArrayList<>();
            List<ClusterWorker> started = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                AuthTransport t = all.add(new AuthTransport(hub.join(), SECRET));
                members.add(t);
                started.add(ClusterWorker.start(t, 2, dir.resolve("worker-" + i)));
            }
            await(() -> coordinator.members().size() == 3);
            List<ClusterGenerator.LayerReport> reports = new ClusterGenerator(coordinator,
                    new Coordinator.Options(1536, 16, 4)).run(variant, dir.resolve("coordinator"), max, 1, r -> { });
            started.forEach(ClusterWorker::close);
            Tables.assertSame(variant, reference, dir.resolve("coordinator"), max);
            assertTrue(reports.stream().mapToLong(ClusterGenerator.LayerReport::batches).sum() > 500, "batches");
            assertEquals(0, coordinator.rejected() + members.get(0).rejected() + members.get(1).rejected(),
                    "nothing dropped between members that hold the secret");
        }
    }

    /** Closes the transports of a test (their handshake threads) before its hub. */
    private static final class Closer implements AutoCloseable {
        private final List<AuthTransport> open = new CopyOnWriteArrayList<>();

        AuthTransport add(AuthTransport t) {
            open.add(t);
            return t;
        }

        @Override
        public void close() {
            open.forEach(AuthTransport::close);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static void await(BooleanSupplier condition) throws InterruptedException {
        await(condition, 20_000, () -> "condition not met within 20 s");
    }

    static void await(BooleanSupplier condition, long millis, Supplier<String> why) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (!condition.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < end, why);
            Thread.sleep(10);
        }
    }

    /** Waits until {@code t} dropped {@code n} messages in all, and checks it drops no more. */
    private static void awaitRejected(AuthTransport t, long n) throws InterruptedException {
        await(() -> t.rejected() >= n, 5_000, () -> t.self() + " dropped " + t.rejected() + " messages, not " + n);
        Thread.sleep(50);
        assertEquals(n, t.rejected(), "messages dropped");
    }

    /** What a member received. */
    private static final class Inbox implements Transport.Listener {
        final List<String> from = new CopyOnWriteArrayList<>();
        final List<byte[]> messages = new CopyOnWriteArrayList<>();
        final List<String> lost = new CopyOnWriteArrayList<>();

        @Override
        public void received(String sender, byte[] message) {
            from.add(sender);
            messages.add(message);
        }

        @Override
        public void memberLost(String member) {
            lost.add(member);
        }

        void await(int n) throws InterruptedException {
            AuthTransportTest.await(() -> messages.size() >= n);
        }

        List<String> texts() {
            return messages.stream().map(m -> new String(m, StandardCharsets.UTF_8)).toList();
        }
    }

    /** The network under one member: records the frames it sends, and sends raw frames as that member. */
    private static final class Tap implements Transport {
        private final Transport t;
        private final List<String[]> to = new CopyOnWriteArrayList<>();
        private final List<byte[]> frames = new CopyOnWriteArrayList<>();

        Tap(Transport t) {
            this.t = t;
        }

        /** The data frames sent to {@code member}, in order. */
        List<byte[]> allTo(String member) {
            List<byte[]> out = new ArrayList<>();
            for (int i = 0; i < frames.size(); i++) {
                if (to.get(i)[0].equals(member) && frames.get(i)[0] == AuthTransport.DATA) {
                    out.add(frames.get(i));
                }
            }
            return out;
        }

        byte[] lastTo(String member) {
            List<byte[]> all = allTo(member);
            return all.get(all.size() - 1);
        }

        void raw(String member, byte[] frame) {
            t.send(member, frame);
        }

        @Override
        public String self() {
            return t.self();
        }

        @Override
        public List<String> members() {
            return t.members();
        }

        @Override
        public synchronized void send(String member, byte[] message) {
            to.add(new String[] {member});
            frames.add(message);
            t.send(member, message);
        }

        @Override
        public void listen(Listener l) {
            t.listen(l);
        }

        @Override
        public void close() {
            t.close();
        }
    }

    @Test
    void labelsKeepTheirPartsApart() {
        assertFalse(Arrays.equals(AuthTransport.label("data", "m0", "m1"), AuthTransport.label("data", "m0m", "1")),
                "the ids m0, m1 and m0m, 1 give other labels");
    }
}
