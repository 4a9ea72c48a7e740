package org.krou.table;

/** The validated block index of a table: where each block is, its length and its checksum. */
final class BlockIndex {
    final long[] offset;
    final int[] stored;
    final int[] crc;

    BlockIndex(int blocks) {
        offset = new long[blocks];
        stored = new int[blocks];
        crc = new int[blocks];
    }

    /** Sum of the stored lengths. */
    long storedBytes() {
        long s = 0;
        for (int x : stored) {
            s += x;
        }
        return s;
    }
}
