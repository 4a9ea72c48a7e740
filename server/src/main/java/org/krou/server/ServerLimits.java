package org.krou.server;

/**
 * The bounds that keep a server's memory and threads bounded whatever clients send.
 *
 * @param maxConnections    connections open at once; further ones wait in the accept backlog, and the
 *                          connections already open are closed after {@link #BUSY_IDLE_MILLIS} of silence
 *                          (instead of {@code idleMillis}) until there is room again
 * @param maxConnectionsPerAddress connections open at once from one client address; further ones are
 *                          closed as soon as they are accepted, so one client cannot take every place
 * @param maxThreads        threads answering requests
 * @param requestHeaderBytes the request line and headers, in bytes (beyond: 414 or 431)
 * @param idleMillis        a connection silent this long (mid-request included) is closed
 * @param maxBatchLines     positions in one batch (beyond: 413)
 * @param maxBatchBytes     bytes of one batch body (beyond: 413)
 * @param concurrentLines   principal lines followed at once (each may search up to the node budget)
 * @param lineWaitMillis    how long a {@code pv} request waits for its turn before a 503
 * @param cacheControl      the {@code Cache-Control} of answers (they never change for a table set)
 */
public record ServerLimits(int maxConnections, int maxConnectionsPerAddress, int maxThreads, int requestHeaderBytes,
                           long idleMillis, int maxBatchLines, int maxBatchBytes, int concurrentLines,
                           long lineWaitMillis, String cacheControl) {
    /**
     * The most bytes of a request body read: one declared longer is refused at once, its connection
     * closed; a batch body over {@link #maxBatchBytes()} is read and dropped up to this before its
     * refusal, so that a client still sending it reads the answer.
     */
    public static final long DRAIN_BYTES = 16L << 20;
    /** The idle timeout of every open connection while the connection bound is reached, at most. */
    public static final long BUSY_IDLE_MILLIS = 2_000;

    /** The defaults of {@code krou serve}. */
    public static final ServerLimits DEFAULT = new ServerLimits(1024, 64, 64, 8192, 30_000, 10_000, 1 << 20, 2,
            10_000, "public, max-age=86400");

    /**
     * Validates.
     *
     * @throws IllegalArgumentException if a bound is not positive
     */
    public ServerLimits {
        if (maxConnections < 1 || maxConnectionsPerAddress < 1 || maxThreads < 4 || requestHeaderBytes < 256
                || idleMillis < 1 || maxBatchLines < 1 || maxBatchBytes < 1 || concurrentLines < 1
                || lineWaitMillis < 0) {
            throw new IllegalArgumentException("server limits must be positive (at least 4 threads, 256 header "
                    + "bytes): " + this);
        }
    }

    /** The same limits with another idle timeout. */
    public ServerLimits withIdleMillis(long millis) {
        return new ServerLimits(maxConnections, maxConnectionsPerAddress, maxThreads, requestHeaderBytes, millis,
                maxBatchLines, maxBatchBytes, concurrentLines, lineWaitMillis, cacheControl);
    }

    /** The same limits with another bound of connections from one address. */
    public ServerLimits withMaxConnectionsPerAddress(int connections) {
        return new ServerLimits(maxConnections, connections, maxThreads, requestHeaderBytes, idleMillis, maxBatchLines,
                maxBatchBytes, concurrentLines, lineWaitMillis, cacheControl);
    }

    /** The same limits with another connection bound. */
    public ServerLimits withMaxConnections(int connections) {
        return new ServerLimits(connections, maxConnectionsPerAddress, maxThreads, requestHeaderBytes, idleMillis,
                maxBatchLines, maxBatchBytes, concurrentLines, lineWaitMillis, cacheControl);
    }
}
