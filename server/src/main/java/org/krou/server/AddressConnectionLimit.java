package org.krou.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.io.SelectorManager;
import org.eclipse.jetty.util.IO;

/**
 * A bound on the connections open at once from one client address: a connection beyond it is
 * closed as soon as it is accepted, before it is read. So a single client that opens connections
 * and sends nothing, or half a request, cannot take every place of the server's connection bound
 * ({@link org.eclipse.jetty.server.NetworkConnectionLimit}, which stops accepting when reached,
 * for every client alike); the others are still accepted and answered. Jetty has a bound on all
 * connections but none per address; this is that, as Jetty's accept listener (added to the
 * connector as a bean, as {@code NetworkConnectionLimit} is).
 */
final class AddressConnectionLimit implements SelectorManager.AcceptListener {
    private final int max;
    /** The address of each connection counted, so that its close is counted against it. */
    private final Map<SelectableChannel, InetAddress> channels = new ConcurrentHashMap<>();
    private final Map<InetAddress, Integer> open = new ConcurrentHashMap<>();

    /** At most {@code max} connections from one address. */
    AddressConnectionLimit(int max) {
        this.max = max;
    }

    @Override
    public void onAccepting(SelectableChannel channel) {
        InetAddress address = address(channel);
        if (address == null) {
            return; // closed already (by the bound on all connections): nothing to count
        }
        channels.put(channel, address);
        int n = open.merge(address, 1, Integer::sum);
        if (n > max) {
            IO.close(channel); // Jetty then reports the accept as failed: counted out there
        }
    }

    @Override
    public void onAcceptFailed(SelectableChannel channel, Throwable cause) {
        release(channel);
    }

    @Override
    public void onClosed(SelectableChannel channel) {
        release(channel);
    }

    private void release(SelectableChannel channel) {
        InetAddress address = channels.remove(channel);
        if (address != null) {
            open.computeIfPresent(address, (a, n) -> n > 1 ? n - 1 : null);
        }
    }

    private static InetAddress address(SelectableChannel channel) {
        try {
            SocketAddress remote = channel instanceof SocketChannel s ? s.getRemoteAddress() : null;
            return remote instanceof InetSocketAddress i ? i.getAddress() : null;
        } catch (IOException e) {
            return null;
        }
    }
}
