package org.krou.cluster;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.krou.generator.table.BlockEncoder;
import org.krou.generator.table.TableWriter;

/**
 * The coordinator's side of {@link BlockSender}: hands the table writer the blocks of a layer
 * in the table's order, taking them from the chunks the workers send, which may arrive in any
 * order. Table block {@code g} is in rank block {@code g / perRankBlock}, owned by worker
 * {@code rankBlock mod W}, whose blocks come one after the other in its chunks. Each chunk must
 * start at the block the table needs next from that worker, and each block must match its
 * CRC32C; a worker may have at most {@code window} chunks ahead of the one being written (it is
 * granted more, {@code CREDIT}, as each is written), so that this member holds at most
 * {@code W * window} chunks. Duplicates of a chunk are ignored. After the table's last block,
 * every worker's stream must end there (its chunk marked last, nothing left in it).
 *
 * <pre>{@code
 * BlockReceiver r = new BlockReceiver(workers, 64, blocks, 4, source, credit);
 * TableWriter.assemble(file, variant, plan, r);
 * }</pre>
 */
final class BlockReceiver implements TableWriter.StoredBlocks {
    /** Where the chunks come from. */
    interface Source {
        /** The next {@code BLOCKS} message of the layer, read past its type and epoch. */
        Received next() throws IOException;
    }

    /** A message from {@code from}. */
    record Received(String from, Wire.In in) {
    }

    /** Allows worker {@code worker} to send its chunks below {@code upTo}. */
    interface Credit {
        void grant(String worker, long upTo);
    }

    private final List<String> workers;
    private final int perRankBlock;
    private final int tableBlocks;
    private final int window;
    private final Source source;
    private final Credit credit;
    private final Stream[] streams;
    private final CRC32C crc = new CRC32C();

    private record Chunk(long first, boolean last, int count, Wire.In in) {
    }

    /** One worker's chunks: the one being read ({@code seq}) and those arrived ahead of it. */
    private static final class Stream {
        final Map<Long, Chunk> ahead = new HashMap<>();
        long seq;
        Chunk current;
        int used;
    }

    /**
     * @param perRankBlock table blocks in a rank block
     * @param tableBlocks  blocks of the table
     * @param window       chunks a worker may send ahead of the one being written (its first credit)
     */
    BlockReceiver(List<String> workers, int perRankBlock, int tableBlocks, int window, Source source, Credit credit) {
        this.workers = workers;
        this.perRankBlock = perRankBlock;
        this.tableBlocks = tableBlocks;
        this.window = window;
        this.source = source;
        this.credit = credit;
        this.streams = new Stream[workers.size()];
        for (int i = 0; i < streams.length; i++) {
            streams[i] = new Stream();
        }
    }

    @Override
    public BlockEncoder.Stored next(int g) throws IOException {
        int w = (g / perRankBlock) % streams.length;
        Stream s = streams[w];
        String who = "worker " + workers.get(w) + ", table block " + g;
        while (s.current == null || s.used == s.current.count) {
            if (s.current != null) {
                if (s.current.last) {
                    throw new IOException(who + ": its blocks ended before");
                }
                advance(w);
            }
            s.current = take(w);
            if (s.current.count > 0 && s.current.first != g) {
                throw new IOException(who + ": a chunk starting at table block " + s.current.first);
            }
        }
        Wire.In in = s.current.in;
        BlockEncoder.Stored b;
        try {
            int len = (int) in.varint("block length", 0, Math.min(in.remaining(), 1 << 24));
            int sum = (int) in.varint("checksum", 0, 0xFFFFFFFFL);
            byte[] data = new byte[len];
            in.bytes(data, 0, len);
            crc.reset();
            crc.update(data, 0, len);
            if ((int) crc.getValue() != sum) {
                throw new IOException("checksum mismatch");
            }
            b = new BlockEncoder.Stored(data, sum, 0);
        } catch (IOException | IllegalArgumentException e) {
            throw new IOException(who + ": " + e.getMessage(), e);
        }
        s.used++;
        if (g == tableBlocks - 1) {
            end();
        }
        return b;
    }

    /** Checks that every worker's blocks end with the table's (waiting for the final chunks). */
    private void end() throws IOException {
        for (int w = 0; w < streams.length; w++) {
            Stream s = streams[w];
            while (true) {
                if (s.current == null) {
                    s.current = take(w);
                }
                if (s.used < s.current.count || s.current.in.more()) {
                    throw new IOException("worker " + workers.get(w) + " sent more blocks than it owns");
                }
                if (s.current.last) {
                    break;
                }
                advance(w);
            }
        }
    }

    /** The chunk after the current one of worker {@code w} is next; it may send one more. */
    private void advance(int w) {
        Stream s = streams[w];
        s.seq++;
        s.current = null;
        s.used = 0;
        credit.grant(workers.get(w), s.seq + window);
    }

    /** Chunk {@code seq} of worker {@code w}, waiting for the messages until it arrives. */
    private Chunk take(int w) throws IOException {
        Stream s = streams[w];
        while (!s.ahead.containsKey(s.seq)) {
            receive(source.next());
        }
        return s.ahead.remove(s.seq);
    }

    /** Files a chunk received under its worker and number. */
    private void receive(Received r) throws IOException {
        int w = workers.indexOf(r.from);
        if (w < 0) {
            return; // not a worker of the layer
        }
        Stream s = streams[w];
        Wire.In in = r.in;
        long seq = in.varint();
        if (seq < s.seq || seq == s.seq && s.current != null || s.ahead.containsKey(seq)) {
            return; // a chunk received already
        }
        if (seq - s.seq >= window) {
            throw new IOException("worker " + r.from + " sent chunk " + seq + " while allowed up to "
                    + (s.seq + window - 1));
        }
        try {
            long first = in.varint("first block", 0, tableBlocks);
            boolean last = in.varint("end mark", 0, 1) == 1;
            int count = (int) in.varint("blocks", 0, Math.min(in.remaining() / 2, tableBlocks));
            s.ahead.put(seq, new Chunk(first, last, count, in));
        } catch (IllegalArgumentException e) {
            throw new IOException("worker " + r.from + ", chunk " + seq + ": " + e.getMessage(), e);
        }
    }
}
