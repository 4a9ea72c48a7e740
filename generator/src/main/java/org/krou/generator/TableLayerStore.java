package org.krou.generator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.krou.index.PositionIndex;
import org.krou.rules.Variant;
import org.krou.table.BlockCache;
import org.krou.table.Encoding;
import org.krou.table.IoReason;
import org.krou.generator.table.ExitSource;
import org.krou.generator.table.Fill;
import org.krou.generator.table.TableCoding;
import org.krou.generator.table.LayerResolver;
import org.krou.generator.table.StatsWriter;
import org.krou.table.StatsFile;
import org.krou.table.TableException;
import org.krou.table.TableFile;
import org.krou.table.TableHeader;
import org.krou.table.TableKind;
import org.krou.generator.table.TableWriter;
import org.krou.generator.table.WholeTable;
import org.krou.generator.table.WriterOptions;
import org.krou.table.TablePaths;
import org.krou.util.ByteBigArray;

/**
 * Keeps finished layers as compressed tables in {@code DIR/<variant>/values-NN.krou}, each with a
 * statistics file {@code values-NN.stats} ({@link StatsFile}). A layer is reused if its header
 * and its whole-file checksum are intact (one read of the file, no decoding) and, when the store
 * was given its writer options explicitly, if it is coded as those options would code it;
 * otherwise it is computed again. A reused layer whose statistics file is missing or does not
 * match is decoded once so that the file can be written again.
 *
 * <p>{@link #begin()} locks {@code DIR/<variant>/.lock} for the run and removes the hidden
 * temporary files that stopped runs left. Reading ({@link #reusable}, {@link #load}) never
 * writes; only {@link #save}, {@link #saveDistances} and {@link #reused} do.
 */
public final class TableLayerStore implements LayerStore {
    private final Path dataDir;
    private final Variant variant;
    private final int threads;
    private final WriterOptions options;
    private final boolean sameCodec;
    private final boolean[] statsOk = new boolean[PositionIndex.MAX_SEEDS + 1];
    private final int[] tableCrc = new int[PositionIndex.MAX_SEEDS + 1];
    private final boolean[] crcKnown = new boolean[PositionIndex.MAX_SEEDS + 1];
    private String refusal;
    private List<Path> removed = List.of();

    /**
     * A store under {@code dataDir/<variant>/} writing with the default options and reusing
     * intact layers whatever their coding.
     */
    public TableLayerStore(Path dataDir, Variant variant, int threads) {
        this(dataDir, variant, threads, WriterOptions.DEFAULT, false);
    }

    /**
     * A store under {@code dataDir/<variant>/} writing with {@code options}; layers on disk
     * coded otherwise are computed and written again.
     */
    public TableLayerStore(Path dataDir, Variant variant, int threads, WriterOptions options) {
        this(dataDir, variant, threads, options, true);
    }

    /**
     * A store under {@code dataDir/<variant>/} writing with {@code options}.
     *
     * @param sameCodec true to reuse only layers coded as {@code options} codes them (the
     *                  others are written again), false to reuse intact layers of any coding
     */
    public TableLayerStore(Path dataDir, Variant variant, int threads, WriterOptions options, boolean sameCodec) {
        this.dataDir = dataDir;
        this.variant = variant;
        this.threads = threads;
        this.options = options.withThreads(threads);
        this.sameCodec = sameCodec;
    }

    @Override
    public Closeable begin() throws IOException {
        StoreLock lock = StoreLock.acquire(dataDir.resolve(variant.id()));
        removed = lock.removed();
        return lock;
    }

    /** The temporary files of stopped runs that the last {@link #begin()} removed. */
    public List<Path> removedTemporaries() {
        return removed;
    }

    @Override
    public boolean reusable(int seeds) {
        refusal = null;
        crcKnown[seeds] = false;
        Path file = TablePaths.valuesPath(dataDir, variant, seeds);
        if (!Files.exists(file)) {
            return false;
        }
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, seeds, true, new BlockCache(1))) {
            String other = sameCodec ? codecDifference(t.header()) : null;
            if (other != null) {
                refusal = other;
                return false;
            }
            t.verifyFileChecksum();
            int crc = t.header().bodyCrc();
            tableCrc[seeds] = crc;
            crcKnown[seeds] = true;
            statsOk[seeds] = StatsFile.read(statsPath(seeds), variant, seeds, crc).ok();
            return true;
        } catch (TableException e) {
            refusal = e.getMessage();
            return false;
        }
    }

    /** Null if {@code h} is coded as this store's options code a table, else what differs. */
    private String codecDifference(TableHeader h) {
        boolean same = h.blockSize() == options.blockSize() && h.encoding() == options.encoding()
                && h.param() == options.param();
        return same ? null : "it is coded as " + codec(h.encoding(), h.param(), h.blockSize()) + ", not as asked ("
                + codec(options.encoding(), options.param(), options.blockSize()) + ")";
    }

    private static String codec(Encoding e, int param, int blockSize) {
        return e.name().toLowerCase(java.util.Locale.ROOT) + (e == Encoding.RAW ? "" : "/" + param)
                + ", blocks of " + blockSize;
    }

    @Override
    public boolean wantsValues(int seeds) {
        return !statsOk[seeds];
    }

    @Override
    public ByteBigArray load(int seeds, ByteBigArray[] below, int threads) {
        refusal = null;
        Path file = TablePaths.valuesPath(dataDir, variant, seeds);
        if (!Files.exists(file)) {
            return null;
        }
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, seeds, true, new BlockCache(2))) {
            ByteBigArray values = WholeTable.read(t, threads);
            if (t.dontCare()) {
                LayerResolver.resolve(variant, seeds, values, below, threads);
            }
            tableCrc[seeds] = t.header().bodyCrc();
            crcKnown[seeds] = true;
            return values;
        } catch (TableException e) {
            refusal = e.getMessage();
            return null;
        }
    }

    @Override
    public void reused(int seeds, ByteBigArray values) throws IOException {
        if (!statsOk[seeds]) {
            StatsWriter.write(statsPath(seeds), variant, seeds, tableCrc[seeds],
                    LayerStats.of(seeds, values, threads).counts());
            statsOk[seeds] = true;
        }
    }

    @Override
    public void save(int seeds, ByteBigArray values, ExitSource exits) throws IOException {
        crcKnown[seeds] = false;
        Path file = TablePaths.valuesPath(dataDir, variant, seeds);
        write(file, seeds, () -> TableWriter.writeValues(file, variant, seeds, values, exits, options));
        int crc;
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, seeds, true, new BlockCache(1))) {
            crc = t.header().bodyCrc();
        }
        tableCrc[seeds] = crc;
        crcKnown[seeds] = true;
        StatsWriter.write(statsPath(seeds), variant, seeds, crc, LayerStats.of(seeds, values, threads).counts());
        statsOk[seeds] = true;
    }

    /** What codes the blocks of a layer held elsewhere, once their plan is known. */
    public interface BlockCoder {
        /** The blocks coded with {@code plan}, handed over in order. */
        TableWriter.StoredBlocks code(TableCoding.Plan plan) throws IOException;
    }

    /**
     * Writes layer {@code seeds} from blocks held elsewhere (by the workers of a cluster): the
     * plan from {@code counts} over all of them, then the blocks {@code coder} hands over, then
     * the statistics; byte for byte what {@link #save} writes for the same values.
     */
    public void saveCoded(int seeds, TableCoding.Counts counts, BlockCoder coder) throws IOException {
        crcKnown[seeds] = false;
        Path file = TablePaths.valuesPath(dataDir, variant, seeds);
        TableCoding.Plan plan = TableCoding.plan(TableKind.VALUES, seeds, options, options.fill() != Fill.NONE, counts);
        TableWriter.StoredBlocks blocks = coder.code(plan); // its failures are the coder's to name, not the file's
        write(file, seeds, () -> TableWriter.assemble(file, variant, plan, blocks));
        int crc;
        try (TableFile t = TableFile.open(file, TableKind.VALUES, variant, seeds, true, new BlockCache(1))) {
            crc = t.header().bodyCrc();
        }
        tableCrc[seeds] = crc;
        crcKnown[seeds] = true;
        StatsWriter.write(statsPath(seeds), variant, seeds, crc, plan.valueCounts());
        statsOk[seeds] = true;
    }

    /** The options the tables are written with. */
    public WriterOptions options() {
        return options;
    }

    /** {@code DIR/<variant>/work}, under the store's lock. */
    @Override
    public Path workDirectory() {
        return dataDir.resolve(variant.id()).resolve(WorkFiles.DIRECTORY);
    }

    /** The body checksum (CRC32C) of the table, from its header. */
    @Override
    public long tableId(int seeds) {
        return crcKnown[seeds] ? tableCrc[seeds] & 0xFFFFFFFFL : -1;
    }

    @Override
    public boolean hasDistances(int seeds) {
        refusal = null;
        Path file = TablePaths.path(dataDir, variant, TableKind.DTC, seeds);
        if (!Files.exists(file)) {
            return false;
        }
        try (TableFile t = TableFile.open(file, TableKind.DTC, variant, seeds, true, new BlockCache(1))) {
            t.verifyFileChecksum();
            return true;
        } catch (TableException e) {
            refusal = e.getMessage();
            return false;
        }
    }

    @Override
    public void saveDistances(int seeds, ByteBigArray dist) throws IOException {
        Path file = TablePaths.path(dataDir, variant, TableKind.DTC, seeds);
        write(file, seeds, () -> TableWriter.write(file, TableKind.DTC, variant, seeds, dist, null,
                options.forDistances()));
    }

    /** One write of a table file. */
    private interface Write {
        void run() throws IOException;
    }

    /** Runs {@code w}, making any I/O error name the file, the layer and the reason. */
    private static void write(Path file, int seeds, Write w) throws IOException {
        try {
            Files.createDirectories(file.getParent());
            w.run();
        } catch (IOException e) {
            throw new IOException("cannot write " + file + " (layer " + seeds + "): " + IoReason.of(e), e);
        }
    }

    @Override
    public String lastRefusal() {
        return refusal;
    }

    /** Bytes of the value tables of layers {@code 0..maxSeeds} present on disk. */
    public long totalBytes(int maxSeeds) throws IOException {
        long total = 0;
        for (int n = 0; n <= maxSeeds; n++) {
            Path f = TablePaths.valuesPath(dataDir, variant, n);
            if (Files.exists(f)) {
                try {
                    total += Files.size(f);
                } catch (IOException e) {
                    throw new IOException("cannot read the size of " + f + " (layer " + n + "): " + IoReason.of(e), e);
                }
            }
        }
        return total;
    }

    /** The statistics file of a layer. */
    public Path statsPath(int seeds) {
        return StatsFile.path(dataDir, variant, seeds);
    }
}
