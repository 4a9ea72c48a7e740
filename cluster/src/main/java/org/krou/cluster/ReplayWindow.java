package org.krou.cluster;

/**
 * The anti-replay window of one sender, as IPsec's and DTLS's: counters start at 1 and grow by
 * one a message; the transport may reorder, so a counter below the highest seen is accepted
 * once if it is within {@link #SIZE} of it; a counter seen before, or older than the window, is
 * refused. Callers check the message's tag before {@link #accept}, so forged counters cannot
 * move the window. Not thread-safe: callers hold the sender's lock.
 */
final class ReplayWindow {
    /** Counters remembered below the highest: a message overtaken by this many later ones is refused. */
    static final int SIZE = 4096;
    /** Bit {@code c % SIZE} says whether counter {@code c} (within the window) was seen. */
    private final long[] seen = new long[SIZE / 64];
    /** The highest counter accepted (0: none yet). */
    private long top;

    /** Records {@code counter} and returns true if it is new and within the window; false for a replay. */
    boolean accept(long counter) {
        if (counter <= 0) {
            return false;
        }
        if (counter > top) {
            long shift = counter - top;
            if (shift >= SIZE) {
                java.util.Arrays.fill(seen, 0L);
            } else {
                for (long c = top + 1; c < counter; c++) {
                    clear(c);
                }
            }
            top = counter;
            set(counter);
            return true;
        }
        if (top - counter >= SIZE || isSet(counter)) {
            return false;
        }
        set(counter);
        return true;
    }

    private void set(long c) {
        int i = (int) (c % SIZE);
        seen[i >>> 6] |= 1L << i;
    }

    private void clear(long c) {
        int i = (int) (c % SIZE);
        seen[i >>> 6] &= ~(1L << i);
    }

    private boolean isSet(long c) {
        int i = (int) (c % SIZE);
        return (seen[i >>> 6] & (1L << i)) != 0;
    }
}
