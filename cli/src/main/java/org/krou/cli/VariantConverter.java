package org.krou.cli;

import org.krou.rules.Variant;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --variant}. */
final class VariantConverter implements ITypeConverter<Variant> {
    @Override
    public Variant convert(String value) {
        try {
            return Variant.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
