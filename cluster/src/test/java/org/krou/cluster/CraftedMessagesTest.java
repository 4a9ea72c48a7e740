package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.krou.generator.table.WriterOptions;

/**
 * A worker started with its own data and local directories, sent crafted messages by a member
 * acting as its coordinator: paths where the old protocol carried them, {@code ../} and
 * absolute paths as variants, huge lengths and counts, layers out of range, a damaged or
 * foreign table sent to it. Each fails the layer with a {@code FAILED} message naming what is
 * wrong; no exception escapes a thread, the worker goes on answering, and nothing is written
 * outside its two directories.
 */
class CraftedMessagesTest {
    @TempDir
    Path root;
    private Path data;
    private Path local;
    private Path outside;
    private LocalTransport.Hub hub;
    private ReliableTransport coordinator;
    private String worker;
    private ClusterWorker started;
    private final LinkedBlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
    private final List<Throwable> escaped = Collections.synchronizedList(new ArrayList<>());
    private Thread.UncaughtExceptionHandler before;
    private long epoch = 100;

    @BeforeEach
    void start() {
        before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> escaped.add(e));
        data = root.resolve("worker-data");
        local = root.resolve("worker-local");
        outside = root.resolve("outside");
        hub = LocalTransport.hub(0);
        coordinator = new ReliableTransport(hub.join(), ReliableTransport.Options.DEFAULT); // as the worker's
        coordinator.listen(new Transport.Listener() {
            @Override
            public void received(String from, byte[] message) {
                received.add(message);
            }

            @Override
            public void memberLost(String member) {
            }
        });
        Transport t = hub.join();
        worker = t.self();
        started = ClusterWorker.start(t, 1, data, local);
    }

    @AfterEach
    void stop() {
        started.close();
        coordinator.stop();
        hub.close();
        Thread.setDefaultUncaughtExceptionHandler(before);
    }

    /** The start of a {@code LAYER} message of a new epoch, up to its variant. */
    private Wire.Out layer(String variant) {
        return new Wire.Out(256).type(Wire.LAYER).varint(++epoch).string(variant);
    }

    /** The rest of a well-formed order of layer {@code seeds} for this one worker, after the variant. */
    private Wire.Out order(Wire.Out o, int seeds, long tableCrc, long tableLength) {
        o.varint(seeds).varint(1536).varint(64).varint(4).varint(1 << 20).varint(1).string(worker);
        for (int k = 0; k < seeds; k++) {
            o.varint(tableCrc).varint(tableLength);
        }
        return o;
    }

    /** The next message of type {@code type} from the worker (others skipped), within 20 s. */
    private Wire.In expect(byte type) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            byte[] m = received.poll(100, TimeUnit.MILLISECONDS);
            if (m != null && m[0] == type) {
                Wire.In in = new Wire.In(m);
                in.type();
                return in;
            }
        }
        throw new AssertionError("no message of type " + type + " from the worker within 20 s");
    }

    /** Sends {@code message}; asserts the worker reports the layer failed, its text containing {@code reason}. */
    private void failsWith(byte[] message, String reason) throws InterruptedException {
        coordinator.send(worker, message);
        Wire.In in = expect(Wire.FAILED);
        assertEquals(epoch, in.varint(), "the failure is the crafted layer's");
        String text = in.string();
        assertTrue(text.contains(reason), text);
    }

    @Test
    void malformedOrdersFailTheLayerCleanly() throws Exception {
        // the old protocol: a path after the variant, read now as the layer number and beyond
        failsWith(layer("abapa").string(outside.toString()).varint(3).varint(1536).varint(64).varint(4)
                .varint(1).string(worker).toArray(), "malformed message");
        failsWith(order(layer("../../outside"), 0, 0, 1).toArray(), "unknown variant");
        failsWith(order(layer(outside.toString()), 0, 0, 1).toArray(), "unknown variant");
        failsWith(order(layer("abapa/../../x=y"), 0, 0, 1).toArray(), "unknown rule option");
        failsWith(order(layer("abapa"), 49, 0, 1).toArray(), "layer 49 out of range 0..48");
        failsWith(layer("abapa").varint(Long.MAX_VALUE).toArray(), "out of range");
        failsWith(layer("abapa").varint(3).varint(1536).varint(64).varint(4).varint(1L << 40).toArray(),
                "chunk 1099511627776 out of range");
        failsWith(layer("abapa").varint(3).varint(1536).varint(64).varint(4).varint(1 << 20).varint(1L << 40)
                .toArray(), "workers 1099511627776 out of range");
        failsWith(order(layer("abapa"), 2, 0, 1L << 40).toArray(), "length of table 0");
        failsWith(new Wire.Out(16).type(Wire.LAYER).varint(++epoch).varint(1L << 31).toArray(),
                "a length of 2147483648");
        failsWith(layer("abapa").varint(3).varint(1536).varint(64).varint(4).varint(1 << 20).varint(2).string(worker)
                .string(worker).toArray(), "named twice");
        failsWith(order(layer("abapa"), 0, 0, 1).string("/etc/passwd").toArray(), "bytes after the end");
        assertUntouched();
    }

    @Test
    void aTableSentDamagedOrForeignIsRefusedAndNotKept() throws Exception {
        // layer 2 needs tables 0 and 1, which the worker does not have: it asks for them
        coordinator.send(worker, order(layer("abapa"), 2, 123, 100).toArray());
        Wire.In fetch = expect(Wire.FETCH);
        assertEquals(epoch, fetch.varint());
        assertEquals(0, fetch.varint(), "table 0 first");
        assertEquals(0, fetch.varint(), "its first chunk");
        byte[] junk = "../../outside/evil".getBytes(StandardCharsets.UTF_8);
        Wire.Out notAsked = new Wire.Out(64).type(Wire.TABLE_CHUNK).varint(epoch).varint(7).varint(0).varint(0)
                .array(junk);
        coordinator.send(worker, notAsked.toArray()); // dropped: not asked for
        failsWith(new Wire.Out(256).type(Wire.TABLE_CHUNK).varint(epoch).varint(0).varint(0).varint(12345)
                .array(new byte[100]).toArray(), "damaged");

        coordinator.send(worker, order(layer("abapa"), 2, 123, 100).toArray());
        expect(Wire.FETCH);
        byte[] foreign = new byte[100];
        java.util.zip.CRC32C c = new java.util.zip.CRC32C();
        c.update(foreign, 0, 100);
        failsWith(new Wire.Out(256).type(Wire.TABLE_CHUNK).varint(epoch).varint(0).varint(0).varint(c.getValue())
                .array(foreign).toArray(), "is not the coordinator's");
        try (Stream<Path> files = Files.walk(data)) {
            assertEquals(List.of(), files.filter(Files::isRegularFile).toList(), "nothing kept of what was refused");
        }
        assertUntouched();
    }

    @Test
    void aCraftedOrderToCodeTheBlocksFailsTheLayer() throws Exception {
        coordinator.send(worker, order(layer("abapa"), 0, 0, 1).toArray());
        expect(Wire.EXITS_DONE);
        coordinator.send(worker, Coordinator.writeOptions(new Wire.Out(64).type(Wire.FINISH).varint(epoch),
                WriterOptions.DEFAULT).toArray());
        expect(Wire.SYMBOL_COUNTS);
        // the old protocol: the part file's path after the plan
        failsWith(new Wire.Out(256).type(Wire.ENCODE).varint(epoch).array(new byte[] {0}).array(null).varints(new long[0])
                .string(outside.resolve("part-00-0.blocks").toString()).toArray(), "bytes after the end");
        assertUntouched();
    }

    @Test
    void messagesCutShortOrOfUnknownTypeOrHugeCountsFailTheLayer() throws Exception {
        coordinator.send(worker, order(layer("abapa"), 0, 0, 1).toArray());
        expect(Wire.EXITS_DONE);
        failsWith(new byte[] {Wire.LEVEL, (byte) 0x80}, "ends early");
        coordinator.send(worker, order(layer("abapa"), 0, 0, 1).toArray());
        expect(Wire.EXITS_DONE);
        failsWith(new byte[] {99}, "unexpected message type 99");
        coordinator.send(worker, order(layer("abapa"), 0, 0, 1).toArray());
        expect(Wire.EXITS_DONE);
        failsWith(new Wire.Out(16).type(Wire.LOOKUP).varint(epoch).varint(1).varint(1L << 31).toArray(),
                "positions 2147483648 out of range");
        coordinator.send(worker, order(layer("abapa"), 0, 0, 1).toArray());
        expect(Wire.EXITS_DONE);
        failsWith(new Wire.Out(16).type(Wire.FINISH).varint(epoch).varint(99).toArray(), "encoding 99 out of range");
        coordinator.send(worker, order(layer("abapa"), 0, 0, 1).toArray());
        expect(Wire.EXITS_DONE);
        coordinator.send(worker, Coordinator.writeOptions(new Wire.Out(64).type(Wire.FINISH).varint(epoch),
                WriterOptions.DEFAULT).toArray());
        expect(Wire.SYMBOL_COUNTS);
        failsWith(new Wire.Out(16).type(Wire.PAIRS).varint(epoch).array(new byte[] {0}).array(null).varint(0)
                .toArray(), "sampling stride 0 out of range");
        assertUntouched();
    }

    /**
     * The worker still answers, no exception escaped a thread, and every file under the test's
     * directory is in the worker's two directories.
     */
    private void assertUntouched() throws Exception {
        coordinator.send(worker, new Wire.Out(64).type(Wire.PING).varint(7).varint(1).string(worker).toArray());
        assertEquals(7, expect(Wire.PONG).varint(), "the worker answers after it all");
        assertEquals(List.of(), escaped, "exceptions that escaped a thread");
        assertFalse(Files.exists(outside), "nothing written outside");
        try (Stream<Path> files = Files.walk(root)) {
            List<Path> stray = files.filter(p -> !p.startsWith(data) && !p.startsWith(local) && !p.equals(root))
                    .toList();
            assertEquals(List.of(), stray, "files outside the worker's directories");
        }
        assertNotNull(started);
    }
}
