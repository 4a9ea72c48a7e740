package org.krou.cluster;

import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Transport} that loses what it sends, for tests: of the messages this member sends,
 * each is dropped with probability {@code p}, sent twice with probability {@code p}, and held
 * back 1..20 ms (so that later ones overtake it) with probability {@code p}, drawn from a seeded
 * generator; {@link #mute} drops everything from then on, as a member whose outgoing
 * traffic dies; {@link #slow} holds back every message of a type (its first byte, as
 * {@link ReliableTransport}'s frames keep it). Meant to sit under a {@link ReliableTransport}.
 *
 * <pre>{@code
 * Transport t = new ReliableTransport(new LossyTransport(hub.join(), 0.01, seed), options);
 * }</pre>
 */
final class LossyTransport implements Transport {
    private static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "lossy-transport");
        t.setDaemon(true);
        return t;
    });
    private final Transport t;
    private final double p;
    private final Random random;
    private volatile boolean muted;
    private volatile byte slowType;
    private volatile int slowMillis;
    final AtomicLong sent = new AtomicLong();
    final AtomicLong dropped = new AtomicLong();
    final AtomicLong duplicated = new AtomicLong();
    final AtomicLong delayed = new AtomicLong();

    LossyTransport(Transport t, double p, long seed) {
        this.t = t;
        this.p = p;
        this.random = new Random(seed);
    }

    /** Drops everything this member sends from now on. */
    void mute() {
        muted = true;
    }

    /** Holds back each message of type {@code type} {@code millis} ms from now on. */
    void slow(byte type, int millis) {
        slowMillis = millis;
        slowType = type;
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
    public void send(String member, byte[] message) {
        sent.incrementAndGet();
        double r;
        int delay;
        synchronized (random) {
            r = random.nextDouble();
            delay = 1 + random.nextInt(20);
        }
        if (slowType != 0 && message.length > 0 && message[0] == slowType) {
            delayed.incrementAndGet();
            LATER.schedule(() -> t.send(member, message), slowMillis, TimeUnit.MILLISECONDS);
        } else if (muted || r < p) {
            dropped.incrementAndGet();
        } else if (r < 2 * p) {
            duplicated.incrementAndGet();
            t.send(member, message);
            t.send(member, message);
        } else if (r < 3 * p) {
            delayed.incrementAndGet();
            LATER.schedule(() -> t.send(member, message), delay, TimeUnit.MILLISECONDS);
        } else {
            t.send(member, message);
        }
    }

    @Override
    public void listen(Listener l) {
        t.listen(l);
    }

    @Override
    public void close() {
        t.close();
    }

    @Override
    public String toString() {
        return self() + ": " + sent + " sent, " + dropped + " dropped, " + duplicated + " duplicated, " + delayed
                + " delayed";
    }
}
