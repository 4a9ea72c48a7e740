import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
 *   java scripts/BenchServe.java PORT VARIANT POSITIONS_FILE REQUESTS CONNECTIONS BATCHES
 * Phase 1: REQUESTS single-position GETs /api/v1/VARIANT?position=... spread over CONNECTIONS
 * connections (after a warm-up of REQUESTS/10 not counted). Phase 2: BATCHES POSTs of 10,000
 * lines each to /api/v1/VARIANT/batch over 2 connections. Prints requests/s and p50/p99/max.
 */
public class BenchServe {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String variant = args[1];
        List<String> positions = Files.readAllLines(Path.of(args[2]));
        int requests = Integer.parseInt(args[3]);
        int connections = Integer.parseInt(args[4]);
        int batches = Integer.parseInt(args[5]);
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

    private static void run(String name, int port, List<byte[]> reqs, int count, int connections, int perRequest)
            throws Exception {
        long[] lat = new long[count];
        Thread[] threads = new Thread[connections];
        Exception[] failure = new Exception[1];
        long t0 = System.nanoTime();
        for (int c = 0; c < connections; c++) {
            int from = (int) ((long) count * c / connections);
            int to = (int) ((long) count * (c + 1) / connections);
            threads[c] = new Thread(() -> {
                try (Socket s = new Socket("127.0.0.1", port)) {
                    s.setTcpNoDelay(true);
                    OutputStream out = s.getOutputStream();
                    InputStream in = new BufferedInputStream(s.getInputStream(), 1 << 16);
                    for (int i = from; i < to; i++) {
                        long start = System.nanoTime();
                        out.write(reqs.get(i % reqs.size()));
                        out.flush();
                        int status = readResponse(in);
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
        if (failure[0] != null) {
            throw failure[0];
        }
        Arrays.sort(lat);
        System.out.printf("%-18s %,9d requests over %3d connections in %6.2f s: %,9.0f requests/s (%,.0f positions/s); "
                        + "latency p50 %.2f ms, p99 %.2f ms, max %.2f ms%n", name, count, connections, secs,
                count / secs, (double) count * perRequest / secs, lat[count / 2] / 1e6, lat[(int) (count * 0.99)] / 1e6,
                lat[count - 1] / 1e6);
    }

    /** Reads one response; returns its status. */
    private static int readResponse(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int status = -1;
        long length = 0;
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("connection closed");
            }
            if (c == '\n') {
                String l = line.toString().trim();
                line.setLength(0);
                if (l.isEmpty()) {
                    break;
                }
                if (status < 0) {
                    status = Integer.parseInt(l.split(" ")[1]);
                } else if (l.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                    length = Long.parseLong(l.substring(15).trim());
                }
            } else {
                line.append((char) c);
            }
        }
        in.skipNBytes(length);
        return status;
    }
}
