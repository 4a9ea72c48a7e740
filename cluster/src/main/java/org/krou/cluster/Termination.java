package org.krou.cluster;

/**
 * The end of a threshold's propagation, detected from the workers' answers to polls (Mattern's
 * four counters): each answer says whether the worker is idle (its seeds scanned, nothing to
 * expand, no batch open or queued) and how many update batches it has sent and applied so far.
 * The counters only grow, so two consecutive waves of answers with every worker idle, the same
 * sums, and as many batches applied as sent mean that no batch was in flight between the two
 * waves and none can be sent again: the level is over. One wave alone is not enough, as a batch
 * may be applied between the reads of two workers.
 *
 * <pre>{@code
 * Termination done = new Termination();
 * while (!done.wave(allIdle, sentSum, appliedSum)) poll();
 * }</pre>
 */
public final class Termination {
    private boolean lastIdle;
    private long lastSent = -1;
    private long lastApplied = -1;

    /**
     * Takes one complete wave of answers; true if the level is over.
     *
     * @param allIdle every worker answered idle
     * @param sent    batches sent, summed over the workers
     * @param applied batches applied, summed over the workers
     */
    public boolean wave(boolean allIdle, long sent, long applied) {
        boolean over = allIdle && lastIdle && sent == lastSent && applied == lastApplied && sent == applied;
        lastIdle = allIdle;
        lastSent = sent;
        lastApplied = applied;
        return over;
    }

    /** Forgets the waves seen, for the next level. */
    public void reset() {
        lastIdle = false;
        lastSent = -1;
        lastApplied = -1;
    }
}
