package org.krou.cluster;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Values of finished layers read across the cluster: a thread records the positions it needs
 * ({@link Batch#add}), then {@link Batch#fetch} reads the owned ones from this worker's
 * {@link Slices} and asks each other owner for its share in one message, the positions sorted
 * and delta-coded ({@code LOOKUP epoch id count deltas...}, the key of a position being
 * {@code layer << 39 | rank}); the owner's loop thread answers {@code ANSWER epoch id values}
 * ({@link #answer}), one byte a position in the order asked. Threads wait only for their own
 * batch, so several can be in flight.
 *
 * <pre>{@code
 * Lookups lookups = new Lookups(transport, workers, epoch, slices);
 * Lookups.Batch b = lookups.batch(4096);
 * b.add(12, rank); ...
 * b.fetch(values);      // values[i] of the i-th position added
 * }</pre>
 */
final class Lookups {
    /** Bits of the index in a sort key; a batch holds at most {@code 2^INDEX_BITS} positions. */
    private static final int INDEX_BITS = 17;
    /** Bits of the rank in a key: every layer up to 48 seeds has fewer than {@code 2^39} positions. */
    private static final int RANK_BITS = 39;
    private final Transport transport;
    private final String[] workers;
    private final long epoch;
    private final Slices slices;
    private final ConcurrentHashMap<Long, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong asked = new AtomicLong();
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private volatile boolean closed;

    /** What a message asked: where each answered value goes, and the batch's count of messages due. */
    private record Pending(int[] index, int[] values, CountDownLatch due) {
    }

    Lookups(Transport transport, String[] workers, long epoch, Slices slices) {
        this.transport = transport;
        this.workers = workers;
        this.epoch = epoch;
        this.slices = slices;
    }

    /** A batch of up to {@code capacity} positions, for one thread. */
    Batch batch(int capacity) {
        if (capacity > 1 << INDEX_BITS) {
            throw new IllegalArgumentException("batches of at most " + (1 << INDEX_BITS) + " positions, not " + capacity);
        }
        return new Batch(capacity);
    }

    /** Positions asked of other workers so far. */
    long asked() {
        return asked.get();
    }

    /** Messages sent so far. */
    long messages() {
        return messages.get();
    }

    /** Bytes of the messages sent and of their answers so far. */
    long bytes() {
        return bytes.get();
    }

    /** @throws InterruptedException if the layer is abandoned ({@link #close}) */
    void checkOpen() throws InterruptedException {
        if (closed) {
            throw new InterruptedException("the layer was abandoned");
        }
    }

    /** Wakes and fails every waiting batch: the layer is abandoned. */
    void close() {
        closed = true;
        for (Pending p : pending.values()) {
            while (p.due.getCount() > 0) {
                p.due.countDown();
            }
        }
        pending.clear();
    }

    /** {@code ANSWER epoch id values} received (after its type and epoch). */
    void answered(Wire.In in) {
        Pending p = pending.remove(in.varint());
        if (p == null) {
            return; // a batch abandoned meanwhile
        }
        byte[] v = in.array();
        bytes.addAndGet(in.length());
        if (v == null || v.length != p.index.length) {
            throw new IllegalStateException("an answer of " + (v == null ? 0 : v.length) + " values to "
                    + p.index.length + " positions asked");
        }
        for (int j = 0; j < v.length; j++) {
            p.values[p.index[j]] = v[j];
        }
        p.due.countDown();
    }

    /**
     * The answer to {@code LOOKUP epoch id count deltas...} (read after its type and epoch) from
     * this worker's slices, or null if a layer it asks for is not here yet (ask again later).
     *
     * @throws IllegalStateException if it asks for a position this worker does not own
     */
    static byte[] answer(Wire.In in, long epoch, Slices slices) {
        long id = in.varint();
        int n = (int) in.varint("positions", 0, in.remaining()); // a byte a key at least
        long[] keys = new long[n];
        long key = 0;
        int top = 0;
        for (int j = 0; j < n; j++) {
            key += in.varint();
            keys[j] = key;
            top = Math.max(top, (int) (key >>> RANK_BITS));
        }
        if (!slices.ready(top)) {
            return null;
        }
        byte[] values = new byte[n];
        for (int j = 0; j < n; j++) {
            int layer = (int) (keys[j] >>> RANK_BITS);
            long rank = keys[j] & ((1L << RANK_BITS) - 1);
            if (slices.owner(rank) != slices.self) {
                throw new IllegalStateException("asked for rank " + rank + " of layer " + layer
                        + ", owned by worker " + slices.owner(rank) + ", not this one (" + slices.self + ")");
            }
            values[j] = (byte) slices.get(layer, rank);
        }
        return new Wire.Out(n + 32).type(Wire.ANSWER).varint(epoch).varint(id).array(values).toArray();
    }

    /** One thread's batch of positions to read: recorded, then fetched together. */
    final class Batch {
        private final int[] layer;
        private final long[] rank;
        private final long[] keys;
        private final int[] start;
        /** The owner of each position recorded, found once. */
        private final int[] owner;
        private int count;

        private Batch(int capacity) {
            layer = new int[capacity];
            rank = new long[capacity];
            keys = new long[capacity];
            start = new int[workers.length + 1];
            owner = new int[capacity];
        }

        /** Records position {@code rank} of layer {@code seeds}, the batch's next. */
        void add(int seeds, long r) {
            layer[count] = seeds;
            rank[count++] = r;
        }

        /** Positions recorded. */
        int size() {
            return count;
        }

        /**
         * Reads every recorded position, {@code values[i]} the i-th, and empties the batch.
         *
         * @throws InterruptedException if interrupted, or the layer is abandoned ({@link #close})
         */
        void fetch(int[] values) throws InterruptedException {
            checkOpen();
            Arrays.fill(start, 0);
            for (int i = 0; i < count; i++) {
                int w = slices.owner(rank[i]);
                owner[i] = w;
                if (w == slices.self) {
                    values[i] = slices.get(layer[i], rank[i]);
                } else {
                    start[w + 1]++;
                }
            }
            for (int w = 0; w < workers.length; w++) {
                start[w + 1] += start[w];
            }
            int remote = start[workers.length];
            int[] fill = start.clone();
            for (int i = 0; i < count; i++) {
                int w = owner[i];
                if (w != slices.self) {
                    keys[fill[w]++] = ((long) layer[i] << RANK_BITS | rank[i]) << INDEX_BITS | i;
                }
            }
            int owners = 0;
            for (int w = 0; w < workers.length; w++) {
                owners += start[w + 1] > start[w] ? 1 : 0;
            }
            count = 0;
            if (remote == 0) {
                return;
            }
            CountDownLatch due = new CountDownLatch(owners);
            for (int w = 0; w < workers.length; w++) {
                int from = start[w];
                int to = start[w + 1];
                if (to == from) {
                    continue;
                }
                Arrays.sort(keys, from, to);
                long id = ids.incrementAndGet();
                int[] index = new int[to - from];
                Wire.Out o = new Wire.Out(16 + 3 * (to - from)).type(Wire.LOOKUP).varint(epoch).varint(id)
                        .varint(to - from);
                long prev = 0;
                for (int j = from; j < to; j++) {
                    long key = keys[j] >>> INDEX_BITS;
                    o.varint(key - prev);
                    prev = key;
                    index[j - from] = (int) (keys[j] & ((1 << INDEX_BITS) - 1));
                }
                pending.put(id, new Pending(index, values, due));
                if (closed) {
                    throw new InterruptedException("the layer was abandoned");
                }
                transport.send(workers[w], o.toArray());
                messages.incrementAndGet();
                bytes.addAndGet(o.length());
            }
            asked.addAndGet(remote);
            while (!due.await(1, TimeUnit.SECONDS)) {
                if (closed) {
                    break;
                }
            }
            if (closed) {
                throw new InterruptedException("the layer was abandoned");
            }
        }
    }
}
