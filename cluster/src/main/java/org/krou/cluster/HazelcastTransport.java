package org.krou.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.core.IExecutorService;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link Transport} on an embedded Hazelcast member: membership and failure detection are
 * Hazelcast's, members find each other over TCP/IP at explicit addresses (multicast and the
 * phone-home call off), and a message is a task run on the target member by an executor service,
 * which hands it to this transport's listener there.
 *
 * <pre>{@code
 * HazelcastTransport t = HazelcastTransport.start(
 *         HazelcastTransport.config("krou", "127.0.0.1", 5701, List.of("127.0.0.1:5702")));
 * }</pre>
 */
public final class HazelcastTransport implements Transport {
    private static final String KEY = "krou.transport";
    private static final String EXECUTOR = "krou-messages";
    private final HazelcastInstance hz;
    private final IExecutorService executor;
    private final String self;
    private final Map<String, Member> byId = new ConcurrentHashMap<>();
    private volatile Listener listener;

    private HazelcastTransport(HazelcastInstance hz) {
        this.hz = hz;
        this.executor = hz.getExecutorService(EXECUTOR);
        this.self = hz.getCluster().getLocalMember().getUuid().toString();
    }

    /**
     * A member configuration: cluster {@code name}, listening on {@code host:port}, joining the
     * members at {@code join} ({@code host:port} each); quick joins, failure detection after
     * {@code 10 s} without heartbeat, logging through {@code java.util.logging}.
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
        }
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        JoinConfig j = c.getNetworkConfig().getJoin();
        j.getMulticastConfig().setEnabled(false);
        j.getAutoDetectionConfig().setEnabled(false);
        j.getTcpIpConfig().setEnabled(true).setMembers(new ArrayList<>(join));
        c.getExecutorConfig(EXECUTOR).setPoolSize(2);
        return c;
    }

    /** Starts an embedded member with {@code config} and a transport on it. */
    public static HazelcastTransport start(Config config) {
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config);
        HazelcastTransport t = new HazelcastTransport(hz);
        hz.getUserContext().put(KEY, t);
        hz.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent e) {
            }

            @Override
            public void memberRemoved(MembershipEvent e) {
                String id = e.getMember().getUuid().toString();
                t.byId.remove(id);
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
        Member m = byId.get(member);
        if (m == null) {
            UUID id = UUID.fromString(member);
            for (Member x : hz.getCluster().getMembers()) {
                if (x.getUuid().equals(id)) {
                    m = x;
                    byId.put(member, x);
                }
            }
            if (m == null) {
                return; // gone: the listeners were told
            }
        }
        executor.executeOnMember(new Delivery(self, message), m);
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

    /** A message on its way: run on the target member, it hands the bytes to the listener there. */
    private static final class Delivery implements Runnable, Serializable, HazelcastInstanceAware {
        private static final long serialVersionUID = 1L;
        private final String from;
        private final byte[] message;
        private transient HazelcastInstance target;

        Delivery(String from, byte[] message) {
            this.from = from;
            this.message = message;
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.target = hz;
        }

        @Override
        public void run() {
            ((HazelcastTransport) target.getUserContext().get(KEY)).deliver(from, message);
        }
    }
}
