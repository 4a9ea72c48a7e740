package org.krou.cluster;

import org.krou.index.PositionIndex;
import org.krou.util.ByteBigArray;

/**
 * A worker's slices of the finished layers: the true values of the rank blocks it owns
 * ({@link Blocks}: block {@code b} on worker {@code b mod workers}), one byte a position, so that
 * the workers together hold each finished layer once. A value owned elsewhere is asked of its
 * owner ({@link Lookups}).
 *
 * <p>Layers are added in order, 0 first, by one thread; any thread may read a layer once
 * {@link #ready} says so (the count of layers added is volatile, so a reader that saw it sees
 * the values too).
 *
 * <pre>{@code
 * Slices s = new Slices(3, 1, 1024);        // worker 1 of 3, blocks of 1,024 positions
 * s.add(0, values0); ...
 * if (s.ready(k) && s.owner(rank) == 1) v = s.get(k, rank);
 * }</pre>
 */
final class Slices {
    final int workers;
    final int self;
    final int blockSize;
    private final ByteBigArray[] values = new ByteBigArray[PositionIndex.MAX_SEEDS + 1];
    private final Blocks[] blocks = new Blocks[PositionIndex.MAX_SEEDS + 1];
    /** Layers {@code 0..count-1} are here. */
    private volatile int count;

    Slices(int workers, int self, int blockSize) {
        this.workers = workers;
        this.self = self;
        this.blockSize = blockSize;
    }

    /** True if the slices are of this partition of the layers. */
    boolean sameAs(int workers, int self, int blockSize) {
        return this.workers == workers && this.self == self && this.blockSize == blockSize;
    }

    /** The partition of layer {@code seeds}. */
    Blocks blocks(int seeds) {
        Blocks b = blocks[seeds];
        return b != null ? b : new Blocks(seeds, blockSize, workers, self);
    }

    /** The worker owning {@code rank} (of any layer: every layer is cut the same way). */
    int owner(long rank) {
        return (int) ((rank / blockSize) % workers);
    }

    /** True if layers {@code 0..seeds} are all here. */
    boolean ready(int seeds) {
        return seeds < count;
    }

    /** Layers here: {@code 0..layers()-1}. */
    int layers() {
        return count;
    }

    /**
     * Adds the slice of layer {@code seeds}, the next one: {@code slice} holds the values of the
     * owned positions in local order.
     */
    void add(int seeds, ByteBigArray slice) {
        Blocks b = new Blocks(seeds, blockSize, workers, self);
        if (seeds != count || slice.length() != b.localSize()) {
            throw new IllegalArgumentException("slice of layer " + seeds + " with " + slice.length()
                    + " positions after " + count + " layers; expected layer " + count + " with " + b.localSize());
        }
        values[seeds] = slice;
        blocks[seeds] = b;
        count = seeds + 1;
    }

    /** Replaces the slice of layer {@code seeds}, which is here, by the same values held otherwise (mapped from a file). */
    void replace(int seeds, ByteBigArray slice) {
        if (seeds >= count || slice.length() != values[seeds].length()) {
            throw new IllegalArgumentException("slice of layer " + seeds + " with " + slice.length() + " positions");
        }
        values[seeds] = slice;
    }

    /** The slice of layer {@code seeds}, which is here. */
    ByteBigArray slice(int seeds) {
        return values[seeds];
    }

    /** The value of owned position {@code rank} of layer {@code seeds}, which is here. */
    int get(int seeds, long rank) {
        return values[seeds].get(blocks[seeds].local(rank));
    }
}
