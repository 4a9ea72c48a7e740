package org.krou.generator;

import java.util.Locale;
import org.krou.table.StatsFile;
import org.krou.util.ByteBigArray;

/**
 * How many positions of a layer have each value.
 *
 * @param seeds  the layer
 * @param counts {@code counts[v + seeds]} positions are worth {@code v}
 */
public record LayerStats(int seeds, long[] counts) {
    /** Counts the values of a solved layer, using {@code threads} threads. */
    public static LayerStats of(int seeds, ByteBigArray values, int threads) {
        long[][] partial = new long[threads][2 * seeds + 1];
        Parallel.forChunks(threads, values.length(), 1 << 20, (worker, from, to) -> {
            long[] c = partial[worker];
            for (long i = from; i < to; i++) {
                c[values.get(i) + seeds]++;
            }
        });
        long[] counts = new long[2 * seeds + 1];
        for (long[] c : partial) {
            for (int v = 0; v < counts.length; v++) {
                counts[v] += c[v];
            }
        }
        return new LayerStats(seeds, counts);
    }

    /** Positions in the layer. */
    public long positions() {
        long s = 0;
        for (long c : counts) {
            s += c;
        }
        return s;
    }

    /** Positions worth {@code v}. */
    public long count(int v) {
        return v < -seeds || v > seeds ? 0 : counts[v + seeds];
    }

    /** Order-0 entropy of the values in bits per position. */
    public double entropy() {
        double total = positions();
        double h = 0;
        for (long c : counts) {
            if (c > 0) {
                double p = c / total;
                h -= p * Math.log(p) / Math.log(2);
            }
        }
        return h;
    }

    /** The line of {@code krou stats}: {@code seeds 2 positions 78: -2=41 0=13 2=24}. */
    public String line() {
        return StatsFile.line(seeds, counts);
    }

    @Override
    public String toString() {
        return line() + String.format(Locale.ROOT, " (entropy %.3f bits)", entropy());
    }
}
