package org.krou.generator.table;

import org.krou.util.ByteBigArray;

/**
 * The best exits of a layer's positions, read block by block by {@link TableWriter} to find the
 * don't-care entries of a values table (value equal to its best exit). Each exit is
 * {@code Byte.MIN_VALUE} if the position has no capturing move and is not a finished game, else
 * the best value among its capturing moves or the value of the finished game; an exit below the
 * position's value may also be given as {@code Byte.MIN_VALUE}, since the writer only uses the
 * exits equal to values (the generator keeps no more than that).
 *
 * <pre>{@code
 * ExitSource exits = ExitSource.of(exitArray);
 * exits.copyTo(first, block, 0, blockLength);
 * }</pre>
 */
public interface ExitSource {
    /** The number of positions. */
    long length();

    /** Writes the exits of positions {@code first .. first + len - 1} to {@code dst[off ..]}. */
    void copyTo(long first, byte[] dst, int off, int len);

    /** The exits held in an array, one byte per position. */
    static ExitSource of(ByteBigArray exits) {
        return new ExitSource() {
            @Override
            public long length() {
                return exits.length();
            }

            @Override
            public void copyTo(long first, byte[] dst, int off, int len) {
                exits.copyTo(first, dst, off, len);
            }
        };
    }
}
