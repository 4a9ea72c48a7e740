package org.krou.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret shared by the members of a cluster, read from a file every member holds: the key
 * of {@link AuthTransport}'s handshakes and message tags, and of the Hazelcast cluster name
 * ({@link #clusterName}), which makes Hazelcast refuse a member of another secret at join.
 * Only the derived key {@code HMAC-SHA-256(secret, "krou cluster v1")} is kept; neither it
 * nor the secret is ever printed ({@link #toString} says nothing of them).
 *
 * <pre>{@code
 * ClusterSecret s = ClusterSecret.read(Path.of("krou.secret"));  // head -c 32 /dev/urandom | base64
 * Config c = HazelcastTransport.config(s.clusterName("krou"), host, port, join);
 * Transport t = new AuthTransport(HazelcastTransport.start(c), s);
 * }</pre>
 */
public final class ClusterSecret {
    /** The fewest bytes a secret may have (after one trailing line break is removed). */
    public static final int MIN_BYTES = 16;
    /** The most bytes a secret file may have: a larger file is not a secret made for this. */
    public static final int MAX_BYTES = 4096;
    static final String MAC = "HmacSHA256";
    private final byte[] key;

    private ClusterSecret(byte[] key) {
        this.key = key;
    }

    /**
     * The secret in {@code file}: its bytes without one trailing line break ({@code \n} or
     * {@code \r\n}), as {@code echo} or {@code base64} leave it.
     *
     * @throws IOException              if the file cannot be read
     * @throws IllegalArgumentException if it is empty, shorter than {@link #MIN_BYTES} or longer
     *                                  than {@link #MAX_BYTES}; the message says which, never the content
     */
    public static ClusterSecret read(Path file) throws IOException {
        byte[] b;
        try (InputStream in = Files.newInputStream(file)) {
            b = in.readNBytes(MAX_BYTES + 3);
        }
        int n = b.length;
        if (n > 0 && b[n - 1] == '\n') {
            n--;
            if (n > 0 && b[n - 1] == '\r') {
                n--;
            }
        }
        try {
            if (n == 0) {
                throw new IllegalArgumentException("the file is empty: make a secret with "
                        + "`head -c 32 /dev/urandom | base64 > krou.secret`");
            }
            if (n < MIN_BYTES) {
                throw new IllegalArgumentException("the secret is shorter than " + MIN_BYTES + " bytes: make one with "
                        + "`head -c 32 /dev/urandom | base64 > krou.secret`");
            }
            if (n > MAX_BYTES) {
                throw new IllegalArgumentException("the file is longer than " + MAX_BYTES + " bytes: not a secret "
                        + "made for this (`head -c 32 /dev/urandom | base64 > krou.secret`)");
            }
            return of(Arrays.copyOf(b, n));
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    /** The secret {@code secret} (for tests; at least {@link #MIN_BYTES} bytes). */
    public static ClusterSecret of(byte[] secret) {
        if (secret.length < MIN_BYTES) {
            throw new IllegalArgumentException("the secret is shorter than " + MIN_BYTES + " bytes");
        }
        try {
            return new ClusterSecret(hmac(secret, "krou cluster v1".getBytes(StandardCharsets.US_ASCII)));
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }

    /**
     * The Hazelcast cluster name of the cluster {@code name} under this secret: the hex digits of
     * {@code HMAC-SHA-256(key, "cluster-name:" + name)}. Members of another secret or another
     * name get another cluster name, which Hazelcast refuses at join. The name travels in clear
     * in Hazelcast's join messages: it keeps out members of other secrets, not eavesdroppers.
     */
    public String clusterName(String name) {
        return HexFormat.of().formatHex(hmac(key, ("cluster-name:" + name).getBytes(StandardCharsets.UTF_8)));
    }

    /** A MAC keyed with {@code HMAC(key, label)} (a key of its own for each purpose and pair of members). */
    Mac mac(byte[] label) {
        return macOf(hmac(key, label));
    }

    /** HMAC-SHA-256 of {@code data} under this secret's key. */
    byte[] hmac(byte[] data) {
        return hmac(key, data);
    }

    static Mac macOf(byte[] key) {
        try {
            Mac m = Mac.getInstance(MAC);
            m.init(new SecretKeySpec(key, MAC));
            return m;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA-256 is not available in this JVM", e);
        }
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        return macOf(key).doFinal(data);
    }

    /** Says nothing of the secret. */
    @Override
    public String toString() {
        return "ClusterSecret[hidden]";
    }
}
