package org.krou.server;

import java.nio.file.Path;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.krou.rules.Variant;
import org.krou.table.CorruptTableException;
import org.krou.table.MissingTableException;
import org.krou.table.OutsideCoverageException;
import org.krou.table.TableException;
import org.krou.table.TableFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where the server turns a {@link TableException} into what its client is told.
 * The exceptions' own messages name files (the data directory, a table's path) for the operator
 * at the console; a remote client gets what went wrong in words instead, never a path, and the
 * same words from every route (a probe, a principal line, a batch line). The operator finds the
 * full message, path included, in the server's log.
 */
final class TableErrors {
    private static final Logger LOG = LoggerFactory.getLogger(TableErrors.class);
    /** A table's file name, {@code <kind>-NN.krou}: said as "the NN-seed <kind> table". */
    private static final Pattern TABLE_FILE = Pattern.compile("([a-z]+)-0*([0-9]+)\\.krou");

    private TableErrors() {
    }

    /**
     * The refusal of a request the tables of {@code variant} (null: unknown) could not answer: 422
     * for a position outside the coverage, 500 for a table that is damaged, missing or unreadable
     * (logged with its path for the operator).
     */
    static Api.Refusal refusal(TableException e, Variant variant) {
        if (e instanceof OutsideCoverageException) {
            return new Api.Refusal(422, message(e, variant));
        }
        LOG.warn("the tables cannot answer: {}", e.getMessage());
        return new Api.Refusal(500, message(e, variant));
    }

    /** What the client is told of {@code e}: a {@link #refusal}'s message, without logging. */
    static String message(TableException e, Variant variant) {
        String tables = "the " + (variant == null ? "" : variant.id() + " ") + "tables here";
        if (e instanceof OutsideCoverageException o) {
            return "the position has " + o.seeds() + " seeds on the board; " + tables + " cover "
                    + (o.maxSeeds() < 0 ? "nothing" : "0.." + o.maxSeeds() + " seeds");
        }
        String what;
        if (e instanceof CorruptTableException) {
            what = " is damaged";
        } else if (e instanceof MissingTableException) {
            what = " has gone missing";
        } else if (e instanceof TableFormatException) {
            what = " is not the table expected";
        } else {
            what = " cannot be read";
        }
        return tables + " cannot answer: " + table(e.file()) + what
                + " (the server's operator can check the tables with krou verify)";
    }

    /**
     * The messages of one batch's lines, as {@link #message} says them; the first failure that
     * is the tables' own (not a position outside the coverage) is logged, once for the batch.
     */
    static Function<TableException, String> batchMessages(Variant variant) {
        boolean[] logged = {false};
        return e -> {
            if (!logged[0] && !(e instanceof OutsideCoverageException)) {
                logged[0] = true;
                LOG.warn("the tables cannot answer a batch line: {}", e.getMessage());
            }
            return message(e, variant);
        };
    }

    /** "the 10-seed values table" for {@code .../values-10.krou}; "a table" when the name says nothing. */
    private static String table(Path file) {
        Path name = file == null ? null : file.getFileName();
        Matcher m = name == null ? null : TABLE_FILE.matcher(name.toString());
        return m != null && m.matches() ? "the " + m.group(2) + "-seed " + m.group(1) + " table" : "a table";
    }
}
