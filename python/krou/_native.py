"""Finding and loading libkrou, and the ctypes declarations of its API (native/include/krou.h).

The library is looked for, in this order:
  1. the path given to load() (Tablebase(..., library=PATH));
  2. the environment variable KROU_LIBRARY (a path to the .so);
  3. the package's own directory (krou/libkrou.so, where an install from the repository puts it);
  4. in a source checkout, the library `make -C native` builds (native/build/libkrou.so beside
     this python/ directory), then the one the Maven build makes (native/target/native/libkrou.so);
  5. the system's loader (libkrou.so on LD_LIBRARY_PATH, in /usr/local/lib, ...).
A path given in 1 or 2 is used alone: if it does not load, that is the error.
"""

import ctypes
import ctypes.util
import os
import threading

from .errors import LibraryNotFoundError

_HERE = os.path.dirname(os.path.abspath(__file__))
_NAMES = ("libkrou.so", "libkrou.dylib")
# python/krou/ -> the repository's native/ build output: make's, then the Maven build's
_CHECKOUT_DIRS = (os.path.join(_HERE, os.pardir, os.pardir, "native", "build"),
                  os.path.join(_HERE, os.pardir, os.pardir, "native", "target", "native"))

# the error message buffers handed to libkrou (its messages are one line, far shorter)
ERR_LEN = 512

KROU_SENTINEL = 1000
KROU_BAD_BOARD = 1000
KROU_NOT_COVERED = 1001
KROU_CORRUPT = 1002
KROU_NO_TABLE = 1003
KROU_DTC_DRAW = 255
KROU_SOUTH = 0
KROU_NORTH = 1

Board = ctypes.c_int * 12


class Move(ctypes.Structure):
    """struct krou_move"""
    _fields_ = [
        ("pit", ctypes.c_int),
        ("captured", ctypes.c_int),
        ("value", ctypes.c_int),
        ("dtc", ctypes.c_int),
        ("ends_game", ctypes.c_int),
        ("child", ctypes.c_int * 12),
    ]


class Position(ctypes.Structure):
    """struct krou_position"""
    _fields_ = [("pits", ctypes.c_int * 12), ("side", ctypes.c_int)]


def _declare(lib):
    """Sets argtypes and restype of every function the package calls."""
    c_int, c_char_p, c_size_t, c_void_p = ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p
    int_p = ctypes.POINTER(c_int)
    board = ctypes.POINTER(c_int)  # int board[12]
    signatures = {
        "krou_strerror": (c_char_p, [c_int]),
        "krou_variant": (c_int, [c_char_p, c_char_p, c_size_t, c_char_p, c_size_t, c_char_p, c_size_t]),
        "krou_open": (c_int, [c_char_p, c_char_p, ctypes.POINTER(c_void_p), c_char_p, c_size_t]),
        "krou_open_cached": (c_int, [c_char_p, c_char_p, c_size_t, ctypes.POINTER(c_void_p), c_char_p, c_size_t]),
        "krou_close": (None, [c_void_p]),
        "krou_max_seeds": (c_int, [c_void_p]),
        "krou_covers": (c_int, [c_void_p, c_int]),
        "krou_has_dtc": (c_int, [c_void_p, c_int]),
        "krou_rules": (c_char_p, [c_void_p]),
        "krou_verify": (c_int, [c_void_p, c_char_p, c_size_t]),
        "krou_probe": (c_int, [c_void_p, board]),
        "krou_probe_dtc": (c_int, [c_void_p, board]),
        "krou_root_moves": (c_int, [c_void_p, board, ctypes.POINTER(Move), int_p]),
        "krou_legal_moves": (c_int, [c_void_p, board]),
        "krou_game_over": (c_int, [c_void_p, board, int_p, int_p]),
        "krou_parse_position": (c_int, [c_char_p, ctypes.POINTER(Position), c_char_p, c_size_t]),
        "krou_format_position": (c_int, [ctypes.POINTER(Position), c_char_p, c_size_t]),
        "krou_position_board": (None, [ctypes.POINTER(Position), board]),
        "krou_board_position": (None, [board, c_int, ctypes.POINTER(Position)]),
        "krou_move_letter": (ctypes.c_char, [c_int, c_int]),
    }
    for name, (restype, argtypes) in signatures.items():
        try:
            function = getattr(lib, name)
        except AttributeError:
            raise LibraryNotFoundError(
                f"{lib._name} is not a libkrou this package can use: it has no function {name}")
        function.restype = restype
        function.argtypes = argtypes
    return lib


def _candidates():
    """The places of steps 3 to 5 of the search, in order: (what to load, how to name it)."""
    for directory in (_HERE,) + _CHECKOUT_DIRS:
        for name in _NAMES:
            path = os.path.normpath(os.path.join(directory, name))
            if os.path.isfile(path):
                yield path
    found = ctypes.util.find_library("krou")
    if found:
        yield found
    yield "libkrou.so"


_lock = threading.Lock()
_loaded = {}


def load(path=None):
    """The loaded libkrou: from `path` if given, else as the module's docstring says. Each library
    is loaded once per process. Raises LibraryNotFoundError naming the places looked at."""
    explicit = path if path is not None else os.environ.get("KROU_LIBRARY") or None
    with _lock:
        key = os.fspath(explicit) if explicit is not None else None
        if key in _loaded:
            return _loaded[key]
        if explicit is not None:
            try:
                lib = ctypes.CDLL(key)
            except OSError as e:
                source = "the library argument" if path is not None else "KROU_LIBRARY"
                raise LibraryNotFoundError(f"cannot load libkrou from {key} ({source}): {e}") from None
        else:
            lib, tried = None, []
            for candidate in _candidates():
                try:
                    lib = ctypes.CDLL(candidate)
                    break
                except OSError as e:
                    tried.append(f"{candidate}: {e}")
            if lib is None:
                raise LibraryNotFoundError(
                    "libkrou not found: build it (make -C native) and set KROU_LIBRARY to the "
                    "path of libkrou.so, install it into the package (docs/PYTHON.md), or put it "
                    "on the system loader's path; tried " + "; ".join(tried))
        _loaded[key] = _declare(lib)
        return _loaded[key]
