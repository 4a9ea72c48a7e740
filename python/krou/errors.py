"""The exceptions of the krou package: every one is a KrouError.

The C library reports an error as a code (enum krou_error in krou.h) and a one-line message; the
package raises the subclass that matches the code, with that message.
"""


# libkrou's error codes (krou.h, enum krou_error)
OK = 0
ERR_ARGUMENT = 1
ERR_VARIANT = 2
ERR_MISSING = 3
ERR_IO = 4
ERR_FORMAT = 5
ERR_CORRUPT = 6
ERR_MEMORY = 7
ERR_NOTATION = 8
ERR_BOARD = 9
ERR_COVERAGE = 10


class KrouError(Exception):
    """Any error of the krou package. `code` is libkrou's error code of its kind (0 for the
    package's own kinds: a library that cannot be found, a closed tablebase)."""

    default_code = 0

    def __init__(self, message, code=None):
        super().__init__(message)
        self.code = self.default_code if code is None else code


class LibraryNotFoundError(KrouError, OSError):
    """libkrou could not be found or loaded."""


class ArgumentError(KrouError, ValueError):
    """An argument out of range, such as a negative cache size (KROU_ERR_ARGUMENT)."""

    default_code = ERR_ARGUMENT


class VariantError(KrouError, ValueError):
    """The rule set is not a preset name nor valid options (KROU_ERR_VARIANT)."""

    default_code = ERR_VARIANT


class TableError(KrouError, OSError):
    """The tables cannot be opened: missing (KROU_ERR_MISSING), unreadable (KROU_ERR_IO), or not
    tables this library reads (KROU_ERR_FORMAT)."""


class CorruptTableError(TableError):
    """A table is damaged: a checksum, a length or a block that does not decode
    (KROU_ERR_CORRUPT)."""

    default_code = ERR_CORRUPT


class PositionError(KrouError, ValueError):
    """A position that is not Krou's notation (KROU_ERR_NOTATION), or a board with a negative
    count or more than 48 seeds (KROU_ERR_BOARD)."""

    default_code = ERR_BOARD


class NotCoveredError(KrouError, LookupError):
    """The position has more seeds than the tables cover (KROU_ERR_COVERAGE)."""

    default_code = ERR_COVERAGE


class OutOfMemoryError(KrouError, MemoryError):
    """libkrou ran out of memory opening the tables (KROU_ERR_MEMORY)."""

    default_code = ERR_MEMORY


class ClosedError(KrouError, ValueError):
    """The tablebase was used after close()."""


_BY_CODE = {
    ERR_ARGUMENT: ArgumentError,
    ERR_VARIANT: VariantError,
    ERR_MISSING: TableError,
    ERR_IO: TableError,
    ERR_FORMAT: TableError,
    ERR_CORRUPT: CorruptTableError,
    ERR_NOTATION: PositionError,
    ERR_BOARD: PositionError,
    ERR_COVERAGE: NotCoveredError,
    ERR_MEMORY: OutOfMemoryError,
}


def from_code(code, message):
    """The exception for libkrou error `code` with `message` (KrouError itself for a code this
    package does not know)."""
    return _BY_CODE.get(code, KrouError)(message, code)
