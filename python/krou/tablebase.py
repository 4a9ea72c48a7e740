"""Tablebase: the tables of one rule set in a data directory, probed through libkrou."""

import ctypes
import dataclasses
import operator
import os
import threading
from typing import Optional

from . import _native
from .errors import ArgumentError, ClosedError, KrouError, NotCoveredError, VariantError, from_code
from .errors import ERR_ARGUMENT, ERR_BOARD, ERR_CORRUPT, ERR_COVERAGE, ERR_VARIANT
from .positions import to_struct, to_text


@dataclasses.dataclass(frozen=True)
class Move:
    """One legal move of a position.

    pit       the pit's letter in Krou's notation: 'a'..'f' for South, 'A'..'F' for North
    index     the pit 0..5 in the mover's row, from its a/A (OpenSpiel's action number)
    captures  the seeds the move captures
    value     its value for the mover: captures minus the value of the position after it
    distance  plies to the next conversion (capture or end of the game) through this move when
              both sides keep the value: 1 if the move converts; None if the tables of that layer
              have no distances (generated without --dtc) or the position after it is worth 0
              and the move captures nothing (no progress to measure)
    ends_game whether the game is over after the move
    position  the position after the move, in Krou's notation (the opponent to move)
    """
    pit: str
    index: int
    captures: int
    value: int
    distance: Optional[int]
    ends_game: bool
    position: str


class Tablebase:
    """The tables of rule set `variant` in data directory `path` (holding <variant>/values-NN.krou,
    as `krou generate --data PATH` writes them), opened and checked by libkrou.

    `variant` is a preset name (abapa, awari, lemery, myriad, grand-slam-forbidden) or options as
    the CLI's --variant takes them ("grand-slam=forbid,cap=4"). `library` is the path of libkrou.so
    (default: see krou._native). `cache_mb` (MiB, default 0: none) gives libkrou a cache of decoded
    table streams, allocated at open and never grown, for repeated probes in the same blocks (a
    search). Use as a context manager, or call close().

    Positions are Krou's notation strings ("1 0 0 1 0 1 / 1 0 0 0 0 1 S") or 12 counts in the
    notation's order (South's a..f, then North's A..F) with to_move="S" or "N" (South if omitted).
    Probes may run in several threads at once; close() waits for none but frees the tables only
    when the last running probe has returned.
    """

    def __init__(self, path, variant="abapa", library=None, cache_mb=0):
        self._lib = _native.load(library)
        if not isinstance(variant, str):
            raise VariantError(f"the variant is a string such as 'abapa' or 'grand-slam=forbid,cap=4', "
                               f"not {type(variant).__name__}")
        try:
            self.path = os.fspath(path)
        except TypeError:
            raise ArgumentError(f"the path of the data directory is a str or path, not {type(path).__name__}",
                                ERR_ARGUMENT) from None
        if isinstance(self.path, bytes):
            self.path = os.fsdecode(self.path)
        if "\0" in self.path:
            raise ArgumentError(f"the path {self.path!r} holds a NUL character", ERR_ARGUMENT)
        if "\0" in variant:
            raise VariantError(f"the variant {variant!r} holds a NUL character", ERR_VARIANT)
        err = ctypes.create_string_buffer(_native.ERR_LEN)
        ident = ctypes.create_string_buffer(128)
        code = self._lib.krou_variant(variant.encode("utf-8", "replace"), ident, len(ident), None, 0, err, len(err))
        if code != 0:
            raise from_code(code, _text(err))
        self.variant = _text(ident)
        if isinstance(cache_mb, bool) or not isinstance(cache_mb, (int, float)) or not 0 <= cache_mb < 1 << 40:
            raise ArgumentError(f"cache_mb is a number of MiB, 0 or more, not {cache_mb!r}", ERR_ARGUMENT)
        handle = ctypes.c_void_p()
        code = self._lib.krou_open_cached(os.fsencode(self.path), variant.encode("utf-8"), int(cache_mb * (1 << 20)),
                                          ctypes.byref(handle), err, len(err))
        if code != 0:
            raise from_code(code, _text(err))
        self._handle = handle
        self._lock = threading.Lock()
        self._active = 0
        self._closed = False
        self.rules = self._lib.krou_rules(handle).decode("utf-8")
        self.max_seeds = self._lib.krou_max_seeds(handle)

    # ---- lifetime ----

    def close(self):
        """Closes the tables; any later use raises ClosedError. Closing twice is allowed."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._active == 0:
                self._release()

    def _release(self):
        handle, self._handle = self._handle, None
        self._lib.krou_close(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        if getattr(self, "_handle", None) is not None and getattr(self, "_lock", None) is not None:
            self.close()

    def __repr__(self):
        state = "closed" if self._closed else f"0..{self.max_seeds} seeds"
        return f"<krou.Tablebase {self.path!r} {self.variant} ({state})>"

    def _enter(self):
        with self._lock:
            if self._closed:
                raise ClosedError(f"the tablebase {self.path!r} ({self.variant}) is closed")
            self._active += 1
            return self._handle

    def _leave(self):
        with self._lock:
            self._active -= 1
            if self._closed and self._active == 0 and self._handle is not None:
                self._release()

    # ---- what the tables hold ----

    def covers(self, seeds):
        """Whether positions of `seeds` seeds can be probed."""
        return 0 <= _seed_count(seeds) <= self.max_seeds

    def has_distances(self, seeds):
        """Whether the layer of `seeds` seeds has a distance table (krou generate --dtc)."""
        seeds = _seed_count(seeds)
        handle = self._enter()
        try:
            return 0 <= seeds <= self.max_seeds and bool(self._lib.krou_has_dtc(handle, seeds))
        finally:
            self._leave()

    def verify(self):
        """Reads and checks every byte of every open table; CorruptTableError naming the file and
        block if one is damaged. Slow for large tables."""
        handle = self._enter()
        try:
            err = ctypes.create_string_buffer(_native.ERR_LEN)
            code = self._lib.krou_verify(handle, err, len(err))
            if code != 0:
                raise from_code(code, _text(err))
        finally:
            self._leave()

    # ---- probes ----

    def value(self, position, to_move=None):
        """The value of the position for the side to move: the seeds it will still capture minus
        those its opponent will, with perfect play (-n..n with n seeds on the board;
        docs/RULES.md, "What a value means"). A finished game gets its rule value."""
        board, seeds = self._board(position, to_move)
        handle = self._enter()
        try:
            value = self._lib.krou_probe(handle, board)
        finally:
            self._leave()
        if value >= _native.KROU_SENTINEL:
            raise self._sentinel_error(value, seeds)
        return value

    def distance(self, position, to_move=None):
        """The distance to conversion of the position in plies (0 for a finished game); None if
        the position is worth 0 or its layer has no distance table."""
        board, seeds = self._board(position, to_move)
        handle = self._enter()
        try:
            dtc = self._lib.krou_probe_dtc(handle, board)
        finally:
            self._leave()
        if dtc == _native.KROU_NO_TABLE or dtc == _native.KROU_DTC_DRAW:
            return None
        if dtc >= _native.KROU_SENTINEL:
            raise self._sentinel_error(dtc, seeds)
        return dtc

    def moves(self, position, to_move=None):
        """Every legal move of the position in pit order, as Move objects (an empty list when the
        game is over)."""
        pos = to_struct(self._lib, position, to_move)
        board = _native.Board()
        self._lib.krou_position_board(ctypes.byref(pos), board)
        found = (_native.Move * 6)()
        count = ctypes.c_int(0)
        handle = self._enter()
        try:
            code = self._lib.krou_root_moves(handle, board, found, ctypes.byref(count))
        finally:
            self._leave()
        if code != 0:
            raise self._code_error(code, sum(pos.pits))
        side, other = pos.side, 1 - pos.side
        result = []
        for move in found[:count.value]:
            after = _native.Position()
            self._lib.krou_board_position(move.child, other, ctypes.byref(after))
            result.append(Move(
                pit=self._lib.krou_move_letter(side, move.pit).decode("ascii"),
                index=move.pit,
                captures=move.captured,
                value=move.value,
                distance=None if move.dtc < 0 or move.dtc == _native.KROU_DTC_DRAW else move.dtc,
                ends_game=bool(move.ends_game),
                position=to_text(self._lib, after),
            ))
        return result

    def best_moves(self, position, to_move=None):
        """The moves that keep the position's value (the largest move value), the one to play
        first: where distances are known, the side that is ahead (value above 0) gets its moves
        shortest distance first, the side behind longest first, as `krou pv` plays; otherwise, and
        for a value of 0, in pit order. Empty when the game is over."""
        moves = self.moves(position, to_move)
        if not moves:
            return []
        best = max(move.value for move in moves)
        chosen = [move for move in moves if move.value == best]
        if best > 0:
            chosen.sort(key=lambda m: (m.distance is None, m.distance or 0))
        elif best < 0:
            chosen.sort(key=lambda m: (m.distance is None, -(m.distance or 0)))
        return chosen

    # ---- helpers ----

    def _board(self, position, to_move):
        """The mover-relative board of a position and its seed count."""
        pos = to_struct(self._lib, position, to_move)
        board = _native.Board()
        self._lib.krou_position_board(ctypes.byref(pos), board)
        return board, sum(pos.pits)

    def _coverage_message(self, seeds):
        return (f"the position has {seeds} seeds on the board; the tables in "
                f"{os.path.join(self.path, self.variant)} cover 0..{self.max_seeds} seeds")

    def _sentinel_error(self, sentinel, seeds):
        if sentinel == _native.KROU_NOT_COVERED:
            return NotCoveredError(self._coverage_message(seeds), ERR_COVERAGE)
        if sentinel == _native.KROU_CORRUPT:
            return self._code_error(ERR_CORRUPT, seeds)
        if sentinel == _native.KROU_BAD_BOARD:
            return from_code(ERR_BOARD, "libkrou refused the board")
        return KrouError(f"libkrou answered {sentinel}, which this package does not know")

    def _code_error(self, code, seeds):
        if code == ERR_COVERAGE:
            return NotCoveredError(self._coverage_message(seeds), code)
        reason = self._lib.krou_strerror(code).decode("utf-8", "replace")
        if code == ERR_CORRUPT:
            reason += (f": a block of the tables of {seeds} seeds (or of the positions its moves lead to) "
                       f"in {os.path.join(self.path, self.variant)} fails its checks")
        return from_code(code, reason)


def _seed_count(seeds):
    """A seed count given to covers() or has_distances(), as an int."""
    if isinstance(seeds, bool):
        raise ArgumentError(f"a seed count is a whole number, not {seeds!r}", ERR_ARGUMENT)
    try:
        return operator.index(seeds)
    except TypeError:
        raise ArgumentError(f"a seed count is a whole number, not {seeds!r}", ERR_ARGUMENT) from None


def _text(buffer):
    return buffer.value.decode("utf-8", "replace")
