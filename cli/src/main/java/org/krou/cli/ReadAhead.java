package org.krou.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The read-ahead of the block device that holds a directory, as Linux's sysfs gives it
 * ({@code queue/read_ahead_kb}). A page fault in a memory-mapped file reads up to that much
 * around the page it needs; the finished layers a large generation maps are read in scattered
 * places, so a large read-ahead reads far more than is used and pushes the mapped layers out
 * of the page cache (what that cost abapa layer 34 is in docs/PERFORMANCE.md). Elsewhere (not
 * Linux, a file system on no block device) the read-ahead is unknown.
 */
final class ReadAhead {
    /** Above this, {@code generate} warns when it maps layers (the kernel's default is 128 KiB). */
    static final long WARN_KIB = 1024;

    private ReadAhead() {
    }

    /** Disk {@code disk} ({@code /sys/block/<disk>}) reads ahead {@code kib} KiB. */
    record Setting(String disk, long kib) {
    }

    /** The read-ahead of the disk under {@code dir} (or its nearest existing parent), or null if unknown. */
    static Setting of(Path dir) {
        try {
            Path p = Sizes.nearestExisting(dir);
            if (p == null) {
                return null;
            }
            String device = Files.getFileStore(p).name(); // "/dev/vda1" on Linux, "tmpfs", "overlay"
            if (!device.startsWith("/dev/")) {
                return null;
            }
            // /dev/mapper/name is a link to /dev/dm-N; a partition's sysfs entry lies under its disk's
            return of(Path.of("/sys/class/block"), Path.of(device).toRealPath().getFileName().toString());
        } catch (IOException | RuntimeException unknown) {
            return null;
        }
    }

    /**
     * The read-ahead of block device {@code name} under {@code classBlock} (sysfs's
     * {@code /sys/class/block}): its own {@code queue/read_ahead_kb}, or a parent's for a
     * partition. Null if none is found.
     */
    static Setting of(Path classBlock, String name) throws IOException {
        Path entry = classBlock.resolve(name);
        if (!Files.exists(entry)) {
            return null;
        }
        Path top = classBlock.toRealPath().getRoot();
        for (Path q = entry.toRealPath(); q != null && !q.equals(top); q = q.getParent()) {
            Path f = q.resolve("queue").resolve("read_ahead_kb");
            if (Files.isRegularFile(f)) {
                return new Setting(q.getFileName().toString(), Long.parseLong(Files.readString(f).trim()));
            }
        }
        return null;
    }

    /** The warning for a generation that maps layers from working files in {@code work}, or null. */
    static String warning(Path work, Setting s) {
        if (s == null || s.kib() <= WARN_KIB) {
            return null;
        }
        return String.format(Locale.ROOT, "Note: the disk of %s reads ahead %,d KiB at each page fault; the "
                + "memory-mapped layers are read in scattered places, so most of that is read for nothing and "
                + "pushes them out of the page cache (on a 34-seed run, 1.65 times as long an exit phase, a resolve "
                + "phase waiting on the disk). 128 KiB suits them: as root, echo 128 > "
                + "/sys/block/%s/queue/read_ahead_kb", work, s.kib(), s.disk());
    }
}
