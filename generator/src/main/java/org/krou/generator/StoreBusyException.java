package org.krou.generator;

import java.nio.file.Path;

/**
 * Another run holds the write lock of a layer store: two writers on one directory would
 * overwrite each other's layers. The message says which process holds it and what to do.
 */
public final class StoreBusyException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The store directory. */
    private final transient Path dir;

    /** The lock of {@code dir} is held by process {@code pid} (null if unknown). */
    public StoreBusyException(Path dir, String pid) {
        super("another krou generate (" + (pid == null ? "process unknown" : "pid " + pid) + ") is writing " + dir
                + ": wait for it to finish or stop it, then run again");
        this.dir = dir;
    }

    /** The directory whose lock is held. */
    public Path dir() {
        return dir;
    }
}
