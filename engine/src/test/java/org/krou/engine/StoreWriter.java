package org.krou.engine;

import java.nio.file.Path;
import java.util.Random;
import org.krou.rules.Variant;

/**
 * A second JVM for {@link MultiProcessStoreTest}: {@code write DIR WRITER FROM TO} merges
 * {@link #entry} of writer {@code WRITER} for keys {@code FROM..TO-1} in a random order;
 * {@code check DIR FROM TO} checks that every key holds the merge of both writers where their
 * ranges overlap. Exit 0 on success, 1 with a message otherwise.
 */
public final class StoreWriter {
    /** The seed count in the test keys. */
    static final int SEEDS = 20;

    private StoreWriter() {
    }

    /** The key of test entry {@code i}. */
    static long key(int i) {
        return (long) SEEDS << 48 | i;
    }

    /** What writer {@code w} (0 or 1) writes for test entry {@code i}: [-a+1, a] or [-a, a-1], depth w+1, move w. */
    static StoreEntry entry(int w, int i) {
        int a = i % 20 + 2;
        return w == 0 ? new StoreEntry(-a + 1, a, 1, 0) : new StoreEntry(-a, a - 1, 2, 1);
    }

    /** The entry expected for {@code i} after writer 0 wrote {@code [from0, to0)} and writer 1 {@code [from1, to1)}. */
    static StoreEntry expected(int i, int from0, int to0, int from1, int to1) {
        boolean in0 = i >= from0 && i < to0;
        boolean in1 = i >= from1 && i < to1;
        if (in0 && in1) {
            return entry(0, i).merge(entry(1, i));
        }
        return in0 ? entry(0, i) : in1 ? entry(1, i) : null;
    }

    /** Entry point. */
    public static void main(String[] args) {
        Path dir = Path.of(args[1]);
        try (AnalysisStore store = AnalysisStore.open(dir, Variant.ABAPA, 100_000)) {
            if (args[0].equals("write")) {
                int w = Integer.parseInt(args[2]);
                int from = Integer.parseInt(args[3]);
                int to = Integer.parseInt(args[4]);
                int[] order = new int[to - from];
                for (int i = 0; i < order.length; i++) {
                    order[i] = from + i;
                }
                Random r = new Random(w);
                for (int i = order.length - 1; i > 0; i--) {
                    int j = r.nextInt(i + 1);
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
                for (int i : order) {
                    store.merge(key(i), entry(w, i));
                }
            } else {
                int[] r = new int[4];
                for (int i = 0; i < 4; i++) {
                    r[i] = Integer.parseInt(args[2 + i]);
                }
                String problem = check(store, r[0], r[1], r[2], r[3]);
                if (problem != null) {
                    System.err.println(problem);
                    System.exit(1);
                }
            }
        }
        System.exit(0);
    }

    /** What is wrong with the store after both writers, or null. */
    static String check(AnalysisStore store, int from0, int to0, int from1, int to1) {
        int lo = Math.min(from0, from1);
        int hi = Math.max(to0, to1);
        for (int i = lo; i < hi; i++) {
            StoreEntry want = expected(i, from0, to0, from1, to1);
            long got = store.getPacked(key(i));
            if (!StoreEntry.isPacked(got)) {
                return "key " + i + ": " + (got == 0 ? "lost" : "torn value " + Long.toHexString(got));
            }
            if (!StoreEntry.unpack(got).equals(want)) {
                return "key " + i + ": " + StoreEntry.unpack(got) + ", expected " + want;
            }
        }
        if (store.size() != hi - lo) {
            return store.size() + " entries, expected " + (hi - lo);
        }
        return null;
    }
}
