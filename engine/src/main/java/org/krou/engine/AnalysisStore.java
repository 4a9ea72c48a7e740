package org.krou.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.chronicle.core.io.ClosedIllegalStateException;
import net.openhft.chronicle.hash.ChronicleHashRecoveryFailedException;
import net.openhft.chronicle.hash.locks.InterProcessDeadLockException;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import org.krou.rules.Variant;
import org.krou.table.IoReason;

/**
 * The persistent analysis store: what searches have proved about positions above the tables,
 * kept in {@code DIR/<variant>/analysis.cm}, a Chronicle Map memory-mapped file shared by every
 * process that opens it (several {@code krou analyse} at once, the engine, the server). Keys are
 * {@link PositionKey}s, values {@link StoreEntry}s packed in one word; {@link #merge} is atomic
 * across processes (Chronicle Map's segment lock), so concurrent writers never lose each other's
 * bounds and a reader never sees a torn value.
 *
 * <p>The capacity is fixed when the file is created and kept in the file (a reserved key, -1);
 * adding a position to a full store throws {@link StoreFullException}. Chronicle Map needs JVM
 * flags on Java 17 ({@code --add-exports} and {@code --add-opens}): the ones listed in the cli
 * module's {@code src/main/jvm/jvm.options}. It opens only files it may write: a store this
 * process cannot write is refused by {@link #open} ({@link StoreReadOnlyException}) and read from
 * a private copy by {@link #openForReading}.
 *
 * <pre>{@code
 * try (AnalysisStore store = AnalysisStore.open(Path.of("data"), Variant.ABAPA, 1 << 20)) {
 *     long key = PositionKey.of(board);
 *     store.merge(key, new StoreEntry(-2, 4, 12, 3));
 *     StoreEntry e = store.get(key);       // [-2, 4] or tighter, depth >= 12
 * }
 * }</pre>
 */
public final class AnalysisStore implements AutoCloseable {
    /** The file name inside {@code DIR/<variant>/}. */
    public static final String FILE_NAME = "analysis.cm";
    /** The capacity of a new store unless told otherwise. */
    public static final long DEFAULT_ENTRIES = 1L << 20;
    /** The largest capacity accepted. */
    public static final long MAX_ENTRIES = 1L << 32;
    private static final long CAPACITY_KEY = -1L;
    private static final String NAME = "krou-analysis";

    static {
        // Chronicle's usage statistics (the library is left out of the build, this is a second guard)
        System.setProperty("chronicle.analytics.disable", "true");
    }

    private final ChronicleMap<Long, Long> map;
    private final Path file;
    private final Path copy;
    private final long capacity;
    private long sizeSeen;

    /** The store of {@code file}, mapped from {@code copy} if not null (removed on close). */
    private AnalysisStore(ChronicleMap<Long, Long> map, Path file, Path copy) {
        this.map = map;
        this.file = file;
        this.copy = copy;
        Long c = map.get(CAPACITY_KEY);
        if (c == null || c < 1 || c > MAX_ENTRIES) {
            map.close();
            throw new StoreException(file + " is not an analysis store of krou (no capacity record)");
        }
        this.capacity = c;
        this.sizeSeen = size();
    }

    /** The store file of {@code variant} under {@code dataDir}. */
    public static Path file(Path dataDir, Variant variant) {
        return dataDir.resolve(variant.id()).resolve(FILE_NAME);
    }

    /**
     * Opens the store of {@code variant} under {@code dataDir}, creating it (and its directory)
     * for {@code entries} positions if it does not exist; an existing store keeps the capacity it
     * was created with.
     *
     * @throws IllegalArgumentException if {@code entries} is not 1..{@link #MAX_ENTRIES}
     * @throws StoreReadOnlyException   if the file, or the directory it would be created in,
     *                                  cannot be written by this process
     * @throws StoreException           if the file cannot be created, or is not a store
     */
    public static AnalysisStore open(Path dataDir, Variant variant, long entries) {
        if (entries < 1 || entries > MAX_ENTRIES) {
            throw new IllegalArgumentException("store of " + entries + " entries: expected 1.." + MAX_ENTRIES);
        }
        Path f = file(dataDir, variant);
        checkHeader(f);
        try {
            Files.createDirectories(f.getParent());
            ChronicleMap<Long, Long> m = builder(entries).createPersistedTo(f.toFile());
            m.putIfAbsent(CAPACITY_KEY, entries);
            return new AnalysisStore(m, f, null);
        } catch (IOException | RuntimeException e) {
            if (!(e instanceof StoreException) && !writable(f)) {
                throw new StoreReadOnlyException(f, reason(e), e);
            }
            throw failure(f, "cannot open", e);
        }
    }

    /** True if this process may write {@code f}, or create it in the nearest directory that exists. */
    private static boolean writable(Path f) {
        Path p = f;
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p != null && Files.isWritable(p);
    }

    /**
     * Opens an existing store to read it (for {@code krou store info} and {@code verify}). A store
     * this process cannot write is read from a copy in the temporary directory
     * ({@code java.io.tmpdir}), as Chronicle Map opens only files it may write: what it held
     * when copied, the copy removed on {@link #close()} ({@link #readsCopy()} tells).
     *
     * @throws StoreException if there is none, it is not a store, or a copy cannot be made
     */
    public static AnalysisStore openForReading(Path dataDir, Variant variant) {
        Path f = file(dataDir, variant);
        if (!Files.isRegularFile(f)) {
            throw new StoreException("no analysis store " + f + " (krou analyse creates it)");
        }
        if (Files.isWritable(f)) {
            try {
                return open(dataDir, variant, 1);
            } catch (StoreReadOnlyException e) {
                // writable by its permissions but refused all the same (a read-only mount): read a copy
            }
        }
        checkHeader(f);
        Path copy = StoreCopy.of(f);
        try {
            return new AnalysisStore(builder(1).createPersistedTo(copy.toFile()), f, copy);
        } catch (IOException | RuntimeException e) {
            StoreCopy.delete(copy);
            throw failure(f, "cannot read", e);
        }
    }

    /** True if the store is read from a copy ({@link #openForReading} of a store that cannot be written). */
    public boolean readsCopy() {
        return copy != null;
    }

    /**
     * Opens an existing store only (for {@code krou store info} and {@code verify}).
     *
     * @throws StoreException if there is none, or it is not a store
     */
    public static AnalysisStore openExisting(Path dataDir, Variant variant) {
        Path f = file(dataDir, variant);
        if (!Files.isRegularFile(f)) {
            throw new StoreException("no analysis store " + f + " (krou analyse creates it)");
        }
        return open(dataDir, variant, 1);
    }

    /**
     * Recovers the store after a process died while writing it (a segment lock left held, an
     * entry half written): Chronicle Map's {@code recoverPersistedTo}, which checks every entry's
     * checksum and drops the damaged ones. No other process may use the file meanwhile.
     *
     * @throws StoreException if there is no store or it cannot be recovered
     */
    public static AnalysisStore recover(Path dataDir, Variant variant) {
        Path f = file(dataDir, variant);
        if (!Files.isRegularFile(f)) {
            throw new StoreException("no analysis store " + f);
        }
        checkHeader(f);
        try {
            return new AnalysisStore(builder(1).recoverPersistedTo(f.toFile(), true), f, null);
        } catch (IOException | RuntimeException e) {
            throw failure(f, "cannot recover", e);
        }
    }

    /** What the header of a Chronicle Map file names, within its first {@link #HEAD} bytes (after a checksum and a size). */
    private static final String SIGNATURE = "net.openhft.chronicle.map.VanillaChronicleMap";
    private static final int HEAD = 64;
    /** A header still zero this long after the file was last written is no store being created. */
    private static final long CREATION_MILLIS = 10_000;

    /**
     * Refuses at once a file that is not a Chronicle Map (Chronicle would wait a minute for a
     * header that another process might be writing, then fail).
     */
    private static void checkHeader(Path f) {
        if (!Files.isRegularFile(f)) {
            return;
        }
        byte[] head = new byte[HEAD];
        try (java.io.InputStream in = Files.newInputStream(f)) {
            int n = in.readNBytes(head, 0, head.length);
            String text = new String(head, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
            boolean zero = java.util.Arrays.equals(head, 0, 12, new byte[12], 0, 12);
            boolean fresh = System.currentTimeMillis() - Files.getLastModifiedTime(f).toMillis() < CREATION_MILLIS;
            if (text.contains(SIGNATURE) || zero && fresh) {
                return;
            }
        } catch (IOException e) {
            throw new StoreException("cannot read analysis store " + f + ": " + e.getMessage(), e);
        }
        throw new StoreException(f + " is not an analysis store (no Chronicle Map header): remove it with "
                + "krou store clear");
    }

    private static ChronicleMapBuilder<Long, Long> builder(long entries) {
        // one spare entry for the capacity record; the bloat factor is Chronicle's own backstop
        return ChronicleMap.of(Long.class, Long.class).name(NAME).entries(entries + 1).maxBloatFactor(1.5);
    }

    private static StoreException failure(Path f, String what, Throwable e) {
        if (e instanceof StoreException s) {
            return s;
        }
        if (e instanceof InterProcessDeadLockException) {
            return new StoreException("analysis store " + f + " is locked by a process that died while writing it: "
                    + "run krou store recover (with no other process using it)", e);
        }
        if (e instanceof ChronicleHashRecoveryFailedException) {
            return new StoreException("analysis store " + f + " could not be recovered (" + e.getMessage()
                    + "): remove it with krou store clear", e);
        }
        return new StoreException(what + " analysis store " + f + ": " + reason(e), e);
    }

    /** What went wrong, in words: the I/O error's reason if there is one, else the message. */
    private static String reason(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io) {
                return IoReason.of(io);
            }
        }
        return e.getMessage() == null ? "an internal error of Chronicle Map" : e.getMessage();
    }

    /** The file. */
    public Path path() {
        return file;
    }

    /** The positions the store was created for. */
    public long capacity() {
        return capacity;
    }

    /** The positions it holds now. */
    public long size() {
        try {
            return map.longSize() - 1;
        } catch (RuntimeException e) {
            throw failure(file, "cannot read", e);
        }
    }

    /** The entry of {@code key}, or null if there is none. */
    public StoreEntry get(long key) {
        long w = getPacked(key);
        return w == 0 ? null : StoreEntry.unpack(w);
    }

    /** The packed entry of {@code key}, or 0 if there is none. */
    public long getPacked(long key) {
        Long w;
        try {
            w = map.get(key);
        } catch (RuntimeException e) {
            throw failure(file, "cannot read", e);
        }
        return w == null || key == CAPACITY_KEY ? 0 : w;
    }

    /**
     * Merges {@code entry} into what the store has for {@code key} ({@link StoreEntry#merge}),
     * atomically across threads and processes.
     *
     * @return true if the stored entry changed
     * @throws StoreFullException    if the key is new and the store is full
     * @throws IllegalStateException if the bounds contradict those stored
     */
    public boolean merge(long key, StoreEntry entry) {
        if (key < 0) {
            throw new IllegalArgumentException("key " + key + ": keys are not negative");
        }
        long packed = entry.pack();
        boolean[] changed = new boolean[1];
        RuntimeException[] own = new RuntimeException[1];
        try {
            map.compute(key, (k, old) -> {
                try {
                    if (old == null) {
                        reserve();
                        changed[0] = true;
                        return packed;
                    }
                    long m = StoreEntry.unpack(old).merge(entry).pack();
                    changed[0] = m != old;
                    return m;
                } catch (RuntimeException e) {
                    own[0] = e;
                    throw e;
                }
            });
        } catch (RuntimeException e) {
            if (e == own[0]) {
                throw e; // the store is full by its count, or the bounds contradict: as they are
            }
            if (noTierLeft(e)) {
                throw new StoreFullException(file, capacity);
            }
            throw failure(file, "cannot write", e);
        }
        return changed[0];
    }

    /**
     * True if {@code e}, thrown by Chronicle Map while adding an entry, says it has no room left:
     * a segment is full and every extra tier (its way to grow, up to the bloat factor) is in use,
     * which can happen before the count of positions reaches the capacity when the segments fill
     * unevenly. Chronicle throws an {@link IllegalStateException} then (it has no type of its own
     * for it), and its map reports no extra tier left; a closed map's exception is a
     * {@link ClosedIllegalStateException}, which is not this.
     */
    private boolean noTierLeft(RuntimeException e) {
        return e instanceof IllegalStateException && !(e instanceof ClosedIllegalStateException)
                && map.remainingAutoResizes() <= 0;
    }

    /** Counts one more position, refusing it if the store is full (the count is refreshed when it looks full). */
    private void reserve() {
        if (sizeSeen >= capacity) {
            sizeSeen = size();
            if (sizeSeen >= capacity) {
                throw new StoreFullException(file, capacity);
            }
        }
        sizeSeen++;
    }

    /** What {@link #forEach} hands each entry: its key and packed value (possibly malformed, for checks). */
    @FunctionalInterface
    public interface Visitor {
        /** One entry. */
        void visit(long key, long packed);
    }

    /** Visits every entry (not the capacity record), in no particular order. */
    public void forEach(Visitor visitor) {
        try {
            map.forEachEntry(e -> {
                long k = e.key().get();
                if (k != CAPACITY_KEY) {
                    visitor.visit(k, e.value().get());
                }
            });
        } catch (StoreException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure(file, "cannot read", e);
        }
    }

    /** Removes every entry; the capacity stays. */
    public void clear() {
        try {
            map.forEachEntry(e -> {
                if (e.key().get() != CAPACITY_KEY) {
                    e.doRemove();
                }
            });
        } catch (RuntimeException e) {
            throw failure(file, "cannot clear", e);
        }
        sizeSeen = 0;
    }

    /** The size of the file in bytes (Chronicle Map allocates it sparsely). */
    public long fileBytes() {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    /** Closes the mapping; the data stays in the file (a copy read in its place is removed). */
    @Override
    public void close() {
        map.close();
        StoreCopy.delete(copy);
    }
}
