package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.config.Config;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.krou.testkit.FreePorts;

/**
 * Embedded Hazelcast members on loopback: a member of another secret is refused at join (its
 * derived cluster name differs); one of the right secret joins; a process that learned the
 * derived name (it travels in clear) joins Hazelcast but never becomes a member of the
 * {@link AuthTransport}s, and nothing it sends is delivered.
 */
class HazelcastAuthTest {
    private static final ClusterSecret SECRET = AuthTransportTest.secret("correct horse battery staple");
    private static final ClusterSecret OTHER = AuthTransportTest.secret("another secret, as long or longer");

    @Test
    void onlyMembersOfTheSecretJoin() throws Exception {
        String name = "krou-test-" + System.nanoTime();
        List<String> addresses = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ports.add(FreePorts.next());
            addresses.add("127.0.0.1:" + ports.get(i));
        }
        List<HazelcastTransport> started = new ArrayList<>();
        try {
            HazelcastTransport a = start(SECRET.clusterName(name), ports.get(0), addresses, started);
            AuthTransport authA = new AuthTransport(a, SECRET);
            List<byte[]> delivered = new CopyOnWriteArrayList<>();
            authA.listen(new Transport.Listener() {
                @Override
                public void received(String from, byte[] message) {
                    delivered.add(message);
                }

                @Override
                public void memberLost(String member) {
                }
            });

            HazelcastTransport wrong = start(OTHER.clusterName(name), ports.get(1), addresses, started);
            assertEquals(1, a.instance().getCluster().getMembers().size(), "the member of another secret was refused");
            assertEquals(1, wrong.instance().getCluster().getMembers().size(), "it is alone in a cluster of its own");

            HazelcastTransport right = start(SECRET.clusterName(name), ports.get(2), addresses, started);
            AuthTransport authRight = new AuthTransport(right, SECRET);
            assertTrue(a.awaitMembers(2, 30_000), "the member of the same secret joined");
            AuthTransportTest.await(() -> authA.members().size() == 2 && authRight.members().size() == 2);

            // a process that learned the derived cluster name but not the secret
            HazelcastTransport eavesdropper = start(SECRET.clusterName(name), ports.get(3), addresses, started);
            assertTrue(a.awaitMembers(3, 30_000), "Hazelcast lets it in: the name is no secret on the wire");
            long before = authA.rejected();
            byte[] data = new byte[AuthTransport.DATA_HEADER + 8];
            data[0] = AuthTransport.DATA;
            data[8] = 1;
            eavesdropper.send(a.self(), data);
            eavesdropper.send(a.self(), new byte[] {AuthTransport.HELLO});
            AuthTransportTest.await(() -> authA.rejected() >= before + 2);
            Thread.sleep(500); // handshake rounds: it stays out
            List<String> want = new ArrayList<>(a.members());
            want.remove(eavesdropper.self());
            assertEquals(2, want.size());
            assertEquals(want, authA.members(), "members in Hazelcast's order, the eavesdropper left out");
            assertEquals(want, authRight.members());
            assertEquals(0, delivered.size(), "nothing from the eavesdropper delivered");

            authRight.send(a.self(), new byte[] {42});
            AuthTransportTest.await(() -> delivered.size() == 1);
            assertEquals(42, delivered.get(0)[0]);
            authA.close();
            authRight.close();
        } finally {
            for (HazelcastTransport t : started) {
                t.instance().getLifecycleService().terminate();
            }
        }
    }

    private static HazelcastTransport start(String clusterName, int port, List<String> addresses,
                                            List<HazelcastTransport> started) {
        Config c = HazelcastTransport.config(clusterName, "127.0.0.1", port, addresses);
        c.setProperty("hazelcast.logging.type", "none");
        HazelcastTransport t = HazelcastTransport.start(c);
        started.add(t);
        return t;
    }
}
