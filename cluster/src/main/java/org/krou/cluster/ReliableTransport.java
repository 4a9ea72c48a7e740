package org.krou.cluster;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Transport} that delivers every message exactly once while both members live, over
 * one that may drop, duplicate and reorder them (Hazelcast's topics drop events when a
 * member's event queue is full; a network loses packets). Each pair of members numbers its
 * messages, the receiver acknowledges them cumulatively (with a bit for each of the next 64
 * received out of order), on the frames it sends back or after a tick (at most 10 ms) on their
 * own, and the sender keeps each message until acknowledged and sends it again when its timer
 * runs out ({@link Options#resendMillis}, doubling at each resend up to
 * {@link Options#maxBackoffMillis}). The receiver delivers a message as soon as it arrives,
 * whatever its order (the protocol does not need order, as the {@link Transport} contract
 * says), and drops the copies of one delivered. The state is per other member
 * ({@link ReliableLink}, its own lock), so senders to different members never wait for each
 * other.
 *
 * <p><b>No hang.</b> Every member sends each member it talks to a heartbeat (an
 * acknowledgement) when it sent it nothing else for {@link Options#heartbeatMillis}, from this
 * transport's own timer thread, however busy the member's computing threads are. A member that
 * sends nothing at all for {@link Options#silenceMillis}, or leaves one message unacknowledged
 * that long, is reported lost ({@link Listener#memberLost(String, String)}, with the reason:
 * how long, what was waiting), as Hazelcast's failure detector reports a member gone; its
 * state is forgotten. A member merely computing for a long time keeps sending heartbeats and
 * acknowledgements, so it is not reported.
 *
 * <p><b>Memory.</b> The messages kept for resending are bounded by the protocol's own windows
 * (update batches in flight per pair, one look-up a thread and owner, one command a round):
 * normally a few MB a member. Past {@link Options#maxMessages} messages or
 * {@link Options#maxBytes} bytes unacknowledged to one member, that member is reported lost
 * (the caps say so) rather than the buffer growing.
 *
 * <pre>{@code
 * Transport t = ReliableTransport.over(HazelcastTransport.start(config));   // or over an AuthTransport
 * }</pre>
 */
public final class ReliableTransport implements Transport {
    /** One thread for the timers of every instance of this JVM: resends, acknowledgements, heartbeats. */
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "krou-reliable");
        t.setDaemon(true);
        return t;
    });
    /** Session ids, increasing over the JVM's life and across restarts (they start at the clock). */
    private static final AtomicLong SESSIONS = new AtomicLong();
    private static final Map<Byte, String> TYPES = types();

    private final Transport inner;
    private final Options options;
    private final String self;
    private final Map<String, ReliableLink> links = new ConcurrentHashMap<>();
    /** Members the transport below reported gone: their late frames are ignored. */
    private final Set<String> departed = ConcurrentHashMap.newKeySet();
    private final ScheduledFuture<?> ticks;
    private volatile Listener listener;

    /**
     * Timing and caps.
     *
     * @param resendMillis     first resend of a message unacknowledged this long
     * @param maxBackoffMillis the longest wait between two resends (the wait doubles)
     * @param heartbeatMillis  a heartbeat to a member sent nothing else this long
     * @param silenceMillis    a member silent this long, or leaving a message unacknowledged this long, is lost
     * @param maxMessages      the most messages unacknowledged to one member
     * @param maxBytes         the most bytes of them
     */
    public record Options(long resendMillis, long maxBackoffMillis, long heartbeatMillis, long silenceMillis,
                          int maxMessages, long maxBytes) {
        /** 60 s of silence; resends from 200 ms, at most 5 s apart; 16,384 messages or 64 MiB a member. */
        public static final Options DEFAULT = silence(60_000);

        /** Checks the values. */
        public Options {
            if (resendMillis < 1 || maxBackoffMillis < resendMillis || heartbeatMillis < 1
                    || silenceMillis <= heartbeatMillis || maxMessages < 1 || maxBytes < 1) {
                throw new IllegalArgumentException("resend " + resendMillis + " ms, back-off " + maxBackoffMillis
                        + " ms, heartbeat " + heartbeatMillis + " ms, silence " + silenceMillis + " ms, cap "
                        + maxMessages + " messages, " + maxBytes + " bytes");
            }
        }

        /**
         * The defaults for a silence bound of {@code millis}: heartbeats every {@code millis/8}
         * (at most 1 s), resends from {@code millis/16} (at most 200 ms), at most
         * {@code millis/4} (and 5 s) apart.
         */
        public static Options silence(long millis) {
            if (millis < 16) {
                throw new IllegalArgumentException("a silence bound of " + millis + " ms: at least 16 ms");
            }
            long resend = Math.min(200, millis / 16);
            return new Options(resend, Math.max(resend, Math.min(5_000, millis / 4)), Math.min(1_000, millis / 8),
                    millis, 16_384, 64L << 20);
        }

        long resendNanos() {
            return TimeUnit.MILLISECONDS.toNanos(resendMillis);
        }

        long maxBackoffNanos() {
            return TimeUnit.MILLISECONDS.toNanos(maxBackoffMillis);
        }

        long heartbeatNanos() {
            return TimeUnit.MILLISECONDS.toNanos(heartbeatMillis);
        }

        long silenceNanos() {
            return TimeUnit.MILLISECONDS.toNanos(silenceMillis);
        }
    }

    /** Wraps {@code inner}; its timer runs until {@link #close} or {@link #stop}. */
    public ReliableTransport(Transport inner, Options options) {
        this.inner = inner;
        this.options = options;
        this.self = inner.self();
        inner.listen(new Listener() {
            @Override
            public void received(String from, byte[] frame) {
                receive(from, frame);
            }

            @Override
            public void memberLost(String member) {
                departed.add(member);
                links.remove(member);
                Listener l = listener;
                if (l != null) {
                    l.memberLost(member);
                }
            }
        });
        long tick = Math.max(1, Math.min(10, options.resendMillis() / 4));
        ticks = TIMER.scheduleWithFixedDelay(this::tick, tick, tick, TimeUnit.MILLISECONDS);
    }

    /** {@code t} itself if it is a {@code ReliableTransport}, else {@code t} wrapped with the defaults. */
    public static ReliableTransport over(Transport t) {
        return t instanceof ReliableTransport r ? r : new ReliableTransport(t, Options.DEFAULT);
    }

    /** The options of this transport. */
    public Options options() {
        return options;
    }

    @Override
    public String self() {
        return self;
    }

    @Override
    public List<String> members() {
        return inner.members();
    }

    @Override
    public void send(String member, byte[] message) {
        if (departed.contains(member)) {
            return; // gone: its loss was reported, as a network would drop the mail
        }
        long now = System.nanoTime();
        ReliableLink link = link(member, now);
        byte[] frame = link.send(message, now);
        if (frame == null) {
            lost(link, link.overCap());
            return;
        }
        inner.send(member, frame);
    }

    @Override
    public void listen(Listener l) {
        this.listener = l;
    }

    /** Stops the timer and leaves the cluster. */
    @Override
    public void close() {
        stop();
        inner.close();
    }

    /** Stops the timer (no more resends, acknowledgements or heartbeats); the transport below stays. */
    public void stop() {
        ticks.cancel(false);
    }

    /** Messages sent to {@code member} and not acknowledged yet (for tests). */
    int unacknowledged(String member) {
        ReliableLink link = links.get(member);
        return link == null ? 0 : link.unacknowledged();
    }

    private ReliableLink link(String member, long now) {
        return links.computeIfAbsent(member, m -> new ReliableLink(m, session(), options, now));
    }

    private static long session() {
        long clock = System.currentTimeMillis() << 16;
        return SESSIONS.updateAndGet(s -> Math.max(s + 1, clock));
    }

    private void receive(String from, byte[] frame) {
        if (departed.contains(from)) {
            return;
        }
        ReliableLink.Frame f;
        try {
            f = ReliableLink.parse(frame);
        } catch (IllegalArgumentException malformed) {
            return; // not a frame of this layer: nothing to deliver, nothing to acknowledge
        }
        long now = System.nanoTime();
        Listener l = listener; // none yet: a message is not taken (nor acknowledged), so it comes again
        byte[] payload = link(from, now).received(f, frame, now, l != null);
        if (payload != null) {
            l.received(from, payload);
        }
    }

    private void tick() {
        long now = System.nanoTime();
        for (ReliableLink link : links.values()) {
            ReliableLink.Tick t = link.tick(now);
            if (t.lost() != null) {
                lost(link, t.lost());
                continue;
            }
            try {
                for (byte[] frame : t.frames()) {
                    inner.send(link.peer, frame);
                }
            } catch (RuntimeException down) { // the transport below is closed or broken: nothing will arrive
                stop();
                for (ReliableLink l : links.values()) {
                    lost(l, "unreachable: this member's transport failed (" + down + ")");
                }
                return;
            }
        }
    }

    /** Forgets {@code link} and reports its member lost. */
    private void lost(ReliableLink link, String reason) {
        if (!links.remove(link.peer, link)) {
            return; // already forgotten
        }
        Listener l = listener;
        if (l != null) {
            l.memberLost(link.peer, reason);
        }
    }

    /** The name of message type {@code b} of {@link Wire}, or its number. */
    static String typeName(byte b) {
        String name = TYPES.get(b);
        return name != null ? name : "type " + b;
    }

    private static Map<Byte, String> types() {
        Map<Byte, String> m = new HashMap<>();
        for (Field f : Wire.class.getFields()) {
            if (f.getType() == byte.class && Modifier.isStatic(f.getModifiers())) {
                try {
                    m.put(f.getByte(null), f.getName());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return m;
    }
}
