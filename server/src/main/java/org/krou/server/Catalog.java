package org.krou.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.krou.probe.PerfectPlay;
import org.krou.probe.Tablebase;
import org.krou.rules.Variant;
import org.krou.table.MissingTableException;
import org.krou.table.TableInfo;
import org.krou.table.TableKind;
import org.krou.table.TablePaths;

/**
 * The tables a server answers from: every variant with tables under one directory, opened once,
 * read-only, with the headers of every table checked at start. Its {@link #etag()} is a digest of
 * every table's checksums, so that it changes exactly when the answers could.
 */
public final class Catalog implements AutoCloseable {
    /** One variant served. */
    record Served(Variant variant, Tablebase tablebase, PerfectPlay play, ObjectNode info) {
    }

    private final Map<Variant, Served> served;
    private final String etag;

    private Catalog(Map<Variant, Served> served, String etag) {
        this.served = served;
        this.etag = etag;
    }

    /**
     * Opens every variant that has tables under {@code dataDir} (at least the 0-seed table),
     * checking every header.
     *
     * @param cacheBytes  bound of each variant's cache of decoded blocks
     * @param searchNodes bound of the conversion search of {@code pv} (see {@link PerfectPlay})
     * @throws MissingTableException if no variant has tables there, saying how to make them
     * @throws org.krou.table.TableException if a table of the coverage is damaged or foreign
     */
    public static Catalog open(Path dataDir, long cacheBytes, int searchNodes) {
        Map<Variant, Served> served = new LinkedHashMap<>();
        MessageDigest digest = sha256();
        digest.update("krou api v1\n".getBytes(StandardCharsets.US_ASCII));
        try {
            for (Variant v : TablePaths.variantsIn(dataDir)) {
                if (!Files.isRegularFile(TablePaths.valuesPath(dataDir, v, 0))) {
                    continue;
                }
                Tablebase tb = Tablebase.open(dataDir, v, Tablebase.Options.DEFAULT.withCacheBytes(cacheBytes));
                PerfectPlay play;
                try {
                    tb.validate();
                    play = PerfectPlay.over(tb, searchNodes);
                } catch (RuntimeException e) {
                    tb.close();
                    throw e;
                }
                served.put(v, new Served(v, tb, play, describe(tb, play, digest)));
            }
        } catch (RuntimeException e) {
            served.values().forEach(s -> s.tablebase().close());
            throw e;
        }
        if (served.isEmpty()) {
            throw new MissingTableException(Variant.ABAPA, 0, TablePaths.valuesPath(dataDir, Variant.ABAPA, 0));
        }
        return new Catalog(Collections.unmodifiableMap(served), "\"" + HexFormat.of().formatHex(digest.digest(), 0, 12)
                + "\"");
    }

    /**
     * The coverage of one variant as {@code /api/v1/info} gives it, from the tables {@code tb}
     * holds open ({@link Tablebase#coverageInfo()}); feeds every table's checksums to {@code digest}.
     */
    private static ObjectNode describe(Tablebase tb, PerfectPlay play, MessageDigest digest) {
        Variant v = tb.variant();
        ObjectNode o = ProbeJson.object();
        o.put("variant", v.id());
        o.putObject("seeds").put("min", 0).put("max", tb.maxSeeds());
        o.put("distances", play.distanceMaxSeeds() < 0 ? null : play.distanceMaxSeeds());
        List<TableInfo> tables = tb.coverageInfo(); // values 0..max, then distances 0..distanceMax
        ArrayNode layers = o.putArray("layers");
        long positions = 0;
        long bytes = 0;
        for (int n = 0; n <= tb.maxSeeds(); n++) {
            ObjectNode layer = layers.addObject().put("seeds", n);
            for (TableInfo t : tables) {
                if (t.seeds() != n) {
                    continue;
                }
                digest.update((v.id() + " " + t.kind().id() + " " + n + " " + t.fileBytes() + " " + t.bodyCrc()
                        + " " + t.indexCrc() + "\n").getBytes(StandardCharsets.US_ASCII));
                if (t.kind() == TableKind.VALUES) {
                    layer.put("positions", t.positions()).put("bytes", t.fileBytes());
                    positions += t.positions();
                } else {
                    layer.put("distanceBytes", t.fileBytes());
                }
                bytes += t.fileBytes();
            }
        }
        o.put("positions", positions);
        o.put("bytes", bytes);
        return o;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The variant served, or null if this server has no tables for it. */
    Served get(Variant v) {
        return served.get(v);
    }

    /** The variants served: presets first, in their order, then the other rule sets by name. */
    public List<Variant> variants() {
        return new ArrayList<>(served.keySet());
    }

    /** The largest seed count of {@code v} covered, or -1 if not served. */
    public int maxSeeds(Variant v) {
        Served s = served.get(v);
        return s == null ? -1 : s.tablebase().maxSeeds();
    }

    /** The coverage as {@code GET /api/v1/info} answers it. */
    ObjectNode info() {
        ObjectNode o = ProbeJson.object().put("api", "v1");
        ArrayNode vs = o.putArray("variants");
        served.values().forEach(s -> vs.add(s.info().deepCopy()));
        return o;
    }

    /** The entity tag of every answer: a quoted digest of every table's checksums. */
    public String etag() {
        return etag;
    }

    /** A summary for the start-up line: {@code abapa 0..18 seeds, awari 0..10 seeds}. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        for (Served s : served.values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(s.variant().id()).append(" 0..")
                    .append(s.tablebase().maxSeeds()).append(" seeds");
            if (s.play().distanceMaxSeeds() >= 0) {
                sb.append(" (distances 0..").append(s.play().distanceMaxSeeds()).append(')');
            }
        }
        return sb.toString();
    }

    /** Closes every table. */
    @Override
    public void close() {
        for (Served s : served.values()) {
            s.play().close();
            s.tablebase().close();
        }
    }
}
