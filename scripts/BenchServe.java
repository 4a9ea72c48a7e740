import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The load client of scripts/bench-serve.sh: a fixed number of requests over keep-alive HTTP/1.1
 * connections to 127.0.0.1 only, then it stops. Usage:
 *   java scripts/BenchServe.java PORT VARIANT POSITIONS_FILE REQUESTS CONNECTIONS BATCHES [SERVER_PID]
 * Phase 1: REQUESTS single-position GETs /api/v1/VARIANT?position=... spread over CONNECTIONS
 * connections (after a warm-up of REQUESTS/10 not counted). Phase 2: BATCHES POSTs of 10,000
 * lines each to /api/v1/VARIANT/batch over 2 connections. Prints requests/s and p50/p99/max, and
 * the CPU time per request of this client and (given its pid, on Linux) of the server, since both
 * share the machine's cores. Every response is read whole and its status checked (200 expected).
 */
public class BenchServe {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String variant = args[1];
        List<String> positions = Files.readAllLines(Path.of(args[2]));
        int requests = Integer.parseInt(args[3]);
        int connections = Integer.parseInt(args[4]);
        int batches = Integer.parseInt(args[5]);
        serverPid = args.length > 6 ? Long.parseLong(args[6]) : -1;
        List<byte[]> gets = new ArrayList<>();
        for (String p : positions) {
            gets.add(("GET /api/v1/" + variant + "?position=" + p.replace(' ', '+') + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
        }
        run("warm-up", port, gets, requests / 10, connections, 1);
        run("single positions", port, gets, requests, connections, 1);
        if (batches > 0) {
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < 10_000; i++) {
                body.append(positions.get(i % positions.size())).append('\n');
            }
            byte[] b = body.toString().getBytes(StandardCharsets.US_ASCII);
            byte[] head = ("POST /api/v1/" + variant + "/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: " + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
            byte[] req = Arrays.copyOf(head, head.length + b.length);
            System.arraycopy(b, 0, req, head.length, b.length);
            run("batch warm-up", port, List.of(req), Math.max(2, batches / 10), 2, 10_000);
            run("batches of 10,000", port, List.of(req), batches, 2, 10_000);
        }
    }

    private static long serverPid;

    /** CPU time of this JVM, in ns. */
    private static long ownCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** CPU time of the server, in ns, from /proc (clock ticks of 10 ms); -1 if unknown. */
    private static long serverCpu() {
        if (serverPid < 0) {
            return -1;
        }
        try {
            String stat = Files.readString(Path.of("/proc/" + serverPid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static void run(String name, int port, List<byte[]> reqs, int count, int connections, int perRequest)
            throws Exception {
        long[] lat = new long[count];
        Thread[] threads = new Thread[connections];
        Exception[] failure = new Exception[1];
        long cpu0 = ownCpu();
        long server0 = serverCpu();
        long t0 = System.nanoTime();
        for (int c = 0; c < connections; c++) {
            int from = (int) ((long) count * c / connections);
            int to = (int) ((long) count * (c + 1) / connections);
            threads[c] = new Thread(() -> {
                try (Socket s = new Socket("127.0.0.1", port)) {
                    s.setTcpNoDelay(true);
                    OutputStream out = s.getOutputStream();
                    Responses in = new Responses(s.getInputStream());
                    for (int i = from; i < to; i++) {
                        long start = System.nanoTime();
                        out.write(reqs.get(i % reqs.size()));
                        out.flush();
                        int status = in.next();
                        if (status != 200) {
                            throw new IOException("status " + status + " for request " + i);
                        }
                        lat[i] = System.nanoTime() - start;
                    }
                } catch (Exception e) {
                    failure[0] = e;
                }
            });
            threads[c].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        long cpu = ownCpu() - cpu0;
        long server1 = serverCpu();
        if (failure[0] != null) {
            throw failure[0];
        }
        Arrays.sort(lat);
        System.out.printf("%-18s %,9d requests over %3d connections in %6.2f s: %,9.0f requests/s (%,.0f positions/s); "
                        + "latency p50 %.2f ms, p99 %.2f ms, max %.2f ms%n", name, count, connections, secs,
                count / secs, (double) count * perRequest / secs, lat[count / 2] / 1e6, lat[(int) (count * 0.99)] / 1e6,
                lat[count - 1] / 1e6);
        System.out.printf("%-18s CPU a request: client %.1f us%s%n", "", cpu / 1e3 / count,
                server0 < 0 || server1 < 0 ? "" : String.format(", server %.1f us", (server1 - server0) / 1e3 / count));
    }

    /**
     * The responses of one connection, read whole: the status line and headers are scanned in a
     * buffer (no per-byte calls, no strings), then the body of Content-Length bytes is read past.
     */
    private static final class Responses {
        private static final byte[] LENGTH = "content-length:".getBytes(StandardCharsets.US_ASCII);
        private final InputStream in;
        private final byte[] buf = new byte[1 << 16];
        private int start;
        private int end;

        Responses(InputStream in) {
            this.in = in;
        }

        /** Reads the next response; returns its status. */
        int next() throws IOException {
            int scan = start;
            while (true) {
                for (; scan + 3 < end; scan++) {
                    if (buf[scan] == '\r' && buf[scan + 1] == '\n' && buf[scan + 2] == '\r' && buf[scan + 3] == '\n') {
                        return finish(scan + 4);
                    }
                }
                if (end == buf.length) {
                    if (start == 0) {
                        throw new IOException("response headers longer than " + buf.length + " bytes");
                    }
                    System.arraycopy(buf, start, buf, 0, end - start);
                    scan -= start;
                    end -= start;
                    start = 0;
                }
                fill();
            }
        }

        /** The headers end before {@code body}: checks the status line, skips the body, returns the status. */
        private int finish(int body) throws IOException {
            if (body - start < 16 || buf[start] != 'H' || buf[start + 8] != ' ') {
                throw new IOException("not an HTTP response: "
                        + new String(buf, start, Math.min(40, body - start), StandardCharsets.US_ASCII));
            }
            int status = (buf[start + 9] - '0') * 100 + (buf[start + 10] - '0') * 10 + (buf[start + 11] - '0');
            long length = contentLength(start, body);
            long left = length - (end - body);
            if (left <= 0) {
                start = body + (int) length;
            } else {
                start = end = 0;
                while (left > 0) {
                    int n = in.read(buf, 0, (int) Math.min(buf.length, left));
                    if (n < 0) {
                        throw new IOException("connection closed in a body");
                    }
                    left -= n;
                }
            }
            if (start == end) {
                start = end = 0;
            }
            return status;
        }

        private long contentLength(int from, int to) throws IOException {
            for (int i = from; i < to - LENGTH.length; i++) {
                if (buf[i] != '\n') {
                    continue;
                }
                int j = 0;
                while (j < LENGTH.length && (buf[i + 1 + j] | 0x20) == LENGTH[j]) {
                    j++;
                }
                if (j == LENGTH.length) {
                    int p = i + 1 + j;
                    while (buf[p] == ' ') {
                        p++;
                    }
                    long v = 0;
                    for (; buf[p] >= '0' && buf[p] <= '9'; p++) {
                        v = v * 10 + buf[p] - '0';
                    }
                    return v;
                }
            }
            throw new IOException("a response without Content-Length");
        }

        private void fill() throws IOException {
            int n = in.read(buf, end, buf.length - end);
            if (n < 0) {
                throw new IOException("connection closed");
            }
            end += n;
        }
    }
}
