package org.krou.cli;

import picocli.CommandLine;

/**
 * Whole numbers as the command line takes them: an optional sign and the digits 0-9.
 * {@link Integer#parseInt}, and so picocli's own converters, also take any script's digits (the
 * full-width {@code １}, the Arabic-Indic {@code ٥}), which nobody types as a count on purpose.
 */
final class Numbers {
    /** What a number must look like, as the messages say it. */
    static final String FORM = "a whole number written with the digits 0-9";

    private Numbers() {
    }

    /** Makes every int and long option and parameter of {@code cl} and its subcommands take {@link #FORM} only. */
    static void register(CommandLine cl) {
        // one converter object per type: two call sites of the same method reference crash Java
        // 17's dynamic class-data archive (scripts/krou's krou-serve.jsa) as it is written
        CommandLine.ITypeConverter<Integer> ints = Numbers::toInt;
        CommandLine.ITypeConverter<Long> longs = Numbers::toLong;
        cl.registerConverter(Integer.class, ints);
        cl.registerConverter(Integer.TYPE, ints);
        cl.registerConverter(Long.class, longs);
        cl.registerConverter(Long.TYPE, longs);
    }

    /**
     * Parses an int written as {@link #FORM}.
     *
     * @throws NumberFormatException if it is not one, or beyond an int
     */
    static int parseInt(String text) {
        return Integer.parseInt(ascii(text));
    }

    /**
     * Parses a long written as {@link #FORM}.
     *
     * @throws NumberFormatException if it is not one, or beyond a long
     */
    static long parseLong(String text) {
        return Long.parseLong(ascii(text));
    }

    private static String ascii(String text) {
        if (text == null || !text.matches("[+-]?[0-9]+")) {
            throw new NumberFormatException("'" + Errors.oneLine(text) + "' is not " + FORM);
        }
        return text;
    }

    private static Integer toInt(String text) {
        try {
            return parseInt(text);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(range(text, e, Integer.MIN_VALUE, Integer.MAX_VALUE));
        }
    }

    private static Long toLong(String text) {
        try {
            return parseLong(text);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(range(text, e, Long.MIN_VALUE, Long.MAX_VALUE));
        }
    }

    /** The message: not a number at all, or one too large to hold. */
    private static String range(String text, NumberFormatException e, long min, long max) {
        return text.matches("[+-]?[0-9]+") ? "'" + Errors.oneLine(text) + "' is out of range: expected " + min + ".."
                + max : e.getMessage();
    }
}
