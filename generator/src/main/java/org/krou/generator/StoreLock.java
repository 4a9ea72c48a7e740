package org.krou.generator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.krou.table.IoReason;

/**
 * The write lock of one variant directory, {@code DIR/<variant>/.lock}: an operating-system lock
 * ({@link FileChannel#tryLock()}) held for the whole run, the file holding the owner's process
 * id for the message of a second writer. Taking it also removes the hidden temporary files
 * ({@code .values-NN.krou.tmp-<pid>-<n>} and the like) that runs stopped by {@code kill -9} or
 * a crash left behind: those of processes no longer alive, and this process's own (none is
 * being written while the lock is taken).
 *
 * <p>Within one JVM, directories already locked are kept in a set and refused before any file
 * is opened: closing a second channel on the lock file could release the first one's lock on
 * some systems.
 */
final class StoreLock implements Closeable {
    /** The lock file's name in the variant directory. */
    static final String NAME = ".lock";
    /** Hidden temporaries of the table and statistics writers, and the old statistics temporary. */
    private static final Pattern TEMPORARY = Pattern.compile(
            "\\.[a-z]+-\\d{2}\\.(?:krou|stats)\\.tmp-(\\d{1,18})-[0-9a-f]+|values-\\d{2}\\.stats\\.tmp");
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path dir;
    private final FileChannel channel;
    private final FileLock lock;
    private final List<Path> removed;

    private StoreLock(Path dir, FileChannel channel, FileLock lock, List<Path> removed) {
        this.dir = dir;
        this.channel = channel;
        this.lock = lock;
        this.removed = removed;
    }

    /**
     * Locks {@code dir} (created if needed) and removes stale temporaries.
     *
     * @throws StoreBusyException if another run holds the lock
     * @throws IOException        naming the file and the reason if the lock cannot be taken
     */
    static StoreLock acquire(Path dir) throws IOException {
        Path key = dir.toAbsolutePath().normalize();
        Path file = dir.resolve(NAME);
        if (!HELD.add(key)) {
            throw new StoreBusyException(dir, Long.toString(ProcessHandle.current().pid()));
        }
        FileChannel ch = null;
        try {
            try {
                Files.createDirectories(dir);
                ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new IOException("cannot create the lock file " + file + ": " + IoReason.of(e), e);
            }
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw new StoreBusyException(dir, owner(file));
            }
            try {
                ch.truncate(0);
                ch.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            } catch (IOException e) {
                throw new IOException("cannot write the lock file " + file + ": " + IoReason.of(e), e);
            }
            StoreLock l = new StoreLock(key, ch, lock, removeStale(dir));
            ch = null;
            return l;
        } catch (IOException | RuntimeException e) {
            HELD.remove(key);
            if (ch != null) {
                ch.close();
            }
            throw e;
        }
    }

    /** The process id written in the lock file, or null. */
    private static String owner(Path file) {
        try {
            String s = Files.readString(file, StandardCharsets.US_ASCII).trim();
            return s.matches("\\d{1,19}") ? s : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Removes the temporaries of dead processes and of this one; returns them. */
    static List<Path> removeStale(Path dir) throws IOException {
        List<Path> gone = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.toList();
        } catch (IOException e) {
            throw new IOException("cannot list " + dir + ": " + IoReason.of(e), e);
        }
        for (Path p : files) {
            Matcher m = TEMPORARY.matcher(p.getFileName().toString());
            if (!m.matches()) {
                continue;
            }
            boolean stale = m.group(1) == null || stale(Long.parseLong(m.group(1)), self);
            if (stale) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new IOException("cannot remove the temporary file " + p + " left by a stopped run: "
                            + IoReason.of(e), e);
                }
                gone.add(p);
            }
        }
        return List.copyOf(gone);
    }

    private static boolean stale(long pid, long self) {
        return pid == self || ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }

    /** The temporaries removed when the lock was taken. */
    List<Path> removed() {
        return removed;
    }

    /** Releases the lock (the file stays: removing it would race with a run starting now). */
    @Override
    public void close() throws IOException {
        try {
            lock.release();
            channel.close();
        } finally {
            HELD.remove(dir);
        }
    }
}
