package org.krou.cluster;

import org.krou.generator.ExitKernel;
import org.krou.generator.Parallel;

/**
 * Phase 1 of a worker's part of a layer: each owned position's best exit and same-layer move
 * count ({@link ExitKernel}), {@value #CHUNK} positions at a time per thread. The captured
 * children of a chunk are read together through {@link Lookups}: the owned ones from this
 * worker's slices, the others asked of their owners in one message each.
 *
 * <pre>{@code
 * PartExits.run(part, threads, lookups);
 * }</pre>
 */
final class PartExits {
    /** Positions whose exits are looked up together. */
    static final int CHUNK = 4096;

    private PartExits() {
    }

    /**
     * Sets the exits of every position of {@code part}.
     *
     * @throws InterruptedException if the layer is abandoned meanwhile
     */
    static void run(LayerPart part, int threads, Lookups lookups) throws InterruptedException {
        Run[] runs = new Run[Math.max(1, threads)];
        for (int w = 0; w < runs.length; w++) {
            runs[w] = new Run(part, lookups);
        }
        try {
            Parallel.forChunks(threads, part.blocks.localSize(), CHUNK, (w, from, to) -> runs[w].run(from, to));
        } catch (Abandoned e) {
            throw new InterruptedException(e.getMessage());
        }
    }

    /** An {@link InterruptedException} through {@link Parallel}. */
    static final class Abandoned extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abandoned(InterruptedException e) {
            super(e.getMessage(), e);
        }
    }

    /** One thread's scratch. */
    private static final class Run {
        private final LayerPart part;
        private final ExitKernel kernel;
        private final Lookups.Batch batch;
        private final int[] values = new int[CHUNK * 6];
        private final int[] board = new int[12];

        Run(LayerPart part, Lookups lookups) {
            this.part = part;
            this.kernel = new ExitKernel(part.variant, null, CHUNK);
            this.batch = lookups.batch(CHUNK * 6);
        }

        void run(long from, long to) {
            int n = part.seeds;
            long prev = -2;
            for (long l = from; l < to; l++) {
                prev = part.blocks.board(l, prev, board);
                kernel.gather(board, n, (int) (l - from));
            }
            int looks = kernel.looks();
            for (int k = 0; k < looks; k++) {
                batch.add(n - kernel.lookCaptured(k), kernel.lookRank(k));
            }
            try {
                batch.fetch(values);
            } catch (InterruptedException e) {
                throw new Abandoned(e);
            }
            for (int k = 0; k < looks; k++) {
                kernel.answer(k, values[k]);
            }
            kernel.clearLooks();
            for (long l = from; l < to; l++) {
                int r = kernel.result((int) (l - from));
                part.setExit(l, ExitKernel.same(r), ExitKernel.best(r));
            }
        }
    }
}
