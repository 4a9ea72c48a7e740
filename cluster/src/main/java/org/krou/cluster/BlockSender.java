package org.krou.cluster;

import java.util.function.Consumer;
import org.krou.generator.table.BlockEncoder;

/**
 * Sends a worker's coded table blocks to the coordinator as they are coded, in chunks of at
 * most {@code chunk} bytes of blocks (a larger block travels alone): {@code BLOCKS epoch seq
 * first last count (length crc bytes) * count}, where {@code seq} numbers the worker's chunks
 * from 0, {@code first} is the index in the table of the chunk's first block, and {@code last}
 * is 1 on the worker's final chunk (which may hold no block). A chunk is sent only when the
 * coordinator allowed it ({@code seq < credit}; it grants more, {@code CREDIT epoch upTo}, as
 * it writes the chunks): the coordinator holds a bounded number of chunks a worker whatever the
 * order in which it needs them, and the worker codes no further ahead than that.
 *
 * <pre>{@code
 * BlockSender s = BlockSender.start(transport, coordinator, epoch, 4, 1 << 20, coder, table, order, model,
 *         last -> post(...), failure -> post(...));   // codes on a thread of its own
 * s.credit(7);                                       // on the loop thread, for each CREDIT
 * s.close();                                         // the layer is dropped (or done)
 * }</pre>
 */
final class BlockSender {
    private final Transport transport;
    private final String coordinator;
    private final long epoch;
    private final Consumer<byte[]> last;
    /** Bytes of blocks in a chunk, at most (unless one block is larger). */
    private final int chunk;
    private final Wire.Out body;
    private long seq;
    private long first = -1;
    private int count;
    private long credit;
    private volatile boolean closed;
    private Thread thread;

    /**
     * @param credit chunks allowed at first
     * @param last   sends the final chunk, which the worker sends after it records the layer done
     */
    private BlockSender(Transport transport, String coordinator, long epoch, long credit, int chunk,
                        Consumer<byte[]> last) {
        this.transport = transport;
        this.chunk = chunk;
        this.body = new Wire.Out(chunk + 64);
        this.coordinator = coordinator;
        this.epoch = epoch;
        this.credit = credit;
        this.last = last;
    }

    /**
     * Starts a thread that codes the blocks of {@code coder} with the plan ({@code table},
     * {@code order}, {@code modelCounts}) and sends them; {@code last} gets the final chunk, and
     * {@code failed} whatever stops the thread otherwise (not an abandonment).
     */
    static BlockSender start(Transport transport, String coordinator, long epoch, long credit, int chunk,
                             PartCoder coder, byte[] table, byte[] order, long[] modelCounts, Consumer<byte[]> last,
                             Consumer<Throwable> failed) {
        BlockSender s = new BlockSender(transport, coordinator, epoch, credit, chunk, last);
        s.thread = new Thread(() -> {
            try {
                coder.encode(table, order, modelCounts, s::block);
                s.end();
            } catch (InterruptedException abandoned) {
                // the layer was dropped: nothing to report
            } catch (Throwable x) { // whatever stops this thread fails the layer, or the coordinator would wait
                failed.accept(x);
            }
        }, "krou-blocks-" + epoch);
        s.thread.setDaemon(true);
        s.thread.start();
        return s;
    }

    /** Adds a coded block, table block {@code tableBlock}; sends the chunk before it if it is full. */
    void block(long b, long tableBlock, BlockEncoder.Stored coded) throws InterruptedException {
        if (closed) {
            throw new InterruptedException("the layer was abandoned");
        }
        int n = coded.data().length;
        if (count > 0 && body.length() + n + 16 > chunk) {
            send(false);
        }
        if (count == 0) {
            first = tableBlock;
        }
        body.varint(n).varint(coded.crc() & 0xFFFFFFFFL).bytes(coded.data(), 0, n);
        count++;
    }

    /** Hands over the final chunk (with the blocks not sent yet, maybe none) once it is allowed. */
    void end() throws InterruptedException {
        byte[] m = chunk(true);
        awaitCredit();
        last.accept(m);
    }

    private void send(boolean end) throws InterruptedException {
        byte[] m = chunk(end);
        awaitCredit();
        transport.send(coordinator, m);
        seq++;
    }

    private byte[] chunk(boolean end) {
        Wire.Out m = new Wire.Out(body.length() + 48).type(Wire.BLOCKS).varint(epoch).varint(seq)
                .varint(Math.max(0, first)).varint(end ? 1 : 0).varint(count);
        byte[] b = body.toArray();
        m.bytes(b, 0, b.length);
        body.reset();
        count = 0;
        first = -1;
        return m.toArray();
    }

    private synchronized void awaitCredit() throws InterruptedException {
        while (true) {
            if (closed) {
                throw new InterruptedException("the layer was abandoned");
            }
            if (seq < credit) {
                return;
            }
            wait(1000);
        }
    }

    /** {@code CREDIT epoch upTo} received: chunks below {@code upTo} may be sent. */
    synchronized void credit(long upTo) {
        if (upTo > credit) {
            credit = upTo;
            notifyAll();
        }
    }

    /** Stops the coding thread at its next block or chunk and waits for it: the layer is dropped. */
    void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        if (thread != null && thread != Thread.currentThread()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
