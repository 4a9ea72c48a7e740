package org.krou.testkit;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loopback ports for the members of test clusters (the cluster module's tests and the cli's).
 *
 * <pre>{@code
 * int port = FreePorts.next();   // bind a member to 127.0.0.1:port
 * }</pre>
 */
public final class FreePorts {
    private static final int FIRST = 20_000;
    private static final int COUNT = 12_000;
    /** Every port handed out in this JVM: a member that has not bound its port yet still owns it. */
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {
    }

    /**
     * A port free now and not handed out before in this JVM, chosen at random in 20000..31999,
     * below Linux's ephemeral range (32768 and up): a port the system hands out for
     * {@code ServerSocket(0)} may be taken by an outgoing connection of another member before
     * the member binds it.
     *
     * @throws IOException if no such port is found in 1,000 tries
     */
    public static int next() throws IOException {
        SplittableRandom rnd = new SplittableRandom();
        for (int attempt = 0; attempt < 1000; attempt++) {
            int p = FIRST + rnd.nextInt(COUNT);
            if (!HANDED_OUT.add(p)) {
                continue;
            }
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress("127.0.0.1", p));
                return p;
            } catch (IOException inUse) {
                // try another
            }
        }
        throw new IOException("no free port in " + FIRST + ".." + (FIRST + COUNT - 1));
    }
}
