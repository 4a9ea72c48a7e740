package org.krou.generator;

/**
 * Who holds the positions of a layer split between members, for {@link Propagator#partitioned}:
 * the owner of a rank, a held rank's index in the local state array and back, and the way an
 * update of a predecessor held elsewhere goes to its owner. One implementation a run (the
 * cluster's rank blocks), so that the compiler inlines its calls.
 *
 * <pre>{@code
 * if (p.owner(rank) == self) state.get(p.local(rank)); else p.send(p.owner(rank), rank, true, t);
 * }</pre>
 */
public interface Partition {
    /** The member holding {@code rank}. */
    int owner(long rank);

    /** The local index of a held {@code rank}. */
    long local(long rank);

    /** The rank of local index {@code local}. */
    long rank(long local);

    /**
     * Sends member {@code owner} an update of its position {@code rank}: a child worth
     * {@code +t} ({@code lower}: one counted move less) or {@code -t} (it wins).
     */
    void send(int owner, long rank, boolean lower, int t);
}
