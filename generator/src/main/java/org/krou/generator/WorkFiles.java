package org.krou.generator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.krou.index.PositionIndex;
import org.krou.table.IoReason;
import org.krou.util.ByteBigArray;

/**
 * The working files of the finished layers a job memory-maps instead of holding in the heap
 * ({@link MemoryPlan#mapped()}): {@code DIR/<variant>/work/values-NN.raw}, one byte a position
 * (the value of rank {@code r} at offset {@code r}), then a trailer of {@value #TRAILER} bytes.
 *
 * <p>The trailer (big-endian): the magic {@code KROUWORK}, the format version (1), the layer,
 * its number of positions, the identity of the table the values are those of
 * ({@link LayerStore#tableId}, -1 if unknown), the CRC32C of the values, and the CRC32C of the
 * trailer before it.
 *
 * <p>Safe against a crash at any point: a file is written under a temporary name and renamed
 * once complete, so a file named {@code values-NN.raw} is always whole, and a rerun maps it
 * again only if its size, trailer and values checksum are intact and it was written for the
 * very table the rerun reuses (same layer, same table identity); any other file is removed,
 * with a warning, and the layer is decoded from its table. {@link #open} removes the temporaries
 * of stopped runs (the store's lock is held, so no other run is writing here) and the files
 * the job cannot reuse; {@link #close} removes every working file and the directory, whether
 * the job succeeded or failed (only a killed job leaves them). A cluster worker's {@code --local}
 * directory holds its slices of the finished layers in such files ({@link #writeSlice}: its own
 * rank blocks, the identity naming the table and the partition), kept between jobs (it never
 * closes) and mapped again while the tables and the partition they were written for are
 * unchanged.
 *
 * <pre>{@code
 * try (WorkFiles work = WorkFiles.open(dir.resolve("work"), reusable, progress)) {
 *     ByteBigArray v = work.reuse(20, store.tableId(20));      // null: decode the table
 *     ByteBigArray m = work.write(21, values, store.tableId(21)); // mapped, read-only
 * }
 * }</pre>
 */
public final class WorkFiles implements Closeable {
    /** The directory of the working files, in the variant directory. */
    static final String DIRECTORY = "work";
    /** Bytes after the values. */
    static final int TRAILER = 40;
    private static final byte[] MAGIC = "KROUWORK".getBytes(StandardCharsets.US_ASCII);
    private static final int VERSION = 1;
    private static final Pattern RAW = Pattern.compile("values-(\\d{2})\\.raw");
    private static final Pattern TEMPORARY = Pattern.compile("\\.values-\\d{2}\\.raw\\.tmp");
    private static final int BUFFER = 1 << 22;

    private final Path dir;
    private final Progress progress;
    private final List<Path> removed;
    private int written;
    private int reused;

    private WorkFiles(Path dir, Progress progress, List<Path> removed) {
        this.dir = dir;
        this.progress = progress;
        this.removed = removed;
    }

    /** Bytes of the working file of layer {@code seeds}. */
    static long fileSize(int seeds) {
        return PositionIndex.size(seeds) + TRAILER;
    }

    /** The working file of layer {@code seeds} in {@code dir}. */
    static Path path(Path dir, int seeds) {
        return dir.resolve(String.format(Locale.ROOT, "values-%02d.raw", seeds));
    }

    /**
     * Opens the working directory {@code dir} (created when the first file is written) of a job
     * holding the store's lock: removes the temporaries of stopped runs, and every working file
     * except those of the layers marked in {@code mayReuse} (which {@link #reuse} checks).
     *
     * @throws IOException naming the file and the reason if one cannot be removed
     */
    public static WorkFiles open(Path dir, boolean[] mayReuse, Progress progress) throws IOException {
        List<Path> gone = new ArrayList<>();
        for (Path p : list(dir)) {
            String name = p.getFileName().toString();
            Matcher m = RAW.matcher(name);
            boolean keep = m.matches() && Integer.parseInt(m.group(1)) < mayReuse.length
                    && mayReuse[Integer.parseInt(m.group(1))];
            if (!keep && (m.matches() || TEMPORARY.matcher(name).matches())) {
                delete(p, "left by an earlier run");
                gone.add(p);
            }
        }
        return new WorkFiles(dir, progress, List.copyOf(gone));
    }

    /** The files of {@code dir}, none if it does not exist. */
    private static List<Path> list(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        } catch (IOException e) {
            throw new IOException("cannot list " + dir + ": " + IoReason.of(e), e);
        }
    }

    private static void delete(Path p, String what) throws IOException {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new IOException("cannot remove the working file " + p + " " + what + ": " + IoReason.of(e), e);
        }
    }

    /** The working files and temporaries of earlier runs that {@link #open} removed. */
    List<Path> removed() {
        return removed;
    }

    /** Layers written (and mapped) by {@link #write}. */
    int written() {
        return written;
    }

    /** Layers mapped again by {@link #reuse} from an earlier run's file. */
    int reused() {
        return reused;
    }

    /**
     * The values of reused layer {@code seeds} mapped from the working file an earlier run wrote
     * for the same table ({@code tableId}), or null if there is none; a file that does not pass
     * every check is removed with a warning saying why.
     */
    public ByteBigArray reuse(int seeds, long tableId) throws IOException {
        return reuseSlice(seeds, tableId, PositionIndex.size(seeds));
    }

    /**
     * As {@link #reuse}, for a slice of layer {@code seeds} of {@code length} positions (a cluster
     * worker's own rank blocks) written by {@link #writeSlice} with the identity {@code id}.
     */
    public ByteBigArray reuseSlice(int seeds, long id, long length) throws IOException {
        Path file = path(dir, seeds);
        if (!Files.exists(file)) {
            return null;
        }
        String why = problem(file, seeds, id, length);
        if (why != null) {
            progress.warn("working file " + file + " not reused (" + why + "): layer " + seeds
                    + " is decoded from its table");
            delete(file, "that is not reused");
            return null;
        }
        reused++;
        return map(file, seeds, length);
    }

    /** Null if {@code file} holds the values of layer {@code seeds} of table {@code tableId}, else what is wrong. */
    static String problem(Path file, int seeds, long tableId) throws IOException {
        return problem(file, seeds, tableId, PositionIndex.size(seeds));
    }

    private static String problem(Path file, int seeds, long tableId, long length) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size != length + TRAILER) {
                return "it holds " + size + " bytes, not " + (length + TRAILER);
            }
            ByteBuffer t = ByteBuffer.allocate(TRAILER);
            while (t.hasRemaining() && ch.read(t, length + t.position()) >= 0) {
                // read the whole trailer
            }
            t.flip();
            byte[] magic = new byte[MAGIC.length];
            t.get(magic);
            int version = t.getInt();
            int layer = t.getInt();
            long positions = t.getLong();
            long table = t.getLong();
            int valuesCrc = t.getInt();
            CRC32C trailerCrc = new CRC32C();
            trailerCrc.update(t.array(), 0, TRAILER - 4);
            if (!java.util.Arrays.equals(magic, MAGIC) || t.getInt() != (int) trailerCrc.getValue()) {
                return "its trailer is damaged or it is no working file";
            }
            if (version != VERSION || layer != seeds || positions != length) {
                return "it is version " + version + " of layer " + layer + " with " + positions + " positions";
            }
            if (tableId < 0 || table != tableId) {
                return "it was written for another table of the layer";
            }
            CRC32C crc = new CRC32C();
            ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER);
            for (long at = 0; at < length; ) {
                buf.clear().limit((int) Math.min(BUFFER, length - at));
                int k = ch.read(buf, at);
                if (k < 0) {
                    return "it ends early";
                }
                buf.flip();
                crc.update(buf);
                at += k;
            }
            if ((int) crc.getValue() != valuesCrc) {
                return "its values do not match their checksum";
            }
            return null;
        } catch (IOException e) {
            throw new IOException("cannot read the working file " + file + ": " + IoReason.of(e), e);
        }
    }

    /**
     * Writes the values of finished layer {@code seeds} (of the table {@code tableId}, -1 if
     * unknown) to its working file, under a temporary name then renamed, and maps it.
     *
     * @return the values mapped read-only from the file
     * @throws IOException naming the file, the layer and the reason
     */
    public ByteBigArray write(int seeds, ByteBigArray values, long tableId) throws IOException {
        long length = PositionIndex.size(seeds);
        if (values.length() != length) {
            throw new IllegalArgumentException("layer " + seeds + " has " + length + " positions, got " + values.length());
        }
        return writeSlice(seeds, values, tableId);
    }

    /**
     * As {@link #write}, for a slice of layer {@code seeds} (a cluster worker's own rank blocks,
     * {@code slice.length()} positions) whose identity {@code id} names the table and the
     * partition it was cut by, -1 if unknown.
     */
    public ByteBigArray writeSlice(int seeds, ByteBigArray slice, long id) throws IOException {
        long length = slice.length();
        Path file = path(dir, seeds);
        Path tmp = dir.resolve("." + file.getFileName() + ".tmp");
        try {
            Files.createDirectories(dir);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                byte[] buf = new byte[(int) Math.min(BUFFER, Math.max(length, TRAILER))];
                CRC32C crc = new CRC32C();
                for (long at = 0; at < length; ) {
                    int len = (int) Math.min(buf.length, length - at);
                    slice.copyTo(at, buf, 0, len);
                    crc.update(buf, 0, len);
                    writeFully(ch, ByteBuffer.wrap(buf, 0, len));
                    at += len;
                    progress.advance(len);
                }
                ByteBuffer t = ByteBuffer.allocate(TRAILER);
                t.put(MAGIC).putInt(VERSION).putInt(seeds).putLong(length).putLong(id).putInt((int) crc.getValue());
                CRC32C trailerCrc = new CRC32C();
                trailerCrc.update(t.array(), 0, TRAILER - 4);
                t.putInt((int) trailerCrc.getValue()).flip();
                writeFully(ch, t);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the next run's open removes it
            }
            throw new IOException("cannot write the working file " + file + " (layer " + seeds + "): "
                    + IoReason.of(e), e);
        }
        written++;
        return map(file, seeds, length);
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    private static ByteBigArray map(Path file, int seeds, long length) throws IOException {
        try {
            return ByteBigArray.map(file, length);
        } catch (IOException e) {
            throw new IOException("cannot map the working file " + file + " (layer " + seeds + "): "
                    + IoReason.of(e), e);
        }
    }

    /**
     * Removes every working file and temporary, and the directory if nothing else is in it.
     * Arrays mapped from the files stay readable (on Linux the space is freed once they are
     * collected). A file that cannot be removed is reported as a warning (the tables are not
     * concerned; the next run removes it).
     */
    @Override
    public void close() {
        try {
            for (Path p : list(dir)) {
                String name = p.getFileName().toString();
                if (RAW.matcher(name).matches() || TEMPORARY.matcher(name).matches()) {
                    delete(p, "at the end of the job");
                }
            }
        } catch (IOException e) {
            progress.warn(e.getMessage() + " (the next run removes it)");
            return;
        }
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isEmpty()) {
                    Files.deleteIfExists(dir);
                }
            } catch (IOException e) {
                // an empty directory left is harmless
            }
        }
    }
}
