package org.krou.cluster;

import java.util.List;

/**
 * What the cluster engine gives the layer generation: membership, point-to-point delivery of
 * byte batches, and notice of a member lost. The retrograde algorithm ({@link Coordinator},
 * {@link ClusterWorker}) only sees this interface, so another engine (Hazelcast today,
 * {@link HazelcastTransport}; an in-memory one for tests, {@link LocalTransport}) can carry it.
 * Barriers are the coordinator's rounds: it sends a command to every worker and waits for
 * every reply.
 *
 * <p>Delivery may reorder messages. Over {@link ReliableTransport} (which {@link ClusterWorker}
 * and {@link Coordinator} put over the transport they are given) each message is delivered
 * exactly once while both members live, and a member that stays silent is reported lost; a
 * transport below it may drop and duplicate messages. A member lost is reported to every
 * listener, and the layer under way is then abandoned.
 *
 * <pre>{@code
 * Transport t = LocalTransport.hub().join();
 * t.listen(new Transport.Listener() { ... });
 * for (String m : t.members()) t.send(m, new byte[] {1, 2, 3});
 * }</pre>
 */
public interface Transport extends AutoCloseable {
    /** This member's id, as {@link #members()} lists it. */
    String self();

    /** The members present, this one included, in the same order on every member. */
    List<String> members();

    /**
     * Sends {@code message} to {@code member} (which may be this member); returns at once. The
     * array must not be changed afterwards.
     */
    void send(String member, byte[] message);

    /** Sets who receives the messages sent to this member; messages may arrive on any thread. */
    void listen(Listener listener);

    /** Leaves the cluster. */
    @Override
    void close();

    /** Receives messages and membership losses. */
    interface Listener {
        /** A message from {@code from}. */
        void received(String from, byte[] message);

        /** {@code member} left or failed. */
        void memberLost(String member);

        /**
         * {@code member} is lost for {@code reason} (what was waited for, how long), as a layer
         * that checks delivery finds it ({@link ReliableTransport}); by default, as
         * {@link #memberLost(String)}.
         */
        default void memberLost(String member, String reason) {
            memberLost(member);
        }
    }
}
