package org.krou.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.krou.cluster.ClusterWorker;
import org.krou.cluster.HazelcastTransport;
import org.krou.cluster.ReliableTransport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.util.Words;

/** {@code krou worker}: a cluster member that computes the layers {@code krou generate --cluster} asks for. */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Join a cluster as a worker: own rank blocks of each layer that `krou generate --cluster` "
                + "solves, exchange updates with the other workers, and read the finished layers from the data "
                + "directory the coordinator names (shared by every machine, same path). Runs until stopped."})
final class WorkerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT", required = true,
            description = "Port this member listens on.")
    int port;

    @Option(names = "--join", paramLabel = "HOST:PORT", split = ",", required = true,
            description = "Members to join (TCP/IP, explicit addresses; multicast is off), comma-separated.")
    List<String> join;

    @Option(names = "--host", paramLabel = "HOST",
            description = "Address this member binds to and announces (default: chosen by Hazelcast).")
    String host;

    @Option(names = "--threads", paramLabel = "T",
            description = "Threads for the exits, the propagation and the table counts of each layer (default: the "
                    + "number of cores).")
    Integer threads;

    @Option(names = "--local", paramLabel = "DIR",
            description = "A directory on this machine, one per worker, for this worker's slices of the finished "
                    + "layers (its own rank blocks): each written once to DIR/<variant>/values-NN.raw (one byte an "
                    + "owned position) "
                    + "and memory-mapped, kept between jobs and reused while its table and the set of workers are "
                    + "unchanged (default: held in the heap, cut from the tables again at each job).")
    Path local;

    @Option(names = "--cluster-name", paramLabel = "NAME", defaultValue = "krou",
            description = "Name of the cluster; members of other names are ignored (default: ${DEFAULT-VALUE}).")
    String clusterName;

    @Option(names = "--peer-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "A member that sends this member nothing (no acknowledgement, no heartbeat) for this long, "
                    + "or leaves a message unacknowledged this long, is reported lost and the layer under way "
                    + "fails naming it (default: ${DEFAULT-VALUE}). Heartbeats go on while a member computes.")
    int peerTimeout;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1 || t > 1024) {
            throw new IllegalArgumentException("--threads " + t + " is out of range: expected 1..1024");
        }
        ReliableTransport.Options delivery = ClusterGenerate.peerTimeout(peerTimeout);
        HazelcastTransport transport = HazelcastTransport.start(HazelcastTransport.config(clusterName, host, port, join));
        ReliableTransport reliable = new ReliableTransport(transport, delivery);
        ClusterWorker worker = ClusterWorker.start(reliable, t, local);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            worker.close();
            reliable.close();
        }));
        out.printf(Locale.ROOT, "Worker %s listening on port %d with %s; %s in cluster %s%n",
                transport.self(), port, Words.count(t, "thread", "threads"),
                Words.count(transport.members().size(), "member", "members"), clusterName);
        out.flush();
        while (transport.instance().getLifecycleService().isRunning()) {
            Thread.sleep(1000);
        }
        return Main.OK;
    }
}
