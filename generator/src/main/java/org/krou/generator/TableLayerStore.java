package org.krou.generator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.krou.table.BlockCache;
import org.krou.table.LayerResolver;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableFormat;
import org.krou.table.TableKind;
import org.krou.table.TableWriter;
import org.krou.table.WriterOptions;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * Keeps finished layers as compressed tables in {@code DIR/<variant>/values-NN.krou}, each with a
 * small statistics file {@code values-NN.stats} holding its {@code krou stats} line and the table's
 * checksum. A layer is reused only if its header, every block and the whole-file checksum are
 * intact; otherwise it is computed again.
 */
public final class TableLayerStore implements LayerStore {
    private final Path dataDir;
    private final Variant variant;
    private final int threads;
    private final WriterOptions options;
    private String refusal;
    private int written;
    private int reused;

    /** A store under {@code dataDir/<variant>/} writing with the default options. */
    public TableLayerStore(Path dataDir, Variant variant, int threads) {
        this(dataDir, variant, threads, WriterOptions.DEFAULT);
    }

    /** A store under {@code dataDir/<variant>/} writing with {@code options}. */
    public TableLayerStore(Path dataDir, Variant variant, int threads, WriterOptions options) {
        this.dataDir = dataDir;
        this.variant = variant;
        this.threads = threads;
        this.options = options.withThreads(threads);
    }

    @Override
    public ByteBigArray load(int seeds, ByteBigArray[] below, int threads) {
        refusal = null;
        Path file = TableFormat.valuesPath(dataDir, variant, seeds);
        if (!Files.exists(file)) {
            return null;
        }
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, seeds, true, new BlockCache(2))) {
            t.verifyChecksums();
            ByteBigArray values = t.readAll(threads);
            if (t.dontCare()) {
                LayerResolver.resolve(variant, seeds, values, below, threads);
            }
            Path stats = statsPath(seeds);
            if (readStats(stats, t.header().bodyCrc()) == null) {
                writeStats(stats, LayerStats.of(seeds, values, threads), t.header().bodyCrc());
            }
            reused++;
            return values;
        } catch (TableException | IOException e) {
            refusal = e.getMessage();
            return null;
        }
    }

    @Override
    public void save(int seeds, ByteBigArray values, ByteBigArray exits) throws IOException {
        Path file = TableFormat.valuesPath(dataDir, variant, seeds);
        Files.createDirectories(file.getParent());
        TableWriter.write(file, variant, seeds, values, exits, options);
        int crc;
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, seeds, true, new BlockCache(1))) {
            crc = t.header().bodyCrc();
        }
        writeStats(statsPath(seeds), LayerStats.of(seeds, values, threads), crc);
        written++;
    }

    @Override
    public boolean hasDistances(int seeds) {
        Path file = TableFormat.path(dataDir, variant, TableKind.DTC, seeds);
        if (!Files.exists(file)) {
            return false;
        }
        try (TableFile t = TableFile.open(file, TableKind.DTC, variant, seeds, true, new BlockCache(1))) {
            t.verifyChecksums();
            return true;
        } catch (TableException e) {
            refusal = e.getMessage();
            return false;
        }
    }

    @Override
    public void saveDistances(int seeds, ByteBigArray dist) throws IOException {
        Path file = TableFormat.path(dataDir, variant, TableKind.DTC, seeds);
        TableWriter.write(file, TableKind.DTC, variant, seeds, dist, null, options);
    }

    @Override
    public String lastRefusal() {
        return refusal;
    }

    /** Layers computed and written by this store. */
    public int written() {
        return written;
    }

    /** Layers reused from disk. */
    public int reused() {
        return reused;
    }

    /** Bytes of the value tables of layers {@code 0..maxSeeds} present on disk. */
    public long totalBytes(int maxSeeds) throws IOException {
        long total = 0;
        for (int n = 0; n <= maxSeeds; n++) {
            Path f = TableFormat.valuesPath(dataDir, variant, n);
            if (Files.exists(f)) {
                total += Files.size(f);
            }
        }
        return total;
    }

    /** The statistics file of a layer. */
    public Path statsPath(int seeds) {
        return dataDir.resolve(variant.id()).resolve(String.format("values-%02d.stats", seeds));
    }

    /**
     * The {@code krou stats} line kept for a layer, or null if absent or written for another
     * version of the table (checksum {@code crc}).
     */
    public static String readStats(Path stats, int crc) throws IOException {
        if (!Files.exists(stats)) {
            return null;
        }
        String[] lines = Files.readString(stats, StandardCharsets.UTF_8).split("\n");
        if (lines.length < 2 || !lines[0].equals(String.format("crc %08x", crc))) {
            return null;
        }
        return lines[1];
    }

    static void writeStats(Path stats, LayerStats s, int crc) throws IOException {
        Path tmp = stats.resolveSibling(stats.getFileName() + ".tmp");
        Files.writeString(tmp, String.format("crc %08x%n%s%n", crc, s.line()), StandardCharsets.UTF_8);
        Files.move(tmp, stats, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
