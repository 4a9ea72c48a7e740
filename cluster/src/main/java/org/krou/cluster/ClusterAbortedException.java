package org.krou.cluster;

import java.io.IOException;

/**
 * A layer could not be finished by the cluster: a worker was lost or failed. The layers written
 * before are intact; a run started again reuses them.
 *
 * <pre>{@code
 * try { gen.run(16); } catch (ClusterAbortedException e) { ... start again ... }
 * }</pre>
 */
public final class ClusterAbortedException extends IOException {
    private static final long serialVersionUID = 1L;

    /** @param message what happened, naming the layer */
    public ClusterAbortedException(String message) {
        super(message);
    }
}
