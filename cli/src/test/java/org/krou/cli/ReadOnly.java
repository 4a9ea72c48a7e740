package org.krou.cli;

import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Makes a directory tree read-only for this process, as a read-only mount or another user's
 * files are. Permission bits stop an ordinary user; root ignores them, so for root the files and
 * directories are also marked immutable ({@code chattr +i}), which stops root too. Where neither
 * works (root on a file system without the attribute, or without chattr) the test is skipped,
 * saying why.
 */
final class ReadOnly {
    private static final Set<PosixFilePermission> WRITES = EnumSet.of(PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private ReadOnly() {
    }

    /** Takes write access to {@code dir} and everything under it away from this process. */
    static void make(Path dir) throws IOException, InterruptedException {
        List<Path> all = tree(dir);
        for (Path p : all) {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
            perms.removeAll(WRITES);
            Files.setPosixFilePermissions(p, perms);
        }
        if (writable(dir)) {
            chattr("+i", all);
        }
        assumeFalse(writable(dir), "cannot make " + dir + " read-only for this process (root, and chattr +i "
                + "unavailable here)");
    }

    /** Gives write access back (for the clean-up of temporary directories). */
    static void undo(Path dir) throws IOException, InterruptedException {
        List<Path> all = tree(dir);
        chattr("-i", all);
        for (Path p : all) {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
            perms.add(PosixFilePermission.OWNER_WRITE);
            Files.setPosixFilePermissions(p, perms);
        }
    }

    /** True if a file can be created in {@code dir}, or any file in it opened for writing. */
    private static boolean writable(Path dir) throws IOException {
        Path probe = dir.resolve(".write-probe");
        try {
            Files.createFile(probe);
            Files.delete(probe);
            return true;
        } catch (IOException e) {
            try (Stream<Path> s = Files.list(dir)) {
                return s.anyMatch(Files::isWritable);
            }
        }
    }

    private static List<Path> tree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.sorted(Comparator.reverseOrder()).toList(); // files before their directories
        }
    }

    /** Runs chattr on every path; quietly does nothing where it is missing or refused. */
    private static void chattr(String flag, List<Path> paths) throws InterruptedException {
        for (Path p : paths) {
            try {
                Process pr = new ProcessBuilder("chattr", flag, p.toString()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!pr.waitFor(30, TimeUnit.SECONDS)) {
                    pr.destroyForcibly();
                }
            } catch (IOException e) {
                return; // no chattr here
            }
        }
    }
}
