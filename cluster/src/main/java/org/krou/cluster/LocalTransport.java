package org.krou.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Transport} inside one JVM, for tests: members of a {@link Hub} deliver to each other
 * on a shared thread pool, optionally after random delays (which reorder messages).
 *
 * <pre>{@code
 * LocalTransport.Hub hub = LocalTransport.hub(2_000);   // deliveries delayed up to 2 ms
 * Transport a = hub.join(), b = hub.join();
 * }</pre>
 */
public final class LocalTransport implements Transport {
    private final Hub hub;
    private final String id;
    private volatile Listener listener;

    private LocalTransport(Hub hub, String id) {
        this.hub = hub;
        this.id = id;
    }

    /** A hub delivering without delay. */
    public static Hub hub() {
        return new Hub(0);
    }

    /** A hub delaying each delivery by a random 0..{@code maxDelayMicros} microseconds. */
    public static Hub hub(int maxDelayMicros) {
        return new Hub(maxDelayMicros);
    }

    @Override
    public String self() {
        return id;
    }

    @Override
    public List<String> members() {
        return new ArrayList<>(hub.order);
    }

    @Override
    public void send(String member, byte[] message) {
        LocalTransport to = hub.members.get(member);
        if (to == null) {
            return; // lost members drop their mail, as a network would
        }
        long delay = hub.maxDelay == 0 ? 0 : hub.random(hub.maxDelay);
        hub.pool.schedule(() -> {
            Listener l = to.listener;
            if (l != null && hub.members.containsKey(member)) {
                l.received(id, message);
            }
        }, delay, TimeUnit.MICROSECONDS);
    }

    @Override
    public void listen(Listener l) {
        this.listener = l;
    }

    /** Leaves the hub; the other members are told this member was lost. */
    @Override
    public void close() {
        if (hub.members.remove(id) == null) {
            return;
        }
        hub.order.remove(id);
        for (LocalTransport t : hub.members.values()) {
            Listener l = t.listener;
            if (l != null) {
                hub.pool.execute(() -> l.memberLost(id));
            }
        }
    }

    /** Members that reach each other. */
    public static final class Hub implements AutoCloseable {
        private final Map<String, LocalTransport> members = new ConcurrentHashMap<>();
        private final List<String> order = new CopyOnWriteArrayList<>();
        private final ScheduledExecutorService pool = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "local-transport");
            t.setDaemon(true);
            return t;
        });
        private final int maxDelay;
        private final Random random = new Random(14);
        private int next;

        private Hub(int maxDelay) {
            this.maxDelay = maxDelay;
        }

        private synchronized long random(int bound) {
            return random.nextInt(bound + 1);
        }

        /** A new member. */
        public synchronized LocalTransport join() {
            LocalTransport t = new LocalTransport(this, "m" + next++);
            members.put(t.id, t);
            order.add(t.id);
            return t;
        }

        /** Stops the delivery threads. */
        @Override
        public void close() {
            pool.shutdownNow();
        }
    }
}
