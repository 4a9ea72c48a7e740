package org.krou.generator.table;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.krou.rules.Variant;
import org.krou.table.Compression;
import org.krou.table.Encoding;
import org.krou.table.TableFormat;
import org.krou.util.ByteBigArray;

/**
 * Not a test: measures bits per position of the encoding alternatives on real layers. Reads raw
 * dumps {@code DIR/<variant>/values-NN.raw} and {@code exits-NN.raw} (one byte per position).
 * Usage: {@code CompressionStudy DIR variant layer...}.
 */
public final class CompressionStudy {
    private CompressionStudy() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args[0]);
        Variant v = Variant.parse(args[1]);
        Path out = Files.createTempDirectory("krou-study");
        String skip = System.getProperty("skip");
        WriterOptions d = WriterOptions.LZ4;
        WriterOptions nodc = d.withFill(Fill.NONE);
        WriterOptions rans = WriterOptions.RANS;
        String[] names = {"raw+lz4fast", "raw+lz4hc", "nib+lz4hc", "auto+lz4hc", "nib+dcPrev+lz4hc",
            "nib+dcRuns+lz4hc", "auto+dcRuns+lz4hc", "auto+dcRuns+lz4hc/16K", "auto+dcRuns+lz4hc/256K",
            "auto+dcRuns+lz4fast", "rans", "rans+dcRuns", "rans+dcCtx/4K", "rans+dcCtx/1K", "rans+dcCtx/8K",
            "rans+dcCtx/64K"};
        WriterOptions[] opts = {
            nodc.withEncoding(Encoding.RAW, 0).withCompression(Compression.LZ4, 0),
            nodc.withEncoding(Encoding.RAW, 0),
            nodc.withEncoding(Encoding.PACKED, 4),
            nodc,
            d.withFill(Fill.PREVIOUS).withEncoding(Encoding.PACKED, 4),
            d.withEncoding(Encoding.PACKED, 4),
            d,
            d.withBlockSize(1 << 14),
            d.withBlockSize(1 << 18),
            d.withCompression(Compression.LZ4, 0),
            rans.withFill(Fill.NONE),
            rans.withFill(Fill.RUNS),
            rans,
            rans.withBlockSize(1 << 10),
            rans.withBlockSize(1 << 13),
            rans.withBlockSize(1 << 16),
        };
        System.out.print("layer positions H0 H0stored dc%");
        for (String n : names) {
            System.out.print(" " + n);
        }
        System.out.println();
        for (int i = 2; i < args.length; i++) {
            int n = Integer.parseInt(args[i]);
            ByteBigArray values = read(dir.resolve(v.id()).resolve(String.format("values-%02d.raw", n)));
            ByteBigArray exits = read(dir.resolve(v.id()).resolve(String.format("exits-%02d.raw", n)));
            StringBuilder sb = new StringBuilder();
            long[] c0 = new long[256];
            long[] c1 = new long[256];
            long dc = 0;
            byte[] best = null;
            for (long r = 0; r < values.length(); r++) {
                c0[values.get(r) + 128]++;
            }
            best = DontCareFill.bestAtMost(c0);
            int bs = 1 << 16;
            byte[] vb = new byte[bs];
            byte[] eb = new byte[bs];
            byte[] ob = new byte[bs];
            for (long r = 0; r < values.length(); r += bs) {
                int m = (int) Math.min(bs, values.length() - r);
                values.copyTo(r, vb, 0, m);
                exits.copyTo(r, eb, 0, m);
                dc += DontCareFill.fill(Fill.RUNS, vb, eb, m, best, null, ob, r);
                for (int k = 0; k < m; k++) {
                    c1[ob[k] + 128]++;
                }
            }
            sb.append(String.format("%d %d %.3f %.3f %.1f", n, values.length(), h0(c0, values.length()),
                    h0(c1, values.length()), 100.0 * dc / values.length()));
            for (int k = 0; k < opts.length; k++) {
                if (skip != null && skip.contains("," + k + ",")) {
                    sb.append(" -");
                    continue;
                }
                Path f = TableFormat.valuesPath(out, v, n);
                long t0 = System.nanoTime();
                WriteResult r = TableWriter.write(f, v, n, values, opts[k].fill() == Fill.NONE ? null : exits, opts[k]);
                long t1 = System.nanoTime();
                sb.append(String.format(" %.3f", r.bitsPerPosition()));
                if (opts[k] == d || opts[k] == rans) {
                    sb.append(String.format("[%s/%d %.1fs]", r.encoding(), r.param(), (t1 - t0) / 1e9));
                }
                Files.delete(f);
            }
            System.out.println(sb);
        }
    }

    static double h0(long[] c, long total) {
        double h = 0;
        for (long x : c) {
            if (x > 0) {
                double p = (double) x / total;
                h -= p * Math.log(p) / Math.log(2);
            }
        }
        return h;
    }

    static ByteBigArray read(Path p) throws IOException {
        ByteBigArray a = new ByteBigArray(Files.size(p));
        try (InputStream in = new BufferedInputStream(Files.newInputStream(p), 1 << 20)) {
            byte[] buf = new byte[1 << 20];
            long pos = 0;
            int k;
            while ((k = in.read(buf)) > 0) {
                a.copyFrom(buf, 0, pos, k);
                pos += k;
            }
        }
        return a;
    }
}
