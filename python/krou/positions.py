"""Positions in Krou's notation (docs/RULES.md, "Writing a position") and as 12 counts.

A position is either
  * a string in Krou's notation, "a b c d e f / A B C D E F [S|N]" (South's pits a..f, a slash,
    North's pits A..F, the side to move; South if left out), parsed by libkrou with the messages
    of `krou probe`; or
  * a sequence of 12 counts IN THE NOTATION'S ORDER: South's a..f, then North's A..F (the order of
    OpenSpiel's oware board, too), with the side to move given apart: to_move "S" or "N" (either
    case) or SOUTH (0) / NORTH (1); South when not given.
"""

import ctypes
import operator

from . import _native
from .errors import ERR_NOTATION, PositionError, from_code

SOUTH = _native.KROU_SOUTH
NORTH = _native.KROU_NORTH
_LETTERS = "abcdefABCDEF"
_SIDES = {"S": SOUTH, "s": SOUTH, "N": NORTH, "n": NORTH, SOUTH: SOUTH, NORTH: NORTH}


def _side(to_move):
    try:
        known = not isinstance(to_move, bool) and to_move in _SIDES
    except TypeError:  # unhashable
        known = False
    if not known:
        raise PositionError(f"bad side to move {to_move!r}: use 'S' or 'N' (or krou.SOUTH, krou.NORTH)")
    return _SIDES[to_move]


def _counts(position):
    """The 12 counts of a sequence, checked as the notation checks them."""
    try:
        items = list(position)
    except TypeError:
        raise PositionError(
            f"a position is a string in Krou's notation or a sequence of 12 counts, "
            f"not {type(position).__name__}") from None
    if len(items) != 12:
        raise PositionError(f"a board has 12 counts (South's a..f, then North's A..F), not {len(items)}")
    counts = []
    for letter, item in zip(_LETTERS, items):
        if isinstance(item, bool):
            raise PositionError(f"pit {letter} holds {item!r}: counts are whole numbers")
        try:
            count = operator.index(item)
        except TypeError:
            raise PositionError(f"pit {letter} holds {item!r}: counts are whole numbers") from None
        if count < 0:
            raise PositionError(f"pit {letter} holds {count}: counts must be 0 or more")
        if count > 48:
            raise PositionError(f"pit {letter} holds {count}: at most 48 seeds in a game")
        counts.append(count)
    if sum(counts) > 48:
        raise PositionError(f"the board holds {sum(counts)} seeds: at most 48")
    return counts


def to_struct(lib, position, to_move=None):
    """The krou_position of `position` (a notation string, or 12 counts with `to_move`)."""
    pos = _native.Position()
    if isinstance(position, str):
        if to_move is not None:
            raise PositionError("to_move goes with a sequence of counts; a position string names its side itself")
        if "\0" in position:
            raise PositionError(f"bad position {position!r}: it holds a NUL character", ERR_NOTATION)
        err = ctypes.create_string_buffer(_native.ERR_LEN)
        code = lib.krou_parse_position(position.encode("utf-8", "replace"), ctypes.byref(pos), err, len(err))
        if code != 0:
            raise from_code(code, err.value.decode("utf-8", "replace"))
        return pos
    pos.pits[:] = _counts(position)
    pos.side = SOUTH if to_move is None else _side(to_move)
    return pos


def to_text(lib, pos):
    """The notation string of a krou_position."""
    buf = ctypes.create_string_buffer(64)
    length = lib.krou_format_position(ctypes.byref(pos), buf, len(buf))
    if length < 0:
        raise PositionError(f"not a position: {list(pos.pits)}, side {pos.side}")
    return buf.value.decode("ascii")


def parse_position(text, library=None):
    """The counts (a tuple in the notation's order: a..f, A..F) and the side to move ("S" or "N")
    of a position string; PositionError with `krou probe`'s message if it is not one."""
    if not isinstance(text, str):
        raise PositionError(f"a position string is a str, not {type(text).__name__}")
    pos = to_struct(_native.load(library), text)
    return tuple(pos.pits), "SN"[pos.side]


def format_position(counts, to_move=None, library=None):
    """The notation string of 12 counts in the notation's order with `to_move` (South if None):
    format_position([1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1]) == "1 0 0 1 0 1 / 1 0 0 0 0 1 S"."""
    lib = _native.load(library)
    return to_text(lib, to_struct(lib, counts, to_move))
