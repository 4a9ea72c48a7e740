package org.krou.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.krou.generator.Generator;
import org.krou.generator.Progress;
import org.krou.generator.TableLayerStore;
import org.krou.probe.Tablebase;
import org.krou.rules.Position;
import org.krou.rules.Variant;

/**
 * The search above the tables under other rule sets: worked examples 1 and 2 of the rule options
 * (docs/RULES.md), searched with tables of 0..4 seeds only. A grand slam that captures and ends
 * the game is worth the rest to the capturer ({@code capture}, myriad) or to the opponent
 * ({@code capture-give}: {@code c - (n - c)}, not read from the child's table).
 */
class EngineRuleSetsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "myriad; 0 0 0 0 3 0 / 1 2 0 0 0 0 S; 6",
        "grand-slam=capture-give; 0 0 0 0 3 0 / 1 2 0 0 0 0 S; 4",
        "grand-slam=capture-give; 0 0 0 0 0 6 / 1 1 1 1 1 1 S; 12",
        "grand-slam=spare-last; 0 0 0 0 0 6 / 1 1 1 1 1 1 S; 8",
        "abapa; 0 0 0 0 3 0 / 1 2 0 0 0 0 S; -6"})
    void theSearchGivesTheExamplesValues(String rules, String position, int value) throws Exception {
        Variant variant = Variant.parse(rules);
        int horizon = 4;
        new Generator(variant, 2, new TableLayerStore(dir, variant, 2), Progress.NONE, false).run(horizon);
        try (Tablebase tb = Tablebase.open(dir, variant)) {
            Engine engine = new Engine(variant, tb, horizon, null, 16);
            Analysis a = engine.analyse(Position.parse(position), Limits.ofNodes(2_000_000));
            assertEquals(value, a.lo(), rules + " " + position + " lower bound");
            assertEquals(value, a.hi(), rules + " " + position + " upper bound");
        }
    }
}
