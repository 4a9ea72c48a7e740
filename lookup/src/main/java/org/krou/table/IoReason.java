package org.krou.table;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The reason of an I/O error in words, for messages that already name the file concerned.
 * {@link FileSystemException}s carry the file in their message and often no reason at all
 * ({@code new FileAlreadyExistsException("data/abapa").getMessage()} is just
 * {@code "data/abapa"}); this says what went wrong, naming any other file involved.
 *
 * <pre>{@code
 * catch (IOException e) {
 *     throw new IOException("cannot write " + file + ": " + IoReason.of(e), e);
 * }
 * }</pre>
 */
public final class IoReason {
    private IoReason() {
    }

    /**
     * What went wrong, e.g. {@code "No space left on device"}, {@code "permission denied on data/abapa"}
     * or, for java.io's {@code "data/abapa/analysis.cm (Permission denied)"}, {@code "Permission denied"};
     * never a class name.
     */
    public static String of(IOException e) {
        if (e instanceof FileSystemException f) {
            String on = f.getFile() == null ? "" : " " + f.getFile()
                    + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile());
            String reason = f.getReason();
            if (e instanceof NoSuchFileException) {
                return "no such file or directory:" + on;
            }
            if (e instanceof AccessDeniedException) {
                return "permission denied on" + on;
            }
            if (e instanceof FileAlreadyExistsException) {
                return "already exists (a file where a directory is needed, or the reverse):" + on;
            }
            if (e instanceof NotDirectoryException) {
                return "not a directory:" + on;
            }
            if (e instanceof DirectoryNotEmptyException) {
                return "directory not empty:" + on;
            }
            return (reason == null ? "input/output error" : reason) + (on.isEmpty() ? "" : " (" + on.trim() + ")");
        }
        String m = e.getMessage();
        if (e instanceof FileNotFoundException && m != null && m.endsWith(")") && m.contains(" (")) {
            // java.io's "path (reason)", e.g. "data/abapa/analysis.cm (Permission denied)": the reason
            return m.substring(m.lastIndexOf(" (") + 2, m.length() - 1);
        }
        return m == null || m.isBlank() ? "input/output error" : m;
    }
}
