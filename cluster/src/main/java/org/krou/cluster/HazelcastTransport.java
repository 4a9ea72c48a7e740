package org.krou.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.config.Config;
import com.hazelcast.config.JavaSerializationFilterConfig;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.topic.ITopic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link Transport} on an embedded Hazelcast member: membership and failure detection are
 * Hazelcast's, members find each other over TCP/IP at explicit addresses (multicast and the
 * phone-home call off), and a message is published on the target member's own topic
 * ({@code krou-<member uuid>}), which only that member listens to: a one-way event, no answer
 * (a task on the member's executor would cost a response per message).
 * Hazelcast drops events when a member's event queue (a million events) is full, and a
 * member that just joined misses events for a moment: {@link ReliableTransport}, which the
 * worker and the coordinator put over this transport, sends them again.
 *
 * <pre>{@code
 * HazelcastTransport t = HazelcastTransport.start(
 *         HazelcastTransport.config("krou", "127.0.0.1", 5701, List.of("127.0.0.1:5702")));
 * }</pre>
 */
public final class HazelcastTransport implements Transport {
    private static final String TOPIC = "krou-";
    private final HazelcastInstance hz;
    private final String self;
    private final Map<String, ITopic<byte[]>> topics = new ConcurrentHashMap<>();
    private volatile Listener listener;

    private HazelcastTransport(HazelcastInstance hz) {
        this.hz = hz;
        this.self = hz.getCluster().getLocalMember().getUuid().toString();
    }

    /**
     * A member configuration: cluster {@code name}, listening on {@code host:port}, joining the
     * members at {@code join} ({@code host:port} each); quick joins, failure detection after
     * {@code 10 s} without heartbeat, logging through {@code java.util.logging}, Java
     * deserialization filtered (Hazelcast's default whitelist). Members of other names are
     * refused at join: {@link ClusterSecret#clusterName} derives the name from the secret.
     */
    public static Config config(String name, String host, int port, List<String> join) {
        Config c = new Config();
        c.setClusterName(name);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.wait.seconds.before.join", "0");
        c.setProperty("hazelcast.max.wait.seconds.before.join", "0");
        c.setProperty("hazelcast.max.no.heartbeat.seconds", "10");
        c.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        c.setProperty("hazelcast.shutdownhook.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        if (host != null) {
            c.setProperty("hazelcast.local.localAddress", host);
            // listen on that address alone, not on every interface of the machine
            c.setProperty("hazelcast.socket.bind.any", "false");
        }
        // no class outside Hazelcast's and the JDK's own whitelist is deserialized from a peer
        // (krou sends byte arrays only): hardening against gadget chains in Java serialization
        c.getSerializationConfig().setJavaSerializationFilterConfig(new JavaSerializationFilterConfig());
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        JoinConfig j = c.getNetworkConfig().getJoin();
        j.getMulticastConfig().setEnabled(false);
        j.getAutoDetectionConfig().setEnabled(false);
        j.getTcpIpConfig().setEnabled(true).setMembers(new ArrayList<>(join));
        return c;
    }

    /** Starts an embedded member with {@code config} and a transport on it. */
    public static HazelcastTransport start(Config config) {
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config);
        HazelcastTransport t = new HazelcastTransport(hz);
        hz.<byte[]>getTopic(TOPIC + t.self).addMessageListener(m -> t.deliver(
                m.getPublishingMember().getUuid().toString(), m.getMessageObject()));
        hz.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent e) {
            }

            @Override
            public void memberRemoved(MembershipEvent e) {
                String id = e.getMember().getUuid().toString();
                t.topics.remove(id);
                Listener l = t.listener;
                if (l != null) {
                    l.memberLost(id);
                }
            }
        });
        return t;
    }

    /** Waits until the cluster has at least {@code members} members; false on timeout. */
    public boolean awaitMembers(int members, long timeoutMillis) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMillis;
        while (hz.getCluster().getMembers().size() < members) {
            if (System.currentTimeMillis() > end) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    /** The Hazelcast member (to stop it abruptly in tests). */
    public HazelcastInstance instance() {
        return hz;
    }

    @Override
    public String self() {
        return self;
    }

    @Override
    public List<String> members() {
        List<String> ids = new ArrayList<>();
        for (Member m : hz.getCluster().getMembers()) {
            ids.add(m.getUuid().toString());
        }
        return ids;
    }

    @Override
    public void send(String member, byte[] message) {
        topics.computeIfAbsent(member, m -> hz.getTopic(TOPIC + m)).publish(message);
    }

    @Override
    public void listen(Listener l) {
        this.listener = l;
    }

    @Override
    public void close() {
        hz.shutdown();
    }

    private void deliver(String from, byte[] message) {
        Listener l = listener;
        if (l != null) {
            l.received(from, message);
        }
    }
}
