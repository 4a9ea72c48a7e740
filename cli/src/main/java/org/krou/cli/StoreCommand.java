package org.krou.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.krou.engine.AnalysisStore;
import org.krou.engine.PositionKey;
import org.krou.engine.StoreEntry;
import org.krou.engine.StoreException;
import org.krou.probe.Tablebase;
import org.krou.rules.Rules;
import org.krou.table.IoReason;
import org.krou.table.TableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.krou.util.Words;

/** {@code krou store info|verify|clear|recover}: the analysis store of {@code analyse}. */
@Command(name = "store", mixinStandardHelpOptions = true,
        description = {"Inspect, check, clear or recover the analysis store DIR/<variant>/analysis.cm, where analyse "
                + "keeps what its searches prove (a Chronicle Map file shared by every process using it)."},
        subcommands = {StoreCommand.Info.class, StoreCommand.Verify.class, StoreCommand.Clear.class,
            StoreCommand.Recover.class})
final class StoreCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** What info and verify say about a store this process cannot write. */
    private static final String READ_ONLY = "A store that cannot be written here (read-only tables) is read from a "
            + "copy in the temporary directory (java.io.tmpdir; Chronicle Map opens only files it may write).";

    /** The store to read, saying on standard error when it is read from a copy. */
    private static AnalysisStore openForReading(TableOptions tables, CommandSpec spec) {
        AnalysisStore store = AnalysisStore.openForReading(tables.data, tables.variant());
        if (store.readsCopy()) {
            spec.commandLine().getErr().println("note: " + store.path() + " cannot be written here: reading a copy "
                    + "of it");
        }
        return store;
    }

    @Override
    public Integer call() {
        throw new IllegalArgumentException("missing subcommand: info, verify, clear or recover (krou store --help)");
    }

    /** {@code krou store info}. */
    @Command(name = "info", mixinStandardHelpOptions = true,
            description = {"Print the store's file, size and capacity, and its positions by seed count (all, exact).",
                    READ_ONLY})
    static final class Info implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        TableOptions tables;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (AnalysisStore store = openForReading(tables, spec)) {
                long[] all = new long[Rules.PITS * 4 + 1];
                long[] exact = new long[all.length];
                store.forEach((key, packed) -> {
                    int n = Math.min(PositionKey.seeds(key), all.length - 1);
                    all[n]++;
                    if (StoreEntry.isPacked(packed) && StoreEntry.unpack(packed).exact()) {
                        exact[n]++;
                    }
                });
                out.printf(Locale.ROOT, "%s: %,d of %,d positions (%.1f%%), %,d bytes on disk%n", store.path(),
                        store.size(), store.capacity(), 100.0 * store.size() / store.capacity(), store.fileBytes());
                for (int n = 0; n < all.length; n++) {
                    if (all[n] > 0) {
                        out.printf(Locale.ROOT, "seeds %2d: %s, %,d exact%n", n,
                                Words.grouped(all[n], "position", "positions"), exact[n]);
                    }
                }
            }
            return Main.OK;
        }
    }

    /** {@code krou store verify}. */
    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Check every entry: a key naming a board, a well-formed value, bounds within the seeds, a "
                    + "best move that is legal; where the tables cover the board, bounds that contain its value.",
                    "Exit 0 if all is well, 1 with the problems found (the first 20) otherwise.", READ_ONLY})
    static final class Verify implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        TableOptions tables;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            List<String> problems = new ArrayList<>();
            long[] checked = new long[2];
            Tablebase tb = openTables();
            try (AnalysisStore store = openForReading(tables, spec)) {
                int[] b = new int[Rules.PITS];
                int[] children = new int[Rules.ROW * Rules.PITS];
                int[] captured = new int[Rules.ROW];
                int[] scratch = new int[Rules.PITS];
                store.forEach((key, packed) -> {
                    checked[0]++;
                    String p = problem(key, packed, tb, b, children, captured, scratch);
                    if (p != null) {
                        checked[1]++;
                        if (problems.size() < 20) {
                            problems.add(p);
                        }
                    }
                });
                problems.forEach(out::println);
                out.printf(Locale.ROOT, "%s: %s checked%s, %s%n", store.path(),
                        Words.grouped(checked[0], "entry", "entries"),
                        tb == null ? " (no tables to compare with)" : " (against the tables to " + tb.maxSeeds()
                                + " seeds)", Words.grouped(checked[1], "problem", "problems"));
            } finally {
                if (tb != null) {
                    tb.close();
                }
            }
            return checked[1] == 0 ? Main.OK : Main.FAILED;
        }

        private Tablebase openTables() {
            try {
                return Tablebase.open(tables.data, tables.variant());
            } catch (TableException e) {
                return null;
            }
        }

        private String problem(long key, long packed, Tablebase tb, int[] b, int[] children, int[] captured,
                int[] scratch) {
            if (!PositionKey.isValid(key)) {
                return "key " + key + ": names no board";
            }
            if (!StoreEntry.isPacked(packed)) {
                return "key " + key + ": malformed value " + Long.toHexString(packed);
            }
            StoreEntry e = StoreEntry.unpack(packed);
            PositionKey.board(key, b);
            int n = PositionKey.seeds(key);
            String where = "board " + java.util.Arrays.toString(b) + " " + e;
            if (e.lo() < -n || e.hi() > n) {
                return where + ": bounds beyond its " + n + " seeds";
            }
            int mask = Rules.generate(b, tables.variant(), children, captured, scratch);
            if (e.best() != StoreEntry.NO_MOVE && (mask & 1 << e.best()) == 0) {
                return where + ": best move " + e.best() + " is not legal";
            }
            if (tb != null && tb.covers(n)) {
                int v = tb.probe(b);
                if (v < e.lo() || v > e.hi()) {
                    return where + ": the tables give " + v;
                }
            }
            return null;
        }
    }

    /** {@code krou store clear}. */
    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = {"Remove the store file: the next analyse creates an empty one (of --store-entries "
                    + "positions). Run it while no other process uses the store."})
    static final class Clear implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        TableOptions tables;

        @Override
        public Integer call() {
            Path f = AnalysisStore.file(tables.data, tables.variant());
            PrintWriter out = spec.commandLine().getOut();
            boolean removed;
            try {
                removed = Files.deleteIfExists(f);
            } catch (IOException e) {
                throw new StoreException("cannot remove " + f + ": " + IoReason.of(e), e);
            }
            out.println(removed ? "removed " + f : "no analysis store " + f + ": nothing to clear");
            return Main.OK;
        }
    }

    /** {@code krou store recover}. */
    @Command(name = "recover", mixinStandardHelpOptions = true,
            description = {"Recover the store after a process was killed while writing it (a lock left held, an "
                    + "entry half written): Chronicle Map's recovery checks every entry's checksum and drops the "
                    + "damaged ones. Run it while no other process uses the store."})
    static final class Recover implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        TableOptions tables;

        @Override
        public Integer call() {
            try (AnalysisStore store = AnalysisStore.recover(tables.data, tables.variant())) {
                spec.commandLine().getOut().printf(Locale.ROOT, "%s recovered: %s%n", store.path(),
                        Words.grouped(store.size(), "position", "positions"));
            }
            return Main.OK;
        }
    }
}
