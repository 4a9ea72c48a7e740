package org.krou.cluster;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;

/**
 * What {@link AuthTransport} knows of one other member (or of itself, established from the
 * start): the nonces of their handshake, whether it ended, the keys of both directions, the
 * counter of the messages sent to it, the replay window of those received from it, and the
 * messages waiting for its handshake to end.
 */
final class AuthPeer {
    private final ClusterSecret secret;
    /** This member's id. */
    private final String self;
    /** The other member's id. */
    final String id;
    /** This member's nonce for {@code id}, for the transport's life. */
    final byte[] mine;
    /** {@code id}'s nonce for this member, set once it proved the secret. */
    volatile byte[] theirs;
    /** {@code id} proved the secret and knows this member did: messages go out. */
    volatile boolean established;
    /** A message was sent to {@code id} (its loss is reported even before its handshake ended). */
    volatile boolean wanted;
    private volatile Mac sending;
    private volatile Mac receiving;
    final AtomicLong counter = new AtomicLong();
    final ReplayWindow window = new ReplayWindow();
    /** Messages for {@code id} before its handshake ended (under this object's lock). */
    final ArrayDeque<byte[]> waiting = new ArrayDeque<>();
    /** More than {@link AuthTransport#MAX_WAITING} waited (said once). */
    boolean overflowed;
    /** Handshake pace (the tick thread's). */
    long nextTry;
    long retry = AuthTransport.FIRST_RETRY_MILLIS / 2;
    long lastLog;
    long quiet;

    AuthPeer(ClusterSecret secret, String self, String id, byte[] mine) {
        this.secret = secret;
        this.self = self;
        this.id = id;
        this.mine = mine;
    }

    /** {@code id} proved the secret with {@code nonce}: the keys of both directions follow. */
    void verified(byte[] nonce) {
        sending = secret.mac(AuthTransport.label("data", self, id, mine, nonce));
        receiving = secret.mac(AuthTransport.label("data", id, self, nonce, mine));
        theirs = nonce;
    }

    /** {@code payload} with its counter and tag, to {@code id}. */
    byte[] seal(byte[] payload) {
        long c = counter.incrementAndGet();
        byte[] m = new byte[AuthTransport.DATA_HEADER + payload.length];
        ByteBuffer.wrap(m).put(AuthTransport.DATA).putLong(c);
        Mac mac = copy(sending);
        mac.update(m, 1, 8);
        mac.update(payload);
        try {
            mac.doFinal(m, 9);
        } catch (javax.crypto.ShortBufferException e) {
            throw new IllegalStateException(e);
        }
        System.arraycopy(payload, 0, m, AuthTransport.DATA_HEADER, payload.length);
        return m;
    }

    Mac receiving() {
        return copy(receiving);
    }

    private Mac copy(Mac prototype) {
        try {
            return (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("HMAC-SHA-256 of this JVM cannot be copied", e);
        }
    }
}
