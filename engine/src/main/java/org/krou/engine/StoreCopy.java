package org.krou.engine;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.krou.table.IoReason;

/**
 * The private copy an {@link AnalysisStore} that this process cannot write is read from:
 * Chronicle Map opens only files it may write. Made in the temporary directory
 * ({@code java.io.tmpdir}) if it has room, removed when the store closes.
 */
final class StoreCopy {
    private StoreCopy() {
    }

    /** A copy of {@code f} in the temporary directory, if it has room. */
    static Path of(Path f) {
        Path copy = null;
        try {
            Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
            long size = Files.size(f);
            long free = Files.getFileStore(tmp).getUsableSpace();
            if (size > free) {
                throw new StoreException("analysis store " + f + " cannot be written here, so it is read from a copy "
                        + "(Chronicle Map opens only files it may write), but the copy's " + size + " bytes do not fit "
                        + "in " + tmp + " (" + free + " bytes free; another directory: -Djava.io.tmpdir=DIR)");
            }
            // into the temporary file as created (owner read and write): Files.copy would give the copy the
            // original's permissions, read-only, which Chronicle Map cannot open either
            copy = Files.createTempFile(tmp, "krou-analysis-", ".cm");
            try (FileChannel in = FileChannel.open(f, StandardOpenOption.READ);
                 FileChannel out = FileChannel.open(copy, StandardOpenOption.WRITE)) {
                for (long at = 0; at < size; ) {
                    long n = in.transferTo(at, size - at, out);
                    if (n <= 0) {
                        throw new IOException(f + " ended at " + at + " bytes, not " + size + ", while copied");
                    }
                    at += n;
                }
            }
            return copy;
        } catch (IOException e) {
            delete(copy);
            throw new StoreException("cannot copy analysis store " + f + " to read it: " + IoReason.of(e), e);
        }
    }

    /** Removes a copy (null: nothing). */
    static void delete(Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // a temporary file: the system's clean-up of its temporary directory removes it
            }
        }
    }
}
