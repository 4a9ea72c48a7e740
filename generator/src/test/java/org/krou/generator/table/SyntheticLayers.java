package org.krou.generator.table;

import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;

/** Synthetic layers of values and exits, and the tables written from them, for the tests of tables. */
public final class SyntheticLayers {
    private SyntheticLayers() {
    }

    /** Values of layer {@code seeds}, skewed like real ones: mostly near 0, a few extremes. */
    public static ByteBigArray skewed(int seeds, long seed) {
        long n = PositionIndex.size(seeds);
        ByteBigArray a = new ByteBigArray(n);
        SplittableRandom r = new SplittableRandom(seed);
        int v = 0;
        for (long i = 0; i < n; i++) {
            if (r.nextInt(3) != 0) { // some runs and repeats, like real layers
                double g = Math.abs(r.nextGaussian()) * seeds / 4.0;
                v = (int) Math.min(seeds, Math.round(g)) * (r.nextInt(3) == 0 ? -1 : 1);
            }
            a.set(i, (byte) v);
        }
        return a;
    }

    /** Values uniform over {@code -seeds..seeds}. */
    public static ByteBigArray uniform(int seeds, long seed) {
        long n = PositionIndex.size(seeds);
        ByteBigArray a = new ByteBigArray(n);
        SplittableRandom r = new SplittableRandom(seed);
        for (long i = 0; i < n; i++) {
            a.set(i, (byte) (r.nextInt(2 * seeds + 1) - seeds));
        }
        return a;
    }

    /** Every value {@code v}. */
    public static ByteBigArray constant(int seeds, int v) {
        ByteBigArray a = new ByteBigArray(PositionIndex.size(seeds));
        a.fill((byte) v);
        return a;
    }

    /** {@code -seeds} and {@code +seeds} alternating in random stretches. */
    public static ByteBigArray extremes(int seeds, long seed) {
        long n = PositionIndex.size(seeds);
        ByteBigArray a = new ByteBigArray(n);
        SplittableRandom r = new SplittableRandom(seed);
        int v = seeds;
        for (long i = 0; i < n; i++) {
            if (r.nextInt(4) == 0) {
                v = -v;
            }
            a.set(i, (byte) v);
        }
        return a;
    }

    /**
     * Synthetic exits for {@code values}: per position at random no exit, an exit equal to the
     * value (a don't-care entry) or an exit below it.
     */
    public static ByteBigArray exits(ByteBigArray values, int seeds, long seed) {
        ByteBigArray e = new ByteBigArray(values.length());
        SplittableRandom r = new SplittableRandom(seed);
        for (long i = 0; i < values.length(); i++) {
            int v = values.get(i);
            int k = r.nextInt(10);
            if (k < 3 || v == -seeds) {
                e.set(i, k < 3 ? Byte.MIN_VALUE : (byte) v);
            } else if (k < 7) {
                e.set(i, (byte) v);
            } else {
                e.set(i, (byte) (v - 1 - r.nextInt(v + seeds)));
            }
        }
        return e;
    }

    /** Writes the values table of {@code values} (and {@code exits}, or null) into {@code dir}. */
    public static WriteResult write(Path dir, Variant v, int seeds, ByteBigArray values, ByteBigArray exits, WriterOptions o)
            throws IOException {
        return TableWriter.write(TablePaths.valuesPath(dir, v, seeds), v, seeds, values, exits, o);
    }

}
