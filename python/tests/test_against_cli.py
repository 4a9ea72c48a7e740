"""The package against the Java CLI: tables written by `krou generate`, answers read from
`krou stats`, `krou probe --json` and `krou pv` output (parsed, never the package's own code)."""

import collections
import random
import re
import threading
import unittest

import krou
from support import MAX_SEEDS, OPTION_SET, boards, mirrored, notation, probe_batch, run, stats, tables


def random_positions(count, seeds, rng):
    """`count` positions of `seeds` seeds, seeds dropped into random pits, either side to move."""
    positions = []
    for _ in range(count):
        counts = [0] * 12
        for _ in range(seeds):
            counts[rng.randrange(12)] += 1
        positions.append(notation(counts, rng.choice("SN")))
    return positions


class EveryBoard(unittest.TestCase):
    """Whole layers: every board of 0..8 seeds probed, its values counted like `krou stats`."""

    def check_layers(self, variant, cache_mb=0, layers=range(MAX_SEEDS + 1)):
        data = tables(variant)
        expected = stats(data, variant)
        self.assertEqual(sorted(expected), list(range(MAX_SEEDS + 1)), "krou stats lists every layer")
        with krou.Tablebase(data, variant, cache_mb=cache_mb) as tb:
            self.assertEqual(tb.max_seeds, MAX_SEEDS)
            for seeds in layers:
                # a board with South to move is the table's mover-relative board
                counted = collections.Counter(tb.value(counts) for counts in boards(seeds))
                self.assertEqual(dict(counted), expected[seeds], f"{variant}: values of the {seeds}-seed boards")

    def test_abapa(self):
        self.check_layers("abapa")

    def test_abapa_through_a_cache_small_enough_to_evict(self):
        # 20 KB: room for some 40 decoded streams of a few hundred positions, where layers 7 and 8
        # have about 280 (libkrou gives a cache too small for one stream none at all)
        self.check_layers("abapa", cache_mb=0.02, layers=[7, 8])

    def test_threads_sharing_a_cached_tablebase(self):
        # four threads probe every board of layer 7 at once through one small cache, each starting
        # at another place of the layer, two of them backwards
        data = tables("abapa")
        expected = stats(data)[7]
        layer = list(boards(7))
        counted = [None] * 4

        def probe(t):
            start = t * len(layer) // 4
            order = layer[start:] + layer[:start]
            if t % 2:
                order.reverse()
            counted[t] = collections.Counter(tb.value(board) for board in order)

        with krou.Tablebase(data, cache_mb=0.02) as tb:
            threads = [threading.Thread(target=probe, args=(t,)) for t in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        for t in range(4):
            self.assertEqual(dict(counted[t]), expected, f"thread {t}: the values of layer 7")

    def test_awari(self):
        self.check_layers("awari")

    def test_an_option_set(self):
        self.check_layers(OPTION_SET)


class ProbeOutput(unittest.TestCase):
    """Random positions of every layer, either side to move: value, moves and best moves as
    `krou probe --json` prints them."""

    def check_probes(self, variant, dtc=False):
        rng = random.Random(33)
        positions = [p for seeds in range(MAX_SEEDS + 1) for p in random_positions(60, seeds, rng)]
        data = tables(variant, dtc=dtc)
        answers = probe_batch(data, positions, variant)
        with krou.Tablebase(data, variant) as tb:
            for position, answer in zip(positions, answers):
                with self.subTest(position=position):
                    self.assertEqual(tb.value(position), answer["value"])
                    moves = tb.moves(position)
                    self.assertEqual([(m.pit, m.captures, m.value) for m in moves],
                                     [(m["move"], m["captured"], m["value"]) for m in answer["moves"]])
                    self.assertEqual(sorted(m.pit for m in tb.best_moves(position)), sorted(answer["best"]))
                    # the same position with the players' places exchanged
                    self.assertEqual(tb.value(mirrored(position)), answer["value"])

    def test_abapa(self):
        self.check_probes("abapa")

    def test_abapa_with_distance_tables(self):
        self.check_probes("abapa", dtc=True)

    def test_lemery(self):
        self.check_probes("lemery")

    def test_counts_and_to_move_give_the_position_string_s_answers(self):
        rng = random.Random(34)
        positions = random_positions(200, MAX_SEEDS, rng)
        data = tables("abapa")
        answers = probe_batch(data, positions)
        with krou.Tablebase(data) as tb:
            for position, answer in zip(positions, answers):
                counts, side = krou.parse_position(position)
                self.assertEqual(tb.value(list(counts), to_move=side), answer["value"], position)
                self.assertEqual(tb.value(counts, to_move=krou.SOUTH if side == "S" else krou.NORTH),
                                 answer["value"], position)


# "   1. South a                 South  0  North  0   (value +5, 17 plies to conversion)"
PLY = re.compile(r"^\s*(\d+)\. (South|North) ([a-fA-F])\s+(?:captures\s+(\d+))?.*"
                 r"\(value ([+-]?\d+), (\d+) pl(?:y|ies) to conversion\)")


def pv_plies(data, position):
    """The plies `krou pv` prints: (move, captured, value, distance of the position it is played from)."""
    _, out, _ = run("pv", "--data", data, position)
    plies = []
    for line in out.splitlines():
        match = PLY.match(line)
        if match:
            plies.append((match.group(3), int(match.group(4) or 0), int(match.group(5)), int(match.group(6))))
    return plies


class Distances(unittest.TestCase):
    """Distances to conversion against the lines of `krou pv` over distance tables."""

    POSITIONS = [
        "1 0 0 1 0 1 / 1 0 0 0 0 1 S",  # docs/RULES.md: +5 at distance 17
        "2 0 1 0 0 1 / 0 1 0 2 1 0 S",  # +2, two best moves
        "3 0 0 0 0 1 / 0 0 2 0 0 1 N",  # -7: the side behind
    ]

    def test_distances_follow_the_pv_line(self):
        data = tables("abapa", dtc=True)
        with krou.Tablebase(data) as tb:
            for position in self.POSITIONS:
                plies = pv_plies(data, position)
                self.assertTrue(plies, f"pv printed a line for {position}")
                move, captured, value, distance = plies[0]
                with self.subTest(position=position):
                    self.assertEqual(tb.value(position), value)
                    self.assertEqual(tb.distance(position), distance)
                    best = tb.best_moves(position)
                    self.assertEqual(best[0].distance, distance, "the first best move makes progress")
                    self.assertIn(move, [m.pit for m in best if m.distance == distance])
                    played = next(m for m in best if m.pit == move)
                    self.assertEqual(played.captures, captured)
                    if captured == 0 and len(plies) > 1:
                        # the position after the move, the next ply's, is one ply nearer
                        self.assertEqual(plies[1][3], distance - 1)
                        self.assertEqual(tb.distance(played.position), distance - 1)

    def test_rules_md_example_is_at_distance_17(self):
        with krou.Tablebase(tables("abapa", dtc=True)) as tb:
            self.assertEqual(tb.distance("1 0 0 1 0 1 / 1 0 0 0 0 1 S"), 17)
            self.assertTrue(tb.has_distances(5))

    def test_no_distances_without_distance_tables(self):
        with krou.Tablebase(tables("abapa")) as tb:
            self.assertFalse(tb.has_distances(5))
            self.assertIsNone(tb.distance("1 0 0 1 0 1 / 1 0 0 0 0 1 S"))
            self.assertEqual([m.distance for m in tb.moves("1 0 0 1 0 1 / 1 0 0 0 0 1 S")], [None, None, None])

    def test_a_finished_game_is_at_distance_0_and_a_draw_has_none(self):
        with krou.Tablebase(tables("abapa", dtc=True)) as tb:
            self.assertEqual(tb.distance("1 2 0 0 0 0 / 0 0 0 0 0 0 S"), 0)
            self.assertIsNone(tb.distance("0 2 0 0 0 0 / 1 0 0 0 0 0 N"))


if __name__ == "__main__":
    unittest.main()
