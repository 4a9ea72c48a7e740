package org.krou.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The secret file's rules and the cluster name derived from it, computed here by hand with javax.crypto. */
class ClusterSecretTest {
    private static final String SECRET = "0123456789abcdefghij";

    @TempDir
    Path dir;

    @Test
    void theClusterNameIsTheHmacOfTheNameUnderTheDerivedKey() throws Exception {
        byte[] key = hmac(SECRET.getBytes(StandardCharsets.UTF_8), "krou cluster v1");
        String want = HexFormat.of().formatHex(hmac(key, "cluster-name:krou"));
        assertEquals(want, read(SECRET).clusterName("krou"));
        assertEquals(64, want.length());
    }

    @Test
    void oneTrailingLineBreakIsNotPartOfTheSecret() throws Exception {
        String name = read(SECRET).clusterName("krou");
        assertEquals(name, read(SECRET + "\n").clusterName("krou"));
        assertEquals(name, read(SECRET + "\r\n").clusterName("krou"));
        assertNotEquals(name, read(SECRET + "\n\n").clusterName("krou"), "only one line break goes");
        assertNotEquals(name, read(SECRET).clusterName("krou2"), "another cluster name");
        assertNotEquals(name, read(SECRET + "x").clusterName("krou"), "another secret");
    }

    @Test
    void emptyShortAndHugeFilesAreRefusedWithoutTheirContent() throws IOException {
        String empty = assertThrows(IllegalArgumentException.class, () -> read("\n")).getMessage();
        assertTrue(empty.startsWith("the file is empty"), empty);
        String shortOne = assertThrows(IllegalArgumentException.class, () -> read("fifteen-bytes!!\n")).getMessage();
        assertTrue(shortOne.startsWith("the secret is shorter than 16 bytes"), shortOne);
        assertFalse(shortOne.contains("fifteen"), shortOne);
        read("sixteen-bytes!!!\n");
        String huge = assertThrows(IllegalArgumentException.class, () -> read("x".repeat(5000))).getMessage();
        assertTrue(huge.startsWith("the file is longer than 4096 bytes"), huge);
        assertThrows(IOException.class, () -> ClusterSecret.read(dir.resolve("missing")));
        assertEquals("ClusterSecret[hidden]", read(SECRET).toString());
    }

    private ClusterSecret read(String content) throws IOException {
        Path f = Files.writeString(dir.resolve("secret"), content);
        return ClusterSecret.read(f);
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac m = Mac.getInstance("HmacSHA256");
        m.init(new SecretKeySpec(key, "HmacSHA256"));
        return m.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }
}
