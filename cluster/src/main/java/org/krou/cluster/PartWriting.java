package org.krou.cluster;

import java.util.function.Consumer;
import org.krou.generator.table.WriterOptions;

/**
 * A worker's part in writing a layer it solved, from the coordinator's {@code FINISH} on: the
 * part is settled and its value counts answered ({@code SYMBOL_COUNTS}); each {@code PAIRS}
 * round is answered with the pair counts of its positions ({@code PAIR_COUNTS}); on
 * {@code ENCODE} a thread of its own codes its table blocks and sends them to the coordinator
 * as the coordinator grants credit ({@link BlockSender}). Every field a message carries is
 * checked ({@link Wire.In}); one out of range throws, which fails the layer. Runs on the
 * worker's loop thread, but for the coding thread.
 *
 * <pre>{@code
 * PartWriting w = PartWriting.finish(transport, coordinator, epoch, chunk, part, finishMessage, 2);
 * w.pairs(pairsMessage);
 * w.encode(encodeMessage, last -> ..., failure -> ...);
 * w.credit(7);
 * w.close();                          // the layer is dropped (or done)
 * }</pre>
 */
final class PartWriting implements AutoCloseable {
    private final Transport transport;
    private final String coordinator;
    private final long epoch;
    /** Bytes of a chunk of coded blocks sent to the coordinator. */
    private final int chunk;
    private final PartCoder coder;
    /** Codes and sends the blocks; null until {@code ENCODE}. */
    private BlockSender sender;

    private PartWriting(Transport transport, String coordinator, long epoch, int chunk, PartCoder coder) {
        this.transport = transport;
        this.coordinator = coordinator;
        this.epoch = epoch;
        this.chunk = chunk;
        this.coder = coder;
    }

    /**
     * {@code FINISH epoch options} (read past its epoch): stops the propagation of {@code part},
     * settles it and answers the value counts of its positions, {@code SYMBOL_COUNTS epoch counts}.
     *
     * @throws IllegalArgumentException if an option is out of its range (nothing is stopped then)
     */
    static PartWriting finish(Transport transport, String coordinator, long epoch, int chunk, LayerPart part,
                              Wire.In in, int threads) {
        WriterOptions o = Coordinator.readOptions(in);
        part.stopResolve();
        part.finish();
        PartCoder coder = new PartCoder(part, o, threads);
        transport.send(coordinator, new Wire.Out(1024).type(Wire.SYMBOL_COUNTS).varint(epoch)
                .varints(coder.symbols()).toArray());
        return new PartWriting(transport, coordinator, epoch, chunk, coder);
    }

    /** {@code PAIRS epoch table order stride} (read past its epoch): answers {@code PAIR_COUNTS epoch counts}. */
    void pairs(Wire.In in) {
        byte[] table = in.array();
        byte[] order = in.array();
        int stride = (int) in.varint("sampling stride", 1, Integer.MAX_VALUE);
        in.end();
        transport.send(coordinator, new Wire.Out(1 << 16).type(Wire.PAIR_COUNTS).varint(epoch)
                .varints(coder.pairs(table, order, stride)).toArray());
    }

    /** True once the blocks are being coded ({@link #encode}). */
    boolean encoding() {
        return sender != null;
    }

    /**
     * {@code ENCODE epoch table order modelCounts credit} (read past its epoch): starts the
     * thread that codes the blocks and sends them, {@code credit} chunks ahead at first;
     * {@code last} gets the final chunk (for the worker to send once it recorded the layer done),
     * {@code failed} whatever stops the thread otherwise. Both are called on the coding thread.
     */
    void encode(Wire.In in, Consumer<byte[]> last, Consumer<Throwable> failed) {
        byte[] table = in.array();
        byte[] order = in.array();
        long[] model = in.varints();
        long credit = in.varint("credit", 1, LayerOrder.MAX_WINDOW);
        in.end();
        sender = BlockSender.start(transport, coordinator, epoch, credit, chunk, coder, table, order,
                model.length == 0 ? null : model, last, failed);
    }

    /** {@code CREDIT epoch upTo} (read past its epoch): the coordinator takes chunks up to {@code upTo}. */
    void credit(Wire.In in) {
        sender.credit(in.varint("credit", 0, Long.MAX_VALUE));
    }

    /** Stops the coding thread at its next block, if it runs. */
    @Override
    public void close() {
        if (sender != null) {
            sender.close();
        }
    }
}
