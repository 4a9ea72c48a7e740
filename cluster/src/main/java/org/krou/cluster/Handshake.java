package org.krou.cluster;

import java.util.HashSet;
import java.util.Set;

/**
 * A worker's side of the coordinator's handshake ({@code Coordinator.handshake}): on
 * {@code PING nonce workers ids...} it pings the workers that have not answered yet (the
 * transport may not reach a member that just joined) and answers {@code PONG} once all did;
 * the coordinator repeats its ping until every worker answers. {@code PEER_PING} is answered
 * {@code PEER_PONG} at once.
 *
 * <pre>{@code
 * Handshake h = new Handshake(transport);
 * h.ping(from, in);        // PING, read past its type
 * h.pong(from, in);        // PEER_PONG, read past its type
 * }</pre>
 */
final class Handshake {
    private final Transport transport;
    /** The handshake under way: its nonce and the workers that have not answered yet. */
    private long nonce = -1;
    private final Set<String> unanswered = new HashSet<>();

    Handshake(Transport transport) {
        this.transport = transport;
    }

    /** {@code PING nonce workers ids...} from the coordinator {@code from}. */
    void ping(String from, Wire.In in) {
        long n = in.varint();
        if (n != nonce) {
            nonce = n;
            unanswered.clear();
            int w = (int) in.varint("workers", 0, in.remaining());
            for (int i = 0; i < w; i++) {
                unanswered.add(in.string());
            }
            unanswered.remove(transport.self());
        }
        if (unanswered.isEmpty()) {
            transport.send(from, new Wire.Out(16).type(Wire.PONG).varint(n).toArray());
            return;
        }
        byte[] ping = new Wire.Out(16).type(Wire.PEER_PING).varint(n).toArray();
        for (String id : unanswered) {
            transport.send(id, ping);
        }
    }

    /** {@code PEER_PING nonce} from worker {@code from}: answered at once. */
    void peerPing(String from, Wire.In in) {
        transport.send(from, new Wire.Out(16).type(Wire.PEER_PONG).varint(in.varint()).toArray());
    }

    /** {@code PEER_PONG nonce} from worker {@code from}. */
    void pong(String from, Wire.In in) {
        if (in.varint() == nonce) {
            unanswered.remove(from);
        }
    }
}
