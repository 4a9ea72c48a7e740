"""The OpenSpiel snippet of docs/PYTHON.md, run as printed on stand-in states whose observation
strings are those of OpenSpiel's oware (player to move | scores | 12 counts, player 0's houses
first), compared with Krou's notation of the same boards from docs/RULES.md."""

import os
import re
import unittest

import krou
from support import tables

DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "docs", "PYTHON.md")


def snippet():
    """The python block of docs/PYTHON.md that defines krou_position."""
    with open(DOC, encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    found = [block for block in blocks if "def krou_position" in block]
    assert len(found) == 1, "docs/PYTHON.md has one OpenSpiel snippet"
    return found[0]


class StandInState:
    """What the snippet uses of pyspiel's oware state."""

    def __init__(self, observation, terminal=False):
        self.observation = observation
        self.terminal = terminal
        self.actions = []

    def observation_string(self, player):
        return self.observation

    def is_terminal(self):
        return self.terminal

    def apply_action(self, action):
        self.actions.append(action)


class OpenSpielSnippet(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tb = krou.Tablebase(tables("abapa"))

    @classmethod
    def tearDownClass(cls):
        cls.tb.close()

    def play(self, observation, terminal=False):
        """Runs the snippet on a state; returns the state and the namespace it ran in."""
        state = StandInState(observation, terminal)
        namespace = {"state": state, "tb": self.tb}
        exec(snippet(), namespace)
        return state, namespace

    def test_the_opening_after_player_0_s_third_house(self):
        # OpenSpiel's playthrough, state 1; docs/RULES.md, worked example 14 (South's c)
        state, namespace = self.play("1 | 0 0 | 4 4 0 5 5 5 5 4 4 4 4 4")
        counts, side = namespace["krou_position"](state)
        self.assertEqual((tuple(counts), side), krou.parse_position("4 4 0 5 5 5 / 5 4 4 4 4 4 N"))
        self.assertEqual(state.actions, [], "48 seeds are beyond the tables: nothing played")

    def test_south_plays_the_best_move_of_rules_md(self):
        # "The value of a move": a is South's one best move, its pit 0
        state, _ = self.play("0 | 20 23 | 1 0 0 1 0 1 1 0 0 0 0 1")
        self.assertEqual(state.actions, [0])

    def test_north_plays_its_only_move(self):
        # worked example 7: North's F (its pit 5) is its one move
        state, namespace = self.play("1 | 22 21 | 1 2 0 0 0 0 0 0 0 0 0 1")
        self.assertEqual(namespace["side"], "N")
        self.assertEqual(state.actions, [5])

    def test_a_terminal_state_is_not_probed(self):
        state, _ = self.play("0 | 25 20 | 1 0 0 1 0 1 1 0 0 0 0 1", terminal=True)
        self.assertEqual(state.actions, [])


if __name__ == "__main__":
    unittest.main()
