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


class OpenSpielPlaythrough(unittest.TestCase):
    """The end of the game of OpenSpiel's oware playthrough (open_spiel/integration_tests/playthroughs/
    oware.txt, commit 112b777), replayed through the package: from the state with 12 seeds left,
    OpenSpiel's actions must be legal moves in Krou and lead to the state it prints next; the game
    ends, as docs/PYTHON.md says, when North has captured more than half, each side then taking the
    seeds in its own row: OpenSpiel's final scores. Krou plays on, with the same winner."""

    START = "0 | 17 19 | 0 1 2 0 2 0 0 1 5 1 0 0"   # its state before action 4 ("E")
    NEXT = "1 | 17 19 | 0 1 2 0 0 1 1 1 5 1 0 0"    # its state after it
    ACTIONS = [4, 2, 2, 4, 0, 5, 3, 3, 5, 5]        # the last ten of its History()
    FINAL_SCORES = [21, 27]                           # "0 | 21 27 | 0 0 0 0 0 0 0 0 0 0 0 0"
    RETURNS = [-1, 1]

    def test_the_game_ends_as_in_openspiel(self):
        namespace = {}
        exec(snippet().split("\ncounts, side")[0], namespace)  # the doc's krou_position alone
        krou_position = namespace["krou_position"]
        scores = [17, 19]
        counts, side = krou_position(StandInState(self.START))
        with krou.Tablebase(tables("abapa", max_seeds=12)) as tb:
            for ply, action in enumerate(self.ACTIONS):
                self.assertLessEqual(max(scores), 24, "OpenSpiel would have stopped already")
                player = "SN".index(side)
                moves = {m.index: m for m in tb.moves(counts, to_move=side)}
                self.assertIn(action, moves, f"OpenSpiel's action {action} at ply {ply} is legal in Krou")
                move = moves[action]
                scores[player] += move.captures
                counts, side = krou.parse_position(move.position)
                if ply == 0:
                    self.assertEqual((list(counts), side), krou_position(StandInState(self.NEXT)))
            self.assertGreater(scores[1], 24, "North has captured more than half: OpenSpiel stops")
            self.assertEqual([scores[0] + sum(counts[:6]), scores[1] + sum(counts[6:])], self.FINAL_SCORES,
                             "each side takes the seeds in its own row")
            # Krou plays on: the seeds left go as the position's value says, to the same winner
            seeds, value = sum(counts), tb.value(counts, to_move=side)
            mover = "SN".index(side)
            final = list(scores)
            final[mover] += (seeds + value) / 2
            final[1 - mover] += (seeds - value) / 2
        self.assertEqual([(a > b) - (a < b) for a, b in (final, final[::-1])], self.RETURNS)

if __name__ == "__main__":
    unittest.main()
