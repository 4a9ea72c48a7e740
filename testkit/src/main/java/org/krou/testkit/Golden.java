package org.krou.testkit;

import java.io.IOException;
import java.io.InputStream;

/**
 * The golden tables: small abapa tables (layers 0..{@link #MAX}, blocks of 512 positions,
 * don't-care entries) committed as bytes under {@code org/krou/golden/<codec>/abapa/} in the format
 * version written and read today, with {@code <codec>} {@code raw} or {@code context}. The reader must read
 * them ({@code GoldenTableTest}) and the writer must still write the current ones byte for byte
 * ({@code GoldenWriteTest}).
 *
 * <pre>{@code
 * byte[] layer3 = Golden.golden("context", 3);
 * }</pre>
 */
public final class Golden {
    /** The golden tables cover layers 0 to this many seeds. */
    public static final int MAX = 4;

    private Golden() {
    }

    /** The golden file of {@code n} seeds, {@code codec} raw or context. */
    public static byte[] golden(String codec, int n) throws IOException {
        return resource(String.format("/org/krou/golden/%s/abapa/values-%02d.krou", codec, n));
    }

    /**
     * Another committed table by its resource name, such as
     * {@code /org/krou/golden/lags/abapa/values-08.krou} (8 seeds, blocks of 1,024, a model that
     * lists keys) or {@code /org/krou/golden/v1/values-04.krou} (format version 1).
     *
     * @throws IOException if there is no such resource
     */
    public static byte[] resource(String name) throws IOException {
        try (InputStream in = Golden.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing golden file " + name);
            }
            return in.readAllBytes();
        }
    }
}
