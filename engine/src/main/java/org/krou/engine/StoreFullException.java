package org.krou.engine;

import java.nio.file.Path;

/**
 * The analysis store holds as many positions as it was created for; nothing more is added (the
 * entries already there may still be tightened). Its capacity is fixed when the file is created:
 * {@code krou store clear} and a larger {@code --store-entries} make room.
 *
 * <pre>{@code
 * try {
 *     store.merge(key, entry);
 * } catch (StoreFullException e) {
 *     e.capacity();   // the positions it was created for
 * }
 * }</pre>
 */
public final class StoreFullException extends StoreException {
    private static final long serialVersionUID = 1L;
    private final long capacity;

    /** The store in {@code file}, created for {@code capacity} positions, is full. */
    public StoreFullException(Path file, long capacity) {
        super("analysis store " + file + " is full: it holds the " + capacity + " positions it was created for; "
                + "clear it (krou store clear) and analyse with a larger --store-entries to make room");
        this.capacity = capacity;
    }

    /** The positions the store was created for. */
    public long capacity() {
        return capacity;
    }
}
