package org.krou.cluster;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * What a transport reports to one member, the messages and the members lost, queued in arrival
 * order for the member's own thread, with work that other threads post for that thread. The
 * coordinator ({@link CoordinatorInbox}) and each worker ({@link ClusterWorker}) listen through
 * one.
 *
 * <pre>{@code
 * Inbox inbox = new Inbox();
 * transport.listen(inbox);
 * Inbox.Message m = inbox.poll(50);   // null if nothing came within 50 ms
 * }</pre>
 */
final class Inbox implements Transport.Listener {
    /**
     * A message ({@code body}), a member lost (neither; {@code reason} if the transport said
     * why), or work posted for the member's thread ({@code local}).
     */
    record Message(String from, byte[] body, Runnable local, String reason) {
    }

    private final LinkedBlockingQueue<Message> queue = new LinkedBlockingQueue<>();

    @Override
    public void received(String from, byte[] message) {
        queue.add(new Message(from, message, null, null));
    }

    @Override
    public void memberLost(String member) {
        queue.add(new Message(member, null, null, null));
    }

    @Override
    public void memberLost(String member, String reason) {
        queue.add(new Message(member, null, null, reason));
    }

    /** Queues {@code work} to run on the member's thread, as from {@code self}. */
    void post(String self, Runnable work) {
        queue.add(new Message(self, null, work, null));
    }

    /** The next entry, waiting up to {@code millis}; null if none came. */
    Message poll(long millis) throws InterruptedException {
        return queue.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** The next entry if one is queued, else null. */
    Message poll() {
        return queue.poll();
    }
}
