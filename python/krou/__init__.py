"""krou: probe Krou's Oware endgame tables from Python, through the C library libkrou.

    import krou
    with krou.Tablebase("data") as tb:                     # data/abapa/values-NN.krou
        print(tb.value("1 0 0 1 0 1 / 1 0 0 0 0 1 S"))     # 5
        for move in tb.best_moves("1 0 0 1 0 1 / 1 0 0 0 0 1 S"):
            print(move.pit, move.captures, move.value, move.distance)

Positions are Krou's notation strings (docs/RULES.md) or 12 counts in the notation's order
(South's a..f, then North's A..F) with to_move="S" or "N". Every error is a KrouError.
See docs/PYTHON.md.
"""

from .errors import (ArgumentError, ClosedError, CorruptTableError, KrouError, LibraryNotFoundError, NotCoveredError,
                     OutOfMemoryError, PositionError, TableError, VariantError)
from .positions import NORTH, SOUTH, format_position, parse_position
from .tablebase import Move, Tablebase

__version__ = "0.1.0"

__all__ = [
    "Tablebase", "Move", "SOUTH", "NORTH", "parse_position", "format_position",
    "KrouError", "ArgumentError", "LibraryNotFoundError", "VariantError", "TableError", "CorruptTableError",
    "PositionError", "NotCoveredError", "OutOfMemoryError", "ClosedError",
]
