package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Slow and idle clients do not deny service to the others: clients at 127.0.0.2 (and .3 to .5)
 * hold many connections, each with a request half sent, and a client at 127.0.0.1 is still
 * answered at once. Linux routes all of 127/8 to the loopback interface, so each address is a
 * client of its own to the server. The server runs with its default limits (30 s of silence
 * before a connection is closed): nothing here waits for a timeout.
 */
@Timeout(120)
class ServerSlowClientsTest {
    /** The connections held by the one address. */
    private static final int HELD = 1_100;
    /** How soon the other client must be answered. */
    private static final long PROMPT_MILLIS = 1_000;

    private static TestServer.Running srv;

    @BeforeAll
    static void start() throws Exception {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean os) {
            long free = os.getMaxFileDescriptorCount() - os.getOpenFileDescriptorCount();
            // each held connection takes a descriptor on either side, in this one JVM
            assertTrue(free > 2L * HELD + 200, "the test needs " + (2 * HELD + 200) + " free file descriptors, "
                    + "has " + free + ": raise ulimit -n");
        }
        srv = TestServer.start(ServerLimits.DEFAULT);
    }

    @AfterAll
    static void stop() {
        srv.close();
    }

    /**
     * Opens {@code count} connections from {@code addresses} in turn, without waiting for each,
     * and on each one that connects sends a whole request for {@code /health} followed by
     * {@code half}, the start of another. Returns once every connection is settled, or after three
     * seconds: the server has answered the first request (so it reads the second from then on, and
     * holds the connection), or it has closed the connection; one still waiting after that was not
     * accepted. The caller closes the connections.
     */
    private static List<SocketChannel> hold(int count, String half, String... addresses)
            throws IOException, InterruptedException {
        InetSocketAddress server = new InetSocketAddress("127.0.0.1", srv.server().port());
        byte[] head = ("GET /health HTTP/1.1\r\nHost: x\r\n\r\n" + half).getBytes(StandardCharsets.ISO_8859_1);
        List<SocketChannel> held = new ArrayList<>(count);
        try {
            for (int i = 0; i < count; i++) {
                SocketChannel c = SocketChannel.open();
                held.add(c);
                c.bind(new InetSocketAddress(addresses[i % addresses.length], 0));
                c.configureBlocking(false);
                c.connect(server);
            }
            List<SocketChannel> unsettled = new ArrayList<>(held);
            List<SocketChannel> sent = new ArrayList<>();
            ByteBuffer answer = ByteBuffer.allocate(4096);
            long deadline = System.nanoTime() + 3_000_000_000L;
            while (!unsettled.isEmpty() && System.nanoTime() < deadline) {
                for (int i = unsettled.size() - 1; i >= 0; i--) {
                    SocketChannel c = unsettled.get(i);
                    try {
                        if (!sent.contains(c)) {
                            if (c.finishConnect()) {
                                c.write(ByteBuffer.wrap(head));
                                sent.add(c);
                            }
                        } else if (c.read(answer.clear()) != 0) { // the answer came, or the server closed
                            unsettled.remove(i);
                        }
                    } catch (IOException e) {
                        unsettled.remove(i); // refused or reset by the server: it holds nothing
                    }
                }
                Thread.sleep(5);
            }
            return held;
        } catch (IOException | RuntimeException e) {
            close(held);
            throw e;
        }
    }

    private static void close(List<SocketChannel> held) {
        for (SocketChannel c : held) {
            try {
                c.close();
            } catch (IOException e) {
                // closed already
            }
        }
    }

    /**
     * Sends {@code request} from 127.0.0.1 on a connection of its own and returns the status line,
     * failing with the time waited if none comes within five seconds.
     */
    private static String promptly(String request) throws IOException {
        long t0 = System.nanoTime();
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            s.connect(new InetSocketAddress("127.0.0.1", srv.server().port()), 5_000);
            s.setSoTimeout(5_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int b; (b = in.read()) >= 0 && b != '\r';) {
                line.append((char) b);
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < PROMPT_MILLIS, "answered after " + ms + " ms: " + line);
            return line.toString();
        } catch (SocketTimeoutException e) {
            fail("no answer within " + (System.nanoTime() - t0) / 1_000_000 + " ms (" + e.getMessage() + ")");
            return null;
        }
    }

    @Test
    void manyHalfSentRequestsFromOneAddressLeaveTheOthersServed() throws Exception {
        List<SocketChannel> held = hold(HELD, "GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ", "127.0.0.2");
        try {
            assertEquals("HTTP/1.1 200 OK", promptly("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
            // a keep-alive client at the same time: one connection, many requests, all answered
            for (int i = 0; i < 50; i++) {
                HttpResponse<String> r = TestServer.get(srv.uri("/api/v1/abapa?position="
                        + TestServer.q("0 0 0 0 0 1 / 1 0 0 0 0 0 S")));
                assertEquals(200, r.statusCode(), r.body());
            }
        } finally {
            close(held);
        }
    }

    @Test
    void halfSentBatchBodiesHoldNoThreads() throws Exception {
        String body = "0 0 0 0 0 1 / 1 0 0 0 0 0 S\n";
        // twice as many as the server's threads, from four addresses (each within its bound of
        // connections); the body declared, a part of it sent
        List<SocketChannel> held = hold(2 * ServerLimits.DEFAULT.maxThreads(), "POST /api/v1/abapa/batch HTTP/1.1\r\n"
                + "Host: x\r\nContent-Length: " + 100 * body.length() + "\r\n\r\n" + body,
                "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5");
        try {
            String request = "POST /api/v1/abapa/batch HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: "
                    + body.length() + "\r\n\r\n" + body;
            assertEquals("HTTP/1.1 200 OK", promptly(request));
            assertEquals("HTTP/1.1 200 OK", promptly("GET /api/v1/abapa/pv?position=0+0+0+0+0+1+/+1+0+0+0+0+0+S "
                    + "HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
        } finally {
            close(held);
        }
    }
}
