package org.krou.cluster;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.CRC32C;
import org.krou.generator.table.BlockEncoder;
import org.krou.generator.table.TableWriter;

/**
 * The part files of a layer being written: worker {@code i} of {@code W} writes the coded table
 * blocks it owns, in rank order, to {@code DIR/<variant>/work/part-NN-i.blocks} in the shared
 * directory, each as its length and CRC32C (4 bytes each, big-endian) then its bytes; the
 * coordinator reads them back in the table's block order ({@link #blocks}): table block
 * {@code g} is in rank block {@code g / (rankBlock / tableBlock)}, owned by worker
 * {@code rankBlock mod W}, and each worker's blocks come in its file one after the other.
 *
 * <pre>{@code
 * try (PartFiles parts = new PartFiles(workDir, 12, 3, 1 << 16, 1024)) {
 *     TableWriter.assemble(file, variant, plan, parts.blocks());
 * }
 * }</pre>
 */
final class PartFiles implements AutoCloseable {
    private final Path[] files;
    private final DataInputStream[] in;
    private final int perRankBlock;
    private final CRC32C crc = new CRC32C();

    /** The part files of layer {@code seeds} on {@code workers} workers, in {@code workDir}. */
    PartFiles(Path workDir, int seeds, int workers, int rankBlock, int tableBlock) {
        files = new Path[workers];
        for (int i = 0; i < workers; i++) {
            files[i] = workDir.resolve(String.format(Locale.ROOT, "part-%02d-%d.blocks", seeds, i));
        }
        in = new DataInputStream[workers];
        perRankBlock = rankBlock / tableBlock;
    }

    /**
     * Removes the part files of earlier runs from {@code workDir}: a worker still coding when its
     * run was aborted may have written its file after the coordinator removed the others (the
     * store's lock makes every part file there a leftover when a layer starts writing).
     */
    static void removeLeftovers(Path workDir) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(workDir, "part-*.blocks")) {
            for (Path p : old) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The file worker {@code i} writes. */
    Path file(int i) {
        return files[i];
    }

    /** Writes one coded block as a part file holds it; returns the bytes written. */
    static int write(DataOutputStream out, BlockEncoder.Stored s) throws IOException {
        out.writeInt(s.data().length);
        out.writeInt(s.crc());
        out.write(s.data());
        return 8 + s.data().length;
    }

    /**
     * The blocks of the table in order, read from the part files, each checked against its
     * CRC32C.
     *
     * @throws IOException naming the file and block if one is short or damaged
     */
    TableWriter.StoredBlocks blocks() {
        return g -> {
            int w = (g / perRankBlock) % files.length;
            try {
                if (in[w] == null) {
                    in[w] = new DataInputStream(new BufferedInputStream(Files.newInputStream(files[w]), 1 << 16));
                }
                int len = in[w].readInt();
                int sum = in[w].readInt();
                if (len < 0 || len > 1 << 24) {
                    throw new IOException("a block of " + len + " bytes");
                }
                byte[] data = new byte[len];
                in[w].readFully(data);
                crc.reset();
                crc.update(data, 0, len);
                if ((int) crc.getValue() != sum) {
                    throw new IOException("checksum mismatch");
                }
                return new BlockEncoder.Stored(data, sum, 0);
            } catch (EOFException e) {
                throw new IOException("part file " + files[w] + " ends before table block " + g, e);
            } catch (IOException e) {
                throw new IOException("part file " + files[w] + ", table block " + g + ": " + e.getMessage(), e);
            }
        };
    }

    /** Closes and removes the part files. */
    @Override
    public void close() throws IOException {
        for (int i = 0; i < files.length; i++) {
            if (in[i] != null) {
                in[i].close();
                in[i] = null;
            }
            Files.deleteIfExists(files[i]);
        }
    }
}
