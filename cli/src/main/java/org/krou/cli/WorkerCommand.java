package org.krou.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.krou.cluster.ClusterSecret;
import org.krou.cluster.ClusterWorker;
import org.krou.cluster.HazelcastTransport;
import org.krou.cluster.ReliableTransport;
import org.krou.table.IoReason;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.util.Words;

/** {@code krou worker}: a cluster member that computes the layers {@code krou generate --cluster} asks for. */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Join a cluster as a worker: own rank blocks of each layer that `krou generate --cluster` "
                + "solves, exchange updates with the other workers, and send the coded blocks of the table to the "
                + "coordinator. Reads and writes files only under --data and --local: the finished tables it needs "
                + "come from the coordinator unless --data holds them already. Runs until stopped. "
                + "Needs --secret-file FILE (the cluster's shared secret) or, explicitly, --insecure."})
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

    @Option(names = "--data", paramLabel = "DIR", required = true,
            description = "This worker's own data directory: the finished tables it needs are kept in "
                    + "DIR/<variant>/values-NN.krou, fetched from the coordinator when missing or different from its "
                    + "own (a directory shared with the coordinator transfers nothing).")
    Path data;

    @Option(names = "--local", paramLabel = "DIR",
            description = "A directory on this machine, one per worker, for this worker's slices of the finished "
                    + "layers (its own rank blocks): each written once to DIR/<variant>/values-NN.raw (one byte an "
                    + "owned position) "
                    + "and memory-mapped, kept between jobs and reused while its table and the set of workers are "
                    + "unchanged (default: held in the heap, cut from the tables again at each job).")
    Path local;

    @Option(names = "--memory", paramLabel = "SIZE",
            description = "Most heap this worker may plan to hold for a layer, e.g. 4g or 800m (default: the JVM's heap "
                    + "limit, set by KROU_JAVA_OPTS; the smaller of the two counts). When a layer's order arrives the "
                    + "worker prints its plan (its share of the working layer, its slices of the finished layers in "
                    + "the heap or none with --local, buffers, overhead) and, if it does not fit, fails that layer at "
                    + "once, the coordinator naming this worker and the figures.")
    String memory;

    @Option(names = "--cluster-name", paramLabel = "NAME", defaultValue = "krou",
            description = "Name of the cluster; members of other names are ignored (default: ${DEFAULT-VALUE}).")
    String clusterName;

    @Option(names = "--peer-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "A member that sends this member nothing (no acknowledgement, no heartbeat) for this long, "
                    + "or leaves a message unacknowledged this long, is reported lost and the layer under way "
                    + "fails naming it (default: ${DEFAULT-VALUE}). Heartbeats go on while a member computes.")
    int peerTimeout;

    @Mixin
    ClusterSecurityOptions security;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ClusterSecret secret = security.secret(spec.commandLine().getErr());
        long cap = memory == null ? 0 : Sizes.parse("--memory", memory);
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1 || t > 1024) {
            throw new IllegalArgumentException("--threads " + t + " is out of range: expected 1..1024");
        }
        ReliableTransport.Options delivery = ClusterGenerate.peerTimeout(peerTimeout);
        try {
            Files.createDirectories(data);
        } catch (IOException e) {
            throw new IllegalArgumentException("--data " + data + ": cannot create the directory (" + IoReason.of(e) + ")");
        }
        if (!Files.isWritable(data)) {
            throw new IllegalArgumentException("--data " + data + " is not a directory this worker can write to");
        }
        HazelcastTransport hz = HazelcastTransport.start(HazelcastTransport.config(
                ClusterSecurityOptions.clusterName(secret, clusterName), host, port, join));
        // the stack: exact delivery over authenticated messages over Hazelcast's topics
        ReliableTransport transport = new ReliableTransport(ClusterSecurityOptions.transport(hz, secret), delivery);
        ClusterWorker worker = ClusterWorker.start(transport, t, data, local, cap, plan -> {
            synchronized (out) {
                out.println("Memory: " + plan);
                out.flush();
            }
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            worker.close();
            transport.close();
        }));
        long heap = Runtime.getRuntime().maxMemory();
        out.printf(Locale.ROOT, "Worker %s listening on port %d with %s, heap for the layers %s%s; %s in cluster %s%s%n",
                transport.self(), port, Words.count(t, "thread", "threads"),
                Sizes.format(org.krou.cluster.WorkerMemory.cap(cap, heap)),
                cap > 0 && cap <= heap ? " (--memory)" : " (the JVM's limit)",
                Words.count(hz.members().size(), "member", "members"), clusterName,
                secret == null ? " (insecure: no secret)" : " (members must prove the secret of " + security.secretFile + ")");
        out.flush();
        while (hz.instance().getLifecycleService().isRunning()) {
            Thread.sleep(1000);
        }
        return Main.OK;
    }
}
