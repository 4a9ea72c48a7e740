package org.krou.cluster;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The state of {@link ReliableTransport} for one other member, both directions, guarded by the
 * link's own lock (no lock is shared between destinations).
 *
 * <p><b>Sending.</b> This member's stream to the peer has a session id (a new link, a new
 * session: a peer that sees a higher session forgets the lower one) and numbers its messages
 * 1, 2, ...; each message stays in {@code unacked} until the peer acknowledges it, and is sent
 * again when its timer runs out, the timer doubling at each resend up to a ceiling.
 *
 * <p><b>Receiving.</b> Of the peer's stream, {@code next} is the lowest sequence number not yet
 * delivered and {@code above} those delivered beyond it; a message is delivered at once, in
 * whatever order it arrives, and once: a number below {@code next} or in {@code above} is a
 * duplicate. The acknowledgement sent back (on every frame to the peer, and on its own after a
 * tick when one is owed) is {@code next} and a bit for each of the 64 numbers after it that
 * arrived. Every frame also carries the sender's lowest unacknowledged number ({@code low}):
 * everything below it was acknowledged, so a receiver whose state is newer than the sender's
 * stream (a restarted link) starts there.
 *
 * <p><b>Frames</b> put the header after the payload, so that the payload is the frame's
 * beginning: {@code payload, kind, session, low, ackSession, ackNext, ackBits, [seq], headerLength}
 * (varints; {@code headerLength} one byte). An acknowledgement alone has the payload {@code 0},
 * a byte no message type of the protocol starts with.
 */
final class ReliableLink {
    static final byte DATA = 1;
    static final byte ACK = 2;
    private static final byte[] NO_PAYLOAD = {0};

    final String peer;
    private final ReliableTransport.Options options;
    // sending
    private final long session;
    private long nextSeq = 1;
    private final TreeMap<Long, Pending> unacked = new TreeMap<>();
    private long unackedBytes;
    private long lastSentNanos;
    // receiving
    private long theirSession;
    private long next = 1;
    private final TreeSet<Long> above = new TreeSet<>();
    private boolean ackOwed;
    private long lastHeardNanos;

    /** A message sent and not yet acknowledged. */
    private static final class Pending {
        final long seq;
        final byte[] payload;
        final long firstSentNanos;
        long dueNanos;
        long backoffNanos;
        int resends;

        Pending(long seq, byte[] payload, long now, long timeout) {
            this.seq = seq;
            this.payload = payload;
            this.firstSentNanos = now;
            this.backoffNanos = timeout;
            this.dueNanos = now + timeout;
        }
    }

    /** A frame parsed: its header fields and where its payload ends. */
    record Frame(byte kind, long session, long low, long ackSession, long ackNext, long ackBits, long seq,
                 int payloadLength) {
    }

    ReliableLink(String peer, long session, ReliableTransport.Options options, long now) {
        this.peer = peer;
        this.session = session;
        this.options = options;
        this.lastSentNanos = now;
        this.lastHeardNanos = now;
    }

    /**
     * Numbers {@code payload}, keeps it until acknowledged, and returns its frame; null if the
     * unacknowledged messages would pass the caps (the peer is then to be reported lost).
     */
    synchronized byte[] send(byte[] payload, long now) {
        if (unacked.size() >= options.maxMessages() || unackedBytes + payload.length > options.maxBytes()) {
            return null;
        }
        long seq = nextSeq++;
        unacked.put(seq, new Pending(seq, payload, now, options.resendNanos()));
        unackedBytes += payload.length;
        return frame(DATA, seq, payload, now);
    }

    /** The reason the caps were passed, for the report of the peer's loss. */
    synchronized String overCap() {
        return "left " + unacked.size() + " messages (" + unackedBytes + " bytes) unacknowledged, at the cap of "
                + options.maxMessages() + " messages or " + options.maxBytes() + " bytes: " + pendingTypes();
    }

    /**
     * Takes a frame from the peer: applies its acknowledgement and returns its payload if it is
     * a message to deliver now (not a duplicate, not of an older session, and {@code take}:
     * someone listens), else null.
     */
    synchronized byte[] received(Frame f, byte[] frame, long now, boolean take) {
        lastHeardNanos = now;
        if (f.ackSession() == session) {
            acknowledged(f.ackNext(), f.ackBits());
        }
        if (f.session() < theirSession) {
            return null; // a stale frame of a stream the peer replaced
        }
        if (f.session() > theirSession) {
            theirSession = f.session();
            next = 1;
            above.clear();
        }
        if (f.low() > next) {
            next = f.low(); // everything below was acknowledged already (to an earlier state of this link)
            above.headSet(next).clear();
            advance();
        }
        if (f.kind() != DATA || !take) {
            return null;
        }
        ackOwed = true; // a duplicate too: its sender missed the acknowledgement
        long seq = f.seq();
        if (seq < next || above.contains(seq) || seq - next > 2L * options.maxMessages()) {
            return null;
        }
        if (seq == next) {
            next++;
            advance();
        } else {
            above.add(seq);
        }
        return java.util.Arrays.copyOf(frame, f.payloadLength());
    }

    private void advance() {
        while (!above.isEmpty() && above.first() == next) {
            above.pollFirst();
            next++;
        }
    }

    private void acknowledged(long ackNext, long bits) {
        NavigableSet<Long> below = unacked.headMap(ackNext, false).navigableKeySet();
        for (Iterator<Long> it = below.iterator(); it.hasNext(); ) {
            unackedBytes -= unacked.get(it.next()).payload.length;
            it.remove();
        }
        for (int i = 0; bits != 0 && i < 64; i++, bits >>>= 1) {
            if ((bits & 1) != 0) {
                Pending p = unacked.remove(ackNext + 1 + i);
                if (p != null) {
                    unackedBytes -= p.payload.length;
                }
            }
        }
    }

    /** What a tick of the link does: the frames to send, or why the peer is lost. */
    record Tick(List<byte[]> frames, String lost) {
    }

    /**
     * At {@code now}: the messages whose timer ran out (sent again), an acknowledgement if one
     * is owed and none went out on a message, a heartbeat if nothing went to the peer for the
     * heartbeat interval; or the reason the peer is lost: nothing heard from it (no
     * acknowledgement, no heartbeat) for the silence bound, or a message of this member
     * unacknowledged for that long.
     */
    synchronized Tick tick(long now) {
        long silence = options.silenceNanos();
        if (now - lastHeardNanos > silence) {
            return new Tick(List.of(), "sent nothing (no acknowledgement, no heartbeat) for " + seconds(now - lastHeardNanos)
                    + ": " + pendingTypes());
        }
        if (!unacked.isEmpty()) {
            Pending oldest = unacked.firstEntry().getValue();
            if (now - oldest.firstSentNanos > silence) {
                return new Tick(List.of(), "acknowledged nothing of message " + oldest.seq + " (" + typeName(oldest.payload)
                        + ") for " + seconds(now - oldest.firstSentNanos) + " through " + oldest.resends + " resends: "
                        + pendingTypes());
            }
        }
        List<byte[]> frames = new ArrayList<>();
        for (Pending p : unacked.values()) {
            if (now - p.dueNanos >= 0) {
                p.resends++;
                p.backoffNanos = Math.min(options.maxBackoffNanos(), p.backoffNanos * 2);
                p.dueNanos = now + p.backoffNanos;
                frames.add(frame(DATA, p.seq, p.payload, now));
            }
        }
        if (frames.isEmpty() && (ackOwed || now - lastSentNanos >= options.heartbeatNanos())) {
            frames.add(frame(ACK, 0, NO_PAYLOAD, now));
        }
        return new Tick(frames, null);
    }

    /** Messages sent and not acknowledged yet. */
    synchronized int unacknowledged() {
        return unacked.size();
    }

    /** "N messages unacknowledged (UPDATES 10, LOOKUP 2)". */
    private String pendingTypes() {
        Map<String, Integer> types = new LinkedHashMap<>();
        for (Pending p : unacked.values()) {
            types.merge(typeName(p.payload), 1, Integer::sum);
        }
        StringBuilder s = new StringBuilder().append(unacked.size())
                .append(unacked.size() == 1 ? " message unacknowledged" : " messages unacknowledged");
        if (!types.isEmpty()) {
            StringBuilder list = new StringBuilder();
            types.forEach((k, v) -> list.append(list.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
            s.append(" (").append(list).append(')');
        }
        return s.toString();
    }

    private static String typeName(byte[] payload) {
        return payload.length == 0 ? "empty" : ReliableTransport.typeName(payload[0]);
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /** The frame of {@code payload}, carrying this link's acknowledgement of the peer's stream. */
    private byte[] frame(byte kind, long seq, byte[] payload, long now) {
        long bits = 0;
        for (long s : above.subSet(next + 1, next + 65)) {
            bits |= 1L << (s - next - 1);
        }
        long low = unacked.isEmpty() ? nextSeq : unacked.firstKey();
        byte[] header = new byte[64];
        int n = 0;
        header[n++] = kind;
        n = varint(header, n, session);
        n = varint(header, n, low);
        n = varint(header, n, theirSession);
        n = varint(header, n, next);
        n = varint(header, n, bits);
        if (kind == DATA) {
            n = varint(header, n, seq);
        }
        byte[] f = java.util.Arrays.copyOf(payload, payload.length + n + 1);
        System.arraycopy(header, 0, f, payload.length, n);
        f[f.length - 1] = (byte) n;
        ackOwed = false;
        lastSentNanos = now;
        return f;
    }

    private static int varint(byte[] b, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            b[at++] = (byte) (v & 0x7F | 0x80);
            v >>>= 7;
        }
        b[at++] = (byte) v;
        return at;
    }

    /**
     * Parses the header of {@code frame}.
     *
     * @throws IllegalArgumentException if it is not a frame of this protocol
     */
    static Frame parse(byte[] frame) {
        if (frame.length < 2) {
            throw new IllegalArgumentException("a frame of " + frame.length + " bytes");
        }
        int n = frame[frame.length - 1] & 0xFF;
        int start = frame.length - 1 - n;
        if (n < 6 || start < 1) {
            throw new IllegalArgumentException("a frame header of " + n + " bytes in " + frame.length);
        }
        long[] v = new long[6];
        int at = start + 1;
        byte kind = frame[start];
        int fields = kind == DATA ? 6 : kind == ACK ? 5 : -1;
        if (fields < 0) {
            throw new IllegalArgumentException("a frame of kind " + kind);
        }
        for (int i = 0; i < fields; i++) {
            long x = 0;
            for (int shift = 0; ; shift += 7) {
                if (at >= frame.length - 1 || shift > 63) {
                    throw new IllegalArgumentException("a truncated frame header");
                }
                byte b = frame[at++];
                x |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    break;
                }
            }
            v[i] = x;
        }
        return new Frame(kind, v[0], v[1], v[2], v[3], v[4], v[5], start);
    }
}
