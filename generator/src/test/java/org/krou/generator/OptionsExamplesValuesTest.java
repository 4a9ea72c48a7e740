package org.krou.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.krou.index.PositionIndex;
import org.krou.rules.Notation;
import org.krou.rules.Rules;
import org.krou.rules.Variant;
import org.krou.util.ByteBigArray;

/**
 * The values of the worked examples of the rule options ({@code options-examples.csv} of the
 * lookup module's tests, which checks their moves), computed by the fast generator under each
 * example's rule set: every row that states a value, South to move.
 */
class OptionsExamplesValuesTest {
    static final Path CSV = Path.of("../lookup/src/test/resources/org/krou/rules/options-examples.csv");

    @Test
    void theGeneratorGivesTheValueOfEveryExample() throws IOException {
        List<String> lines = Files.readAllLines(CSV);
        Map<Variant, ByteBigArray[]> solved = new HashMap<>();
        int checked = 0;
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            if (text.isBlank() || text.startsWith("#")) {
                continue;
            }
            String[] f = text.split(",", -1);
            int k = f.length - 6;
            Variant v = Variant.parse(Arrays.stream(f, 0, k).map(String::trim).collect(Collectors.joining(",")));
            String value = f[k + 5].trim();
            if (value.isEmpty()) {
                continue;
            }
            int[] b = Notation.parse(f[k].trim() + " S").moverRelative();
            int n = Rules.seeds(b);
            ByteBigArray[] values = solved.get(v);
            if (values == null || values.length <= n) {
                values = new Generator(v, 2, null, Progress.NONE).run(n);
                solved.put(v, values);
            }
            assertEquals(Integer.parseInt(value), values[n].get(PositionIndex.rank(b)),
                    CSV.getFileName() + " line " + (i + 1) + ": " + v.id() + " " + Arrays.toString(b));
            checked++;
        }
        assertTrue(checked >= 45, "only " + checked + " values checked");
    }
}
