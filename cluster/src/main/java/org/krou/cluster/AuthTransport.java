package org.krou.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.crypto.Mac;

/**
 * A {@link Transport} whose members prove they hold the cluster's {@link ClusterSecret}, a
 * decorator over any transport (Hazelcast's, or the in-memory one in tests).
 *
 * <p><b>Members.</b> Each pair of members runs a challenge-response handshake: each side sends
 * a random 16-byte nonce of its own ({@code HELLO}) and answers the other's with
 * {@code PROOF = HMAC(key, "proof", sender, receiver, verified?, their nonce, my nonce)}; a
 * second proof, sent once the answer checked, says "verified". {@link #members()} lists the
 * underlying members (in their order, the same on every member) that proved the secret to this
 * member and know it did the same; a member that never did is never listed, its messages are
 * dropped, and its loss is not reported. Messages sent to a member before its handshake ends
 * wait for it (as the underlying transport would hold them for a member it does not reach yet).
 *
 * <p><b>Messages.</b> Each message carries a 64-bit counter, strictly increasing for each
 * (sender, receiver), and an HMAC-SHA-256 tag of the counter and the payload under a key of the
 * direction: {@code HMAC(key, "data", sender, receiver, sender's nonce, receiver's nonce)}, so
 * the tag binds both members' ids (the sender as the underlying transport reports it) and this
 * pair's handshake: a message of an earlier handshake (another job, another process) fails its
 * tag. The receiver drops a message whose tag fails and, with a sliding window of
 * {@link ReplayWindow#SIZE} counters a sender (the underlying transport may reorder), one
 * whose counter it saw before. Rejections are counted ({@link #rejected()}) and logged one line
 * a member at most every {@link #LOG_EVERY_NANOS}, never with the payload.
 *
 * <p>No encryption: anyone on the path reads the payloads.
 *
 * <pre>{@code
 * Transport t = new AuthTransport(HazelcastTransport.start(config), ClusterSecret.read(file));
 * }</pre>
 */
public final class AuthTransport implements Transport {
    private static final Logger LOG = Logger.getLogger(AuthTransport.class.getName());
    static final byte HELLO = 1;
    static final byte PROOF = 2;
    static final byte DATA = 3;
    static final int NONCE = 16;
    static final int TAG = 32;
    /** Kind, counter and tag before a message's payload. */
    static final int DATA_HEADER = 1 + 8 + TAG;
    private static final int PROOF_SIZE = 1 + 1 + 2 * NONCE + TAG;
    /** Messages held for a member whose handshake has not ended: beyond, the oldest are dropped. */
    static final int MAX_WAITING = 1024;
    static final long LOG_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final long FIRST_RETRY_MILLIS = 50;
    private static final long LAST_RETRY_MILLIS = 1000;

    private final Transport t;
    private final ClusterSecret secret;
    private final String self;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, AuthPeer> peers = new ConcurrentHashMap<>();
    private final AtomicLong rejected = new AtomicLong();
    private final ScheduledExecutorService ticks;
    private volatile Listener listener;
    private volatile boolean closed;

    /** Wraps {@code transport}; the handshakes with its members start at once and go on until {@link #close}. */
    public AuthTransport(Transport transport, ClusterSecret secret) {
        this.t = transport;
        this.secret = secret;
        this.self = transport.self();
        AuthPeer me = new AuthPeer(secret, self, self, nonce());
        me.verified(me.mine);
        me.established = true;
        peers.put(self, me);
        t.listen(new Listener() {
            @Override
            public void received(String from, byte[] message) {
                receive(from, message);
            }

            @Override
            public void memberLost(String member) {
                lost(member);
            }
        });
        ticks = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread th = new Thread(r, "krou-auth-" + self);
            th.setDaemon(true);
            return th;
        });
        ticks.scheduleWithFixedDelay(this::tick, 0, FIRST_RETRY_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public String self() {
        return self;
    }

    /** The underlying members, in their order, that completed the handshake with this one (and this one). */
    @Override
    public List<String> members() {
        List<String> ids = new ArrayList<>();
        for (String id : t.members()) {
            AuthPeer p = peers.get(id);
            if (p != null && p.established) {
                ids.add(id);
            }
        }
        return ids;
    }

    @Override
    public void send(String member, byte[] message) {
        AuthPeer p = peers.get(member);
        if (p == null || !p.established) {
            if (!t.members().contains(member)) {
                return; // not (or no longer) a member: dropped, as the underlying transport would
            }
            p = peers.computeIfAbsent(member, m -> new AuthPeer(secret, self, m, nonce()));
            synchronized (p) {
                if (!p.established) {
                    p.wanted = true;
                    if (p.waiting.size() == MAX_WAITING) {
                        p.waiting.removeFirst();
                        if (!p.overflowed) {
                            p.overflowed = true;
                            LOG.warning(() -> "member " + member + " has not proved the cluster secret: dropping the "
                                    + "oldest of the " + MAX_WAITING + " messages waiting for it");
                        }
                    }
                    p.waiting.addLast(message);
                    return;
                }
            }
        }
        t.send(member, p.seal(message));
    }

    @Override
    public void listen(Listener l) {
        this.listener = l;
    }

    /** Messages and handshake answers dropped so far (bad tag or proof, replay, unauthenticated sender). */
    public long rejected() {
        return rejected.get();
    }

    @Override
    public void close() {
        closed = true;
        ticks.shutdownNow();
        t.close();
    }

    /** Says hello to the members that have not proved the secret yet, confirms to those that do not know it. */
    private void tick() {
        try {
            long now = System.nanoTime();
            for (String id : t.members()) {
                if (id.equals(self)) {
                    continue;
                }
                AuthPeer p = peers.computeIfAbsent(id, m -> new AuthPeer(secret, self, m, nonce()));
                if (p.established || now < p.nextTry) {
                    continue;
                }
                p.retry = Math.min(LAST_RETRY_MILLIS, p.retry * 2);
                p.nextTry = now + TimeUnit.MILLISECONDS.toNanos(p.retry);
                byte[] theirs = p.theirs;
                t.send(id, theirs == null ? hello(p) : proof(p, true, theirs));
            }
        } catch (RuntimeException e) {
            if (!closed) {
                LOG.log(Level.WARNING, "cluster handshake: " + e.getMessage());
            }
        }
    }

    private void receive(String from, byte[] m) {
        if (m.length == 0) {
            reject(from, "an empty message");
            return;
        }
        switch (m[0]) {
            case DATA -> data(from, m);
            case HELLO -> {
                if (m.length != 1 + NONCE || from.equals(self)) {
                    reject(from, "a malformed hello");
                    return;
                }
                AuthPeer p = peers.computeIfAbsent(from, id -> new AuthPeer(secret, self, id, nonce()));
                t.send(from, proof(p, p.theirs != null, java.util.Arrays.copyOfRange(m, 1, 1 + NONCE)));
            }
            case PROOF -> proofReceived(from, m);
            default -> reject(from, "a message of unknown kind");
        }
    }

    private void data(String from, byte[] m) {
        AuthPeer p = peers.get(from);
        if (p == null || p.theirs == null) {
            reject(from, "a message: the member has not proved the cluster secret");
            return;
        }
        if (m.length < DATA_HEADER) {
            reject(from, "a message too short for its tag");
            return;
        }
        long counter = ByteBuffer.wrap(m, 1, 8).getLong();
        Mac mac = p.receiving();
        mac.update(m, 1, 8);
        mac.update(m, DATA_HEADER, m.length - DATA_HEADER);
        byte[] want = mac.doFinal();
        if (!MessageDigest.isEqual(want, java.util.Arrays.copyOfRange(m, 9, DATA_HEADER))) {
            reject(from, "a message whose tag is wrong");
            return;
        }
        boolean fresh;
        synchronized (p.window) {
            fresh = p.window.accept(counter);
        }
        if (!fresh) {
            reject(from, "a replayed message");
            return;
        }
        Listener l = listener;
        if (l != null) {
            l.received(from, java.util.Arrays.copyOfRange(m, DATA_HEADER, m.length));
        }
    }

    /**
     * {@code PROOF verified echo nonce tag}: checks that the sender answered this member's nonce
     * with the secret; the first good proof makes the sender verified (and is confirmed to it),
     * a proof that says "verified" ends the handshake on this side.
     */
    private void proofReceived(String from, byte[] m) {
        AuthPeer p = peers.get(from);
        if (p == null || m.length != PROOF_SIZE || from.equals(self) || m[1] > 1 || m[1] < 0) {
            reject(from, "a malformed proof");
            return;
        }
        boolean theyVerified = m[1] == 1;
        byte[] echo = java.util.Arrays.copyOfRange(m, 2, 2 + NONCE);
        byte[] nonce = java.util.Arrays.copyOfRange(m, 2 + NONCE, 2 + 2 * NONCE);
        byte[] tag = java.util.Arrays.copyOfRange(m, 2 + 2 * NONCE, PROOF_SIZE);
        if (!MessageDigest.isEqual(echo, p.mine)
                || !MessageDigest.isEqual(tag, proofTag(from, self, theyVerified, p.mine, nonce))) {
            reject(from, "a handshake answer that does not prove the cluster secret");
            return;
        }
        boolean first;
        synchronized (p) {
            if (p.theirs != null && !MessageDigest.isEqual(p.theirs, nonce)) {
                first = false;
                nonce = null;
            } else {
                first = p.theirs == null;
                if (first) {
                    p.verified(nonce);
                }
                if (theyVerified && !p.established) {
                    for (byte[] w : p.waiting) {
                        t.send(from, p.seal(w));
                    }
                    p.waiting.clear();
                    p.established = true;
                }
            }
        }
        if (nonce == null) {
            reject(from, "a proof with another nonce than its first");
            return;
        }
        if (first || !theyVerified) {
            t.send(from, proof(p, true, p.theirs));
        }
    }

    private void lost(String member) {
        AuthPeer p = peers.remove(member);
        Listener l = listener;
        if (p != null && (p.theirs != null || p.wanted) && l != null) {
            l.memberLost(member);
        }
    }

    private void reject(String from, String what) {
        rejected.incrementAndGet();
        AuthPeer p = peers.computeIfAbsent(from, id -> new AuthPeer(secret, self, id, nonce()));
        long now = System.nanoTime();
        synchronized (p) {
            if (p.lastLog != 0 && now - p.lastLog < LOG_EVERY_NANOS) {
                p.quiet++;
                return;
            }
            long more = p.quiet;
            p.lastLog = now;
            p.quiet = 0;
            LOG.warning(() -> "member " + from + ": dropped " + what
                    + (more > 0 ? " (and " + more + " other messages since the last report)" : ""));
        }
    }

    private byte[] hello(AuthPeer p) {
        byte[] m = new byte[1 + NONCE];
        m[0] = HELLO;
        System.arraycopy(p.mine, 0, m, 1, NONCE);
        return m;
    }

    /** This member's proof to {@code p}: its answer to {@code challenge} with the secret, and its own nonce. */
    private byte[] proof(AuthPeer p, boolean verified, byte[] challenge) {
        return ByteBuffer.allocate(PROOF_SIZE).put(PROOF).put((byte) (verified ? 1 : 0)).put(challenge).put(p.mine)
                .put(proofTag(self, p.id, verified, challenge, p.mine)).array();
    }

    private byte[] proofTag(String sender, String receiver, boolean verified, byte[] challenge, byte[] nonce) {
        return secret.hmac(label("proof", sender, receiver, new byte[] {(byte) (verified ? 1 : 0)}, challenge, nonce));
    }

    /** {@code name} and the length-prefixed {@code ids} and {@code bytes}: no two inputs run together. */
    static byte[] label(String name, String from, String to, byte[]... bytes) {
        ByteBuffer b = ByteBuffer.allocate(1024);
        for (byte[] part : List.of(name.getBytes(StandardCharsets.UTF_8), from.getBytes(StandardCharsets.UTF_8),
                to.getBytes(StandardCharsets.UTF_8))) {
            b = put(b, part);
        }
        for (byte[] part : bytes) {
            b = put(b, part);
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    private static ByteBuffer put(ByteBuffer b, byte[] part) {
        if (b.remaining() < 4 + part.length) {
            ByteBuffer bigger = ByteBuffer.allocate(2 * b.capacity() + 4 + part.length);
            bigger.put(b.array(), 0, b.position());
            b = bigger;
        }
        return b.putInt(part.length).put(part);
    }

    private byte[] nonce() {
        byte[] n = new byte[NONCE];
        random.nextBytes(n);
        return n;
    }
}
