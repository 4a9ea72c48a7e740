package org.krou.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.krou.cluster.AuthTransport;
import org.krou.cluster.ClusterSecret;
import org.krou.cluster.HazelcastTransport;
import org.krou.cluster.Transport;
import org.krou.table.IoReason;
import picocli.CommandLine.Option;

/**
 * {@code --secret-file} and {@code --insecure}, for the members of a cluster ({@code krou worker},
 * {@code krou generate --cluster}): a cluster starts only with a shared secret, or with
 * {@code --insecure} said explicitly.
 */
final class ClusterSecurityOptions {
    static final String MAKE_ONE = "make one with `head -c 32 /dev/urandom | base64 > krou.secret; chmod 600 krou.secret` "
            + "and give the same file to every member";

    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "The cluster's shared secret (the same file on every member; at least 16 bytes, e.g. "
                    + "`head -c 32 /dev/urandom | base64 > krou.secret; chmod 600 krou.secret`): only members "
                    + "holding it join, and only their messages are accepted (each is authenticated, replays are "
                    + "dropped). Not encryption: run on a private network or a VPN. See docs/CLUSTER.md.")
    Path secretFile;

    @Option(names = "--insecure",
            description = "Start without --secret-file: any process that reaches a member's port can join and send "
                    + "it work. Only on a network nobody else reaches.")
    boolean insecure;

    /** True if either option was given. */
    boolean given() {
        return secretFile != null || insecure;
    }

    /**
     * The secret, or null with {@code --insecure} (after a one-line warning on {@code err}).
     *
     * @throws IllegalArgumentException if neither or both options are given, or the file cannot
     *                                  serve: one line naming the option and the file, never its content
     */
    ClusterSecret secret(PrintWriter err) {
        if (secretFile != null && insecure) {
            throw new IllegalArgumentException("--secret-file and --insecure exclude each other");
        }
        if (insecure) {
            err.println("warning: --insecure: any process that reaches this member's port can join the cluster and "
                    + "send it work; use --secret-file FILE on any network others reach");
            err.flush();
            return null;
        }
        if (secretFile == null) {
            throw new IllegalArgumentException("a cluster needs --secret-file FILE: " + MAKE_ONE
                    + " (or --insecure, on a network nobody else reaches)");
        }
        try {
            ClusterSecret secret = ClusterSecret.read(secretFile);
            if (readableByOthers(secretFile)) {
                err.println("warning: --secret-file " + secretFile + " is readable by other users of this machine: "
                        + "chmod 600 " + secretFile);
                err.flush();
            }
            return secret;
        } catch (IOException e) {
            throw new IllegalArgumentException("--secret-file " + secretFile + ": cannot read it: " + IoReason.of(e));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--secret-file " + secretFile + ": " + e.getMessage());
        }
    }

    /** True if {@code file}'s POSIX permissions let its group or others read it (false where there are none). */
    private static boolean readableByOthers(Path file) {
        try {
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
            return p.contains(PosixFilePermission.GROUP_READ) || p.contains(PosixFilePermission.OTHERS_READ);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The Hazelcast cluster name of {@code name}: derived from the secret, or {@code name} itself when insecure. */
    static String clusterName(ClusterSecret secret, String name) {
        return secret == null ? name : secret.clusterName(name);
    }

    /** The transport the cluster runs on: {@code hz} behind {@link AuthTransport}, or {@code hz} itself when insecure. */
    static Transport transport(HazelcastTransport hz, ClusterSecret secret) {
        return secret == null ? hz : new AuthTransport(hz, secret);
    }

    /** Waits until {@code t} lists at least {@code members} members; false on timeout. */
    static boolean awaitMembers(Transport t, int members, long timeoutMillis) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMillis;
        while (t.members().size() < members) {
            if (System.currentTimeMillis() > end) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }
}
