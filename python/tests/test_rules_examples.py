"""The worked examples of docs/RULES.md that fit in tables of 8 seeds, checked through the package:
values, legal moves, what each move captures and the position it leads to. Every example is also
checked mirrored (North in South's place), through a string and through 12 counts."""

import unittest

import krou
from support import mirrored, tables

# (rule set as the CLI's --variant takes it, position, its value for the side to move)
VALUES = [
    # "The value of a move"
    ("abapa", "1 0 0 1 0 1 / 1 0 0 0 0 1 S", 5),
    ("abapa", "1 0 0 1 0 0 / 0 0 0 0 0 1 N", 1),
    ("abapa", "0 1 0 1 0 1 / 1 0 0 0 0 1 N", -5),
    ("abapa", "1 0 0 0 1 1 / 1 0 0 0 0 1 N", 1),
    # "What a value means": three seeds chasing each other forever
    ("abapa", "0 2 0 0 0 0 / 1 0 0 0 0 0 N", 0),
    # worked examples 5, 6, 7
    ("abapa", "3 0 0 1 2 0 / 0 0 0 0 0 0 S", 6),
    ("awari", "3 0 0 1 2 0 / 0 0 0 0 0 0 S", 6),
    ("abapa", "1 2 0 0 0 0 / 0 0 0 0 0 0 S", 3),
    ("abapa", "2 0 0 0 0 0 / 0 0 0 0 0 0 S", 2),
    ("abapa", "1 2 0 0 0 0 / 0 0 0 0 0 1 N", 0),
    # 8: a forced grand slam
    ("abapa", "0 0 0 0 0 2 / 1 1 0 0 0 0 S", -4),
    ("awari", "0 0 0 0 0 2 / 1 1 0 0 0 0 S", 4),
    ("abapa", "0 0 0 0 0 1 / 1 0 0 0 0 0 S", -2),
    ("awari", "0 0 0 0 0 1 / 1 0 0 0 0 0 S", 2),
    # 10: a grand slam short of six pits
    ("abapa", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", -6),
    ("awari", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", 6),
    ("abapa", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", -7),
    ("awari", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", -7),
    # 15: a small win
    ("abapa", "1 1 0 0 0 0 / 1 0 0 0 0 0 S", 3),
    ("awari", "1 1 0 0 0 0 / 1 0 0 0 0 0 S", 3),
    # options, example 2
    ("grand-slam-forbidden", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", -6),
    ("lemery", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", -6),
    ("myriad", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", 6),
    ("grand-slam=spare-first", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", -2),
    ("grand-slam=spare-last", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", 0),
    ("grand-slam=capture-give", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", 4),
    # options, example 3
    ("grand-slam-forbidden", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", -7),
    ("myriad", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", 7),
    # options, example 6
    ("no-feed=nobody-takes", "1 2 0 0 0 0 / 0 0 0 0 0 0 S", 0),
    ("no-feed=play-on", "1 2 0 0 0 0 / 0 0 0 0 0 0 S", 3),
    ("no-feed=nobody-takes", "2 0 0 0 0 0 / 0 0 0 0 0 0 S", 0),
    ("no-feed=play-on", "2 0 0 0 0 0 / 0 0 0 0 0 0 S", 2),
    # options, example 7
    ("grand-slam-forbidden", "0 0 0 0 0 1 / 1 0 0 0 0 0 S", -2),
    ("grand-slam=spare-first", "0 0 0 0 0 1 / 1 0 0 0 0 0 S", -2),
    ("grand-slam=spare-last", "0 0 0 0 0 1 / 1 0 0 0 0 0 S", -2),
    ("no-feed=nobody-takes", "0 0 0 0 0 1 / 1 0 0 0 0 0 S", 0),
    ("myriad", "0 0 0 0 0 1 / 1 0 0 0 0 0 S", 2),
    ("grand-slam=capture-give", "0 0 0 0 0 1 / 1 0 0 0 0 0 S", 2),
]

# (rule set, position, its legal moves in pit order)
LEGAL = [
    ("abapa", "3 0 0 1 2 0 / 0 0 0 0 0 0 S", "e"),
    ("awari", "3 0 0 1 2 0 / 0 0 0 0 0 0 S", "e"),
    ("abapa", "1 2 0 0 0 0 / 0 0 0 0 0 0 S", ""),
    ("awari", "2 0 0 0 0 0 / 0 0 0 0 0 0 S", ""),
    ("abapa", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", "de"),
    ("awari", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", "d"),
    ("grand-slam-forbidden", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", "d"),
    ("abapa", "1 0 0 1 0 1 / 1 0 0 0 0 1 S", "adf"),
    ("no-feed=play-on", "1 2 0 0 0 0 / 0 0 0 0 0 0 S", "ab"),
    ("no-feed=play-on", "2 0 0 0 0 0 / 0 0 0 0 0 0 S", "a"),
]

# (rule set, position, move, captures, position after it, whether the game is then over, move value)
MOVES = [
    ("abapa", "1 0 0 1 0 1 / 1 0 0 0 0 1 S", "a", 0, "0 1 0 1 0 1 / 1 0 0 0 0 1 N", False, 5),
    ("abapa", "1 0 0 1 0 1 / 1 0 0 0 0 1 S", "d", 0, "1 0 0 0 1 1 / 1 0 0 0 0 1 N", False, -1),
    ("abapa", "1 0 0 1 0 1 / 1 0 0 0 0 1 S", "f", 2, "1 0 0 1 0 0 / 0 0 0 0 0 1 N", False, 1),
    ("abapa", "3 0 0 1 2 0 / 0 0 0 0 0 0 S", "e", 0, "3 0 0 1 0 1 / 1 0 0 0 0 0 N", False, 6),
    ("abapa", "1 2 0 0 0 0 / 0 0 0 0 0 1 N", "F", 2, "0 2 0 0 0 0 / 0 0 0 0 0 0 S", True, 0),
    ("abapa", "0 0 0 0 0 2 / 1 1 0 0 0 0 S", "f", 0, "0 0 0 0 0 0 / 2 2 0 0 0 0 N", True, -4),
    ("awari", "0 0 0 0 0 2 / 1 1 0 0 0 0 S", "f", 4, "0 0 0 0 0 0 / 0 0 0 0 0 0 N", True, 4),
    ("abapa", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", "e", 0, "0 0 0 0 0 1 / 2 3 0 0 0 0 N", False, -6),
    ("awari", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", "e", 5, "0 0 0 0 0 1 / 0 0 0 0 0 0 N", True, 6),
    ("abapa", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", "d", 0, "0 0 0 0 4 0 / 1 2 0 0 0 0 N", False, -7),
    ("abapa", "1 1 0 0 0 0 / 1 0 0 0 0 0 S", "b", 0, "1 0 1 0 0 0 / 1 0 0 0 0 0 N", False, 3),
    ("abapa", "1 1 0 0 0 0 / 1 0 0 0 0 0 S", "a", 0, "0 2 0 0 0 0 / 1 0 0 0 0 0 N", False, 0),
    ("grand-slam=spare-first", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", "e", 2, "0 0 0 0 0 1 / 0 3 0 0 0 0 N", False, -2),
    ("grand-slam=spare-last", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", "e", 3, "0 0 0 0 0 1 / 2 0 0 0 0 0 N", False, 0),
    ("grand-slam=capture-give", "0 0 0 0 3 0 / 1 2 0 0 0 0 S", "e", 5, None, True, 4),
    ("myriad", "0 0 0 1 3 0 / 1 2 0 0 0 0 S", "e", 5, "0 0 0 1 0 1 / 0 0 0 0 0 0 N", True, 7),
    ("no-feed=play-on", "1 2 0 0 0 0 / 0 0 0 0 0 0 S", "a", 0, "0 3 0 0 0 0 / 0 0 0 0 0 0 N", True, 3),
    ("no-feed=play-on", "1 2 0 0 0 0 / 0 0 0 0 0 0 S", "b", 0, "1 0 1 1 0 0 / 0 0 0 0 0 0 N", True, 3),
    ("no-feed=play-on", "2 0 0 0 0 0 / 0 0 0 0 0 0 S", "a", 0, "0 1 1 0 0 0 / 0 0 0 0 0 0 N", True, 2),
]


def counts_of(position):
    """The 12 counts (notation order) and side of a position string, read here, not by the package."""
    south, _, rest = position.partition("/")
    words = rest.split()
    return [int(c) for c in south.split() + words[:6]], words[6]


class RulesExamples(unittest.TestCase):
    """Each example through a string, through 12 counts, and mirrored."""

    def forms(self, position):
        """(description, position argument, to_move) for the example and its mirror image."""
        for text in (position, mirrored(position)):
            counts, side = counts_of(text)
            yield text, text, None
            yield f"{counts} {side}", counts, side

    def test_values(self):
        for variant, position, value in VALUES:
            with krou.Tablebase(tables(variant), variant) as tb:
                for label, argument, to_move in self.forms(position):
                    with self.subTest(variant=variant, position=label):
                        self.assertEqual(tb.value(argument, to_move), value)

    def test_legal_moves(self):
        for variant, position, legal in LEGAL:
            with krou.Tablebase(tables(variant), variant) as tb:
                with self.subTest(variant=variant, position=position):
                    self.assertEqual("".join(m.pit for m in tb.moves(position)), legal)
                    self.assertEqual("".join(m.pit for m in tb.moves(mirrored(position))), legal.upper())
                    self.assertEqual([m.index for m in tb.moves(position)], ["abcdef".index(p) for p in legal])

    def test_moves(self):
        for variant, position, pit, captures, after, ends_game, value in MOVES:
            with krou.Tablebase(tables(variant), variant) as tb:
                for text, mover_pit in ((position, pit), (mirrored(position), pit.swapcase())):
                    with self.subTest(variant=variant, position=text, move=mover_pit):
                        move = next(m for m in tb.moves(text) if m.pit == mover_pit)
                        self.assertEqual(move.captures, captures)
                        self.assertEqual(move.value, value)
                        self.assertEqual(move.ends_game, ends_game)
                        if after is not None:  # a capture-give grand slam's board is never looked up
                            self.assertEqual(move.position, after if text == position else mirrored(after))

    def test_best_moves_of_the_value_example(self):
        with krou.Tablebase(tables("abapa")) as tb:
            self.assertEqual([m.pit for m in tb.best_moves("1 0 0 1 0 1 / 1 0 0 0 0 1 S")], ["a"])
            self.assertEqual([m.pit for m in tb.best_moves("1 1 0 0 0 0 / 1 0 0 0 0 0 S")], ["b"])
            self.assertEqual(tb.best_moves("1 2 0 0 0 0 / 0 0 0 0 0 0 S"), [], "a finished game has none")

    def test_notation_round_trip(self):
        self.assertEqual(krou.format_position([1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1]), "1 0 0 1 0 1 / 1 0 0 0 0 1 S")
        self.assertEqual(krou.format_position([0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], "N"),
                         "0 2 0 0 0 0 / 1 0 0 0 0 0 N")
        self.assertEqual(krou.parse_position("1,0,0,1,0,1/1,0,0,0,0,1 n"),
                         ((1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1), "N"))
        self.assertEqual(krou.parse_position("1 0 0 1 0 1 / 1 0 0 0 0 1")[1], "S", "South when the side is left out")


if __name__ == "__main__":
    unittest.main()
