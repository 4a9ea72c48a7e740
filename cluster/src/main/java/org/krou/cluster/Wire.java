package org.krou.cluster;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The messages of the protocol and their coding: a type byte, then varints (LEB128; signed
 * values zig-zag coded), strings and raw bytes. Update batches code their ranks in increasing
 * order, each as the difference from the rank before it, shifted left once for the kind of
 * update ({@link Outbox}).
 *
 * <pre>{@code
 * Wire.Out out = new Wire.Out(16).type(Wire.LEVEL).varint(7);
 * Wire.In in = new Wire.In(out.toArray());
 * in.type(); in.varint();   // LEVEL, 7
 * }</pre>
 */
public final class Wire {
    /**
     * Coordinator to worker: solve the exits of a layer (job parameters, workers, the checksum
     * and length of each finished table; see {@link LayerOrder}). It names no path: the worker
     * keeps its files where it was told at start.
     */
    public static final byte LAYER = 1;
    /** Coordinator to worker: propagate threshold {@code t}. */
    public static final byte LEVEL = 2;
    /** Coordinator to worker: report idleness and counters. */
    public static final byte POLL = 3;
    /**
     * Coordinator to worker: settle the unresolved positions (writer options follow) and answer
     * {@link #SYMBOL_COUNTS}.
     */
    public static final byte FINISH = 4;
    /**
     * Coordinator to worker: count the code pairs of the owned table blocks (symbol list, fill
     * order, sampling stride).
     */
    public static final byte PAIRS = 6;
    /**
     * Coordinator to worker: code the owned table blocks with this plan and send them
     * ({@link #BLOCKS}), so many chunks ahead of what the coordinator has written.
     */
    public static final byte ENCODE = 7;
    /** Coordinator to worker: more {@link #BLOCKS} chunks may be sent (up to a chunk number). */
    public static final byte CREDIT = 40;
    /** Worker to coordinator: a chunk of its coded table blocks (see {@link BlockSender}). */
    public static final byte BLOCKS = 41;
    /** Worker to coordinator: a chunk of a finished layer's table file, please (see {@link TableFetch}). */
    public static final byte FETCH = 42;
    /** Coordinator to worker: a chunk of a finished layer's table file (see {@link TableServer}). */
    public static final byte TABLE_CHUNK = 43;
    /** Coordinator to worker: reach every other worker, then answer (nonce, workers). */
    public static final byte PING = 5;
    /** Worker to worker: are you there (nonce)? */
    public static final byte PEER_PING = 12;
    /** Worker to worker: yes (nonce). */
    public static final byte PEER_PONG = 13;
    /** Worker to coordinator: every other worker answered (nonce). */
    public static final byte PONG = 25;
    /** Worker to worker: updates of positions the receiver owns. */
    public static final byte UPDATES = 10;
    /** Worker to worker: so many update batches were applied. */
    public static final byte ACK = 11;
    /** Worker to worker: the values of these positions of finished layers, please (id, sorted delta-coded keys). */
    public static final byte LOOKUP = 14;
    /** Worker to worker: answer to {@link #LOOKUP} (id, one byte a position). */
    public static final byte ANSWER = 15;
    /** Worker to coordinator: the exits of the layer are set. */
    public static final byte EXITS_DONE = 20;
    /** Worker to coordinator: answer to {@link #POLL}. */
    public static final byte POLL_REPLY = 21;
    /** Worker to coordinator: occurrences of each value over the owned positions (256 counts). */
    public static final byte SYMBOL_COUNTS = 22;
    /** Worker to coordinator: answer to {@link #PAIRS}. */
    public static final byte PAIR_COUNTS = 23;
    /** Worker to coordinator: the worker failed (message follows). */
    public static final byte FAILED = 24;

    private Wire() {
    }

    /** A growing output buffer. */
    public static final class Out {
        private byte[] buf;
        private int len;

        /** An empty buffer of initial capacity {@code capacity}. */
        public Out(int capacity) {
            buf = new byte[Math.max(16, capacity)];
        }

        /** Appends a type byte. */
        public Out type(byte t) {
            ensure(1);
            buf[len++] = t;
            return this;
        }

        /** Appends an unsigned varint ({@code v >= 0}). */
        public Out varint(long v) {
            ensure(10);
            while ((v & ~0x7FL) != 0) {
                buf[len++] = (byte) (v & 0x7F | 0x80);
                v >>>= 7;
            }
            buf[len++] = (byte) v;
            return this;
        }

        /** Appends a signed varint, zig-zag coded. */
        public Out signed(long v) {
            return varint(v << 1 ^ v >> 63);
        }

        /** Appends a string (length, UTF-8). */
        public Out string(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            varint(b.length);
            return bytes(b, 0, b.length);
        }

        /** Appends raw bytes. */
        public Out bytes(byte[] src, int off, int n) {
            ensure(n);
            System.arraycopy(src, off, buf, len, n);
            len += n;
            return this;
        }

        /** Appends counts as varints, their number first. */
        public Out varints(long[] v) {
            varint(v.length);
            for (long x : v) {
                varint(x);
            }
            return this;
        }

        /** Appends a byte array or null (length + 1, 0 for null, then the bytes). */
        public Out array(byte[] b) {
            if (b == null) {
                return varint(0);
            }
            varint(b.length + 1L);
            return bytes(b, 0, b.length);
        }

        /** Bytes written so far. */
        public int length() {
            return len;
        }

        /** Forgets what was written. */
        public void reset() {
            len = 0;
        }

        /** A copy of what was written. */
        public byte[] toArray() {
            return Arrays.copyOf(buf, len);
        }

        private void ensure(int n) {
            if (len + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
            }
        }
    }

    /**
     * Reads what {@link Out} wrote. A message that ends early, holds an overlong varint or a
     * length beyond its end is refused with {@link Malformed} before anything is allocated for
     * it, so that what a peer sends cannot make the reader allocate more than the message's size.
     */
    public static final class In {
        private final byte[] buf;
        private int pos;

        /** Reads {@code buf} from its start. */
        public In(byte[] buf) {
            this.buf = buf;
        }

        /** The type byte. */
        public byte type() {
            need(1);
            return buf[pos++];
        }

        /** Bytes of the whole message. */
        public int length() {
            return buf.length;
        }

        /** Skips the type byte. */
        public In skipType() {
            need(1);
            pos++;
            return this;
        }

        /** True while bytes are left. */
        public boolean more() {
            return pos < buf.length;
        }

        /** Bytes left. */
        public int remaining() {
            return buf.length - pos;
        }

        /** @throws Malformed if bytes are left: a message of a known type carries nothing after its fields */
        public void end() {
            if (pos != buf.length) {
                throw new Malformed((buf.length - pos) + " bytes after the end of the message");
            }
        }

        /** An unsigned varint. */
        public long varint() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                need(1);
                byte b = buf[pos++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw new Malformed("a varint longer than 10 bytes");
        }

        /**
         * An unsigned varint in {@code [min, max]}.
         *
         * @throws Malformed naming {@code what} if out of range
         */
        public long varint(String what, long min, long max) {
            long v = varint();
            if (v < min || v > max) {
                throw new Malformed(what + " " + Long.toUnsignedString(v) + " out of range " + min + ".." + max);
            }
            return v;
        }

        /** A zig-zag coded signed varint. */
        public long signed() {
            long v = varint();
            return v >>> 1 ^ -(v & 1);
        }

        /** A string. */
        public String string() {
            int n = size(varint(), 1);
            String s = new String(buf, pos, n, StandardCharsets.UTF_8);
            pos += n;
            return s;
        }

        /** Counts written by {@link Out#varints}. */
        public long[] varints() {
            long[] v = new long[size(varint(), 1)]; // each count takes a byte at least
            for (int i = 0; i < v.length; i++) {
                v[i] = varint();
            }
            return v;
        }

        /** A byte array written by {@link Out#array}, or null. */
        public byte[] array() {
            long n = varint();
            if (n == 0) {
                return null;
            }
            byte[] b = new byte[size(n - 1, 1)];
            bytes(b, 0, b.length);
            return b;
        }

        /** Copies {@code n} raw bytes to {@code dst[off..]}. */
        public void bytes(byte[] dst, int off, int n) {
            need(n);
            System.arraycopy(buf, pos, dst, off, n);
            pos += n;
        }

        /** {@code n} items of at least {@code bytesEach} bytes, checked against what is left. */
        private int size(long n, int bytesEach) {
            if (n < 0 || n > (long) remaining() / bytesEach) {
                throw new Malformed("a length of " + Long.toUnsignedString(n) + " with " + remaining()
                        + " bytes left");
            }
            return (int) n;
        }

        private void need(int n) {
            if (n < 0 || n > remaining()) {
                throw new Malformed("the message ends early (" + buf.length + " bytes)");
            }
        }
    }

    /** A message that does not read as its type says. */
    public static final class Malformed extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        /** @param message what is wrong */
        public Malformed(String message) {
            super("malformed message: " + message);
        }
    }
}
