package org.krou.cluster;

import org.krou.index.PositionIndex;

/**
 * Who owns which positions of a layer: rank block {@code b} (ranks {@code b*blockSize ..}) is
 * owned by worker {@code b mod workers}, and a worker keeps its blocks one after the other in a
 * local array.
 *
 * <pre>{@code
 * Blocks blocks = new Blocks(12, 1024, 3, 1);   // layer 12, worker 1 of 3
 * if (blocks.owner(rank) == 1) state.get(blocks.local(rank));
 * }</pre>
 */
public final class Blocks {
    /** Seeds of the layer. */
    public final int seeds;
    /** Positions in the layer. */
    public final long size;
    /** Positions per block (the last block may be shorter). */
    public final int blockSize;
    /** Workers sharing the layer. */
    public final int workers;
    /** The worker these blocks are seen from. */
    public final int self;
    /** Blocks in the layer. */
    public final long blocks;

    /** The blocks of layer {@code seeds} as worker {@code self} of {@code workers} sees them. */
    public Blocks(int seeds, int blockSize, int workers, int self) {
        if (blockSize < 1 || workers < 1 || self < 0 || self >= workers) {
            throw new IllegalArgumentException("block size " + blockSize + ", worker " + self + " of " + workers);
        }
        this.seeds = seeds;
        this.size = PositionIndex.size(seeds);
        this.blockSize = blockSize;
        this.workers = workers;
        this.self = self;
        this.blocks = (size + blockSize - 1) / blockSize;
    }

    /** The worker owning {@code rank}. */
    public int owner(long rank) {
        return (int) ((rank / blockSize) % workers);
    }

    /** The local index of an owned {@code rank}. */
    public long local(long rank) {
        long b = rank / blockSize;
        return (b / workers) * blockSize + rank % blockSize;
    }

    /** The rank of local index {@code local}. */
    public long global(long local) {
        long lb = local / blockSize;
        return (lb * workers + self) * blockSize + local % blockSize;
    }

    /**
     * Sets {@code board} to the position of local index {@code local} and returns its rank: the
     * board is stepped ({@link PositionIndex#next}) when it holds rank {@code prev}, the rank
     * just before, else unranked. Visiting local indices in order this way unranks once a block.
     */
    public long board(long local, long prev, int[] board) {
        long r = global(local);
        if (r == prev + 1) {
            PositionIndex.next(board);
        } else {
            PositionIndex.unrank(seeds, r, board);
        }
        return r;
    }

    /** Blocks this worker owns. */
    public long ownedBlocks() {
        return blocks <= self ? 0 : (blocks - self + workers - 1) / workers;
    }

    /** The first rank of the {@code i}-th owned block. */
    public long blockStart(long i) {
        return (i * workers + self) * blockSize;
    }

    /** Positions in the {@code i}-th owned block. */
    public int blockLength(long i) {
        return (int) Math.min(blockSize, size - blockStart(i));
    }

    /** Positions this worker owns (the length of its local array). */
    public long localSize() {
        long owned = ownedBlocks();
        return owned == 0 ? 0 : (owned - 1) * blockSize + blockLength(owned - 1);
    }
}
