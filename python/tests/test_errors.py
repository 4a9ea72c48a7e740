"""Bad input, bad tables and misuse: each raises a KrouError subclass with a clear message."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest

import krou
from support import MAX_SEEDS, run, tables

PYTHON_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))


def cli_reasons(data, positions):
    """The reasons `krou probe --batch` gives for bad positions, one line each:
    "error: bad position '...': REASON (expected ...)"."""
    _, out, _ = run("probe", "--batch", "--data", data, stdin="".join(p + "\n" for p in positions))
    reasons = []
    for line in out.splitlines():
        match = re.search(r"^error: bad position '.*?': (.*) \(expected ", line)
        assert match, f"unexpected answer from krou probe: {line}"
        reasons.append(match.group(1))
    assert len(reasons) == len(positions), out
    return reasons


class BadPositions(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.data = tables("abapa")
        cls.tb = krou.Tablebase(cls.data)

    @classmethod
    def tearDownClass(cls):
        cls.tb.close()

    def test_bad_strings_get_the_messages_of_krou_probe(self):
        texts = ["x", "1 2 0 0 0 / 0 0 0 0 0 1", "1 2 0 0 0 49 / 0 0 0 0 0 0", "1 2 0 0 0 40 / 0 0 0 0 0 9",
                 "1 2 0 0 0 0 / 0 0 0 0 0 0 Q", "1 2 0 0 0 a / 0 0 0 0 0 1", "1 2 0 0 0 -1 / 0 0 0 0 0 1"]
        for text, reason in zip(texts, cli_reasons(self.data, texts)):
            with self.subTest(position=text):
                with self.assertRaises(krou.PositionError) as raised:
                    self.tb.value(text)
                self.assertIn(reason, str(raised.exception))
                self.assertEqual(raised.exception.code, 8, "KROU_ERR_NOTATION")
                self.assertIsInstance(raised.exception, krou.KrouError)
                self.assertIsInstance(raised.exception, ValueError)

    def test_bad_counts(self):
        cases = [
            ([1] * 11, "12 counts", None),
            ([0] * 11 + [-1], "pit F holds -1: counts must be 0 or more", None),
            ([0] * 11 + [49], "pit F holds 49: at most 48 seeds in a game", None),
            ([40, 9] + [0] * 10, "the board holds 49 seeds: at most 48", None),
            ([1.5] + [0] * 11, "pit a holds 1.5: counts are whole numbers", None),
            ([True] + [0] * 11, "pit a holds True: counts are whole numbers", None),
            (12, "a position is a string in Krou's notation or a sequence of 12 counts, not int", None),
            ([1] + [0] * 11, "bad side to move 'X'", "X"),
            ("1 0 0 0 0 0 / 0 0 0 0 0 0 S", "to_move goes with a sequence of counts", "N"),
            ("1 0 0 0 0 0 / 0 0 0 0 0 0 S\0 junk", "NUL", None),
        ]
        for position, message, to_move in cases:
            for method in (self.tb.value, self.tb.moves, self.tb.best_moves, self.tb.distance):
                with self.subTest(position=position, method=method.__name__):
                    with self.assertRaises(krou.PositionError) as raised:
                        method(position, to_move)
                    self.assertIn(message, str(raised.exception))
                    self.assertIn(raised.exception.code, (8, 9), "KROU_ERR_NOTATION or KROU_ERR_BOARD")

    def test_more_seeds_than_the_tables_cover(self):
        start = "4 4 4 4 4 4 / 4 4 4 4 4 4 S"  # docs/RULES.md, worked example 14: 48 seeds
        for method in (self.tb.value, self.tb.moves, self.tb.best_moves):
            with self.subTest(method=method.__name__):
                with self.assertRaises(krou.NotCoveredError) as raised:
                    method(start)
                self.assertIn(f"the position has 48 seeds on the board; the tables in "
                              f"{os.path.join(self.data, 'abapa')} cover 0..{MAX_SEEDS} seeds", str(raised.exception))
                self.assertEqual(raised.exception.code, 10, "KROU_ERR_COVERAGE")
        self.assertFalse(self.tb.covers(MAX_SEEDS + 1))
        self.assertTrue(self.tb.covers(MAX_SEEDS))


class BadTables(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="krou-python-bad-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def copy(self, variant="abapa", as_id=None):
        """A copy of the tables of `variant`, in a directory of its own (under the name `as_id`)."""
        source = os.path.join(tables(variant), variant)
        target = os.path.join(self.dir, as_id or variant)
        shutil.copytree(source, target)
        return target

    def test_missing_directory(self):
        with self.assertRaises(krou.TableError) as raised:
            krou.Tablebase(os.path.join(self.dir, "nothing"))
        self.assertIn("values-00.krou", str(raised.exception))
        self.assertEqual(raised.exception.code, 3, "KROU_ERR_MISSING")

    def test_bad_variant(self):
        with self.assertRaises(krou.VariantError) as raised:
            krou.Tablebase(tables("abapa"), "abapaa")
        self.assertIn("abapaa", str(raised.exception))
        self.assertEqual(raised.exception.code, 2, "KROU_ERR_VARIANT")
        with self.assertRaises(krou.VariantError):
            krou.Tablebase(tables("abapa"), "cap=7")
        with self.assertRaises(krou.VariantError):
            krou.Tablebase(tables("abapa"), 6)

    def test_bad_cache_size(self):
        for cache_mb in (-1, "8", float("nan"), True):
            with self.subTest(cache_mb=cache_mb):
                with self.assertRaises(krou.ArgumentError) as raised:
                    krou.Tablebase(tables("abapa"), cache_mb=cache_mb)
                self.assertIn("cache_mb is a number of MiB, 0 or more", str(raised.exception))

    def test_bad_arguments(self):
        data = tables("abapa")
        with self.assertRaises(krou.ArgumentError):
            krou.Tablebase(42)
        with self.assertRaises(krou.ArgumentError) as raised:
            krou.Tablebase(data + "\0junk")
        self.assertIn("NUL", str(raised.exception))
        with self.assertRaises(krou.VariantError):
            krou.Tablebase(data, "abapa\0awari")
        with krou.Tablebase(data) as tb:
            for seeds in ("8", 8.0, None, True):
                with self.subTest(seeds=seeds):
                    with self.assertRaises(krou.ArgumentError):
                        tb.covers(seeds)
                    with self.assertRaises(krou.ArgumentError):
                        tb.has_distances(seeds)
            self.assertFalse(tb.has_distances(-1))
            self.assertFalse(tb.has_distances(MAX_SEEDS + 1))

    def test_tables_of_another_rule_set_are_refused(self):
        # abapa's tables put where awari's belong
        self.copy("abapa", as_id="awari")
        with self.assertRaises(krou.TableError) as raised:
            krou.Tablebase(self.dir, "awari")
        self.assertIn("values-00.krou", str(raised.exception))

    def test_a_truncated_table_is_refused(self):
        target = self.copy()
        path = os.path.join(target, "values-05.krou")
        with open(path, "r+b") as f:
            f.truncate(os.path.getsize(path) - 1)
        with self.assertRaises(krou.TableError) as raised:
            krou.Tablebase(self.dir)
        self.assertIn("values-05.krou", str(raised.exception))

    def test_a_flipped_byte_is_found(self):
        target = self.copy()
        path = os.path.join(target, "values-06.krou")
        with open(path, "r+b") as f:
            f.seek(os.path.getsize(path) // 2)
            byte = f.read(1)
            f.seek(-1, os.SEEK_CUR)
            f.write(bytes([byte[0] ^ 0x10]))
        # refused at open, or by verify() at the latest; never a value read from it unchecked
        try:
            tb = krou.Tablebase(self.dir)
        except krou.TableError as e:
            self.assertIn("values-06.krou", str(e))
            return
        with tb:
            with self.assertRaises(krou.CorruptTableError) as raised:
                tb.verify()
            self.assertIn("values-06.krou", str(raised.exception))


class Closing(unittest.TestCase):

    def test_every_use_after_close_raises(self):
        tb = krou.Tablebase(tables("abapa"))
        tb.close()
        tb.close()  # closing twice is allowed
        position = "1 0 0 1 0 1 / 1 0 0 0 0 1 S"
        for call in (lambda: tb.value(position), lambda: tb.moves(position), lambda: tb.best_moves(position),
                     lambda: tb.distance(position), lambda: tb.has_distances(3), tb.verify):
            with self.assertRaises(krou.ClosedError) as raised:
                call()
            self.assertIn("is closed", str(raised.exception))
            self.assertEqual(raised.exception.code, 0)

    def test_the_context_manager_closes(self):
        with krou.Tablebase(tables("abapa")) as tb:
            self.assertEqual(tb.value("1 0 0 1 0 1 / 1 0 0 0 0 1 S"), 5)
        with self.assertRaises(krou.ClosedError):
            tb.value("1 0 0 1 0 1 / 1 0 0 0 0 1 S")

    def test_probes_in_threads_while_closing(self):
        # close() while four threads probe and check the tables (verify() reads every byte, so close()
        # falls in the middle of one): each call answers right or raises ClosedError, and every thread
        # then stops with ClosedError (the tables are freed after the last call running returns)
        tb = krou.Tablebase(tables("abapa"))
        started = [threading.Event() for _ in range(4)]
        outcomes = [None] * 4

        def probe(t):
            try:
                while True:
                    self.assertEqual(tb.value("1 0 0 1 0 1 / 1 0 0 0 0 1 S"), 5)
                    self.assertEqual(len(tb.moves("1 0 0 1 0 1 / 1 0 0 0 0 1 S")), 3)
                    started[t].set()
                    tb.verify()
            except krou.ClosedError:
                outcomes[t] = "closed"
            except Exception as e:  # noqa: BLE001 - reported below
                outcomes[t] = e
            finally:
                started[t].set()

        threads = [threading.Thread(target=probe, args=(t,)) for t in range(4)]
        for thread in threads:
            thread.start()
        for event in started:
            event.wait(30)
        tb.close()
        for thread in threads:
            thread.join(30)
        self.assertEqual(outcomes, ["closed"] * 4)


class FindingTheLibrary(unittest.TestCase):

    def run_python(self, code, **env):
        environment = dict(os.environ, PYTHONPATH=PYTHON_DIR, **env)
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment,
                              timeout=60)

    def test_a_bad_krou_library_is_a_clear_error(self):
        done = self.run_python(
            "import krou\n"
            "try:\n"
            "    krou.Tablebase('data')\n"
            "except krou.LibraryNotFoundError as e:\n"
            "    print(e)\n",
            KROU_LIBRARY="/nonexistent/libkrou.so")
        self.assertIn("cannot load libkrou from /nonexistent/libkrou.so (KROU_LIBRARY)", done.stdout, done.stderr)

    def test_an_explicit_path_comes_first(self):
        with self.assertRaises(krou.LibraryNotFoundError) as raised:
            krou.Tablebase(tables("abapa"), library="/nonexistent/libkrou.so")
        self.assertIn("/nonexistent/libkrou.so (the library argument)", str(raised.exception))

    def test_a_library_that_is_not_libkrou(self):
        libc = "libc.so.6"
        with self.assertRaises(krou.LibraryNotFoundError) as raised:
            krou.Tablebase(tables("abapa"), library=libc)
        self.assertIn("is not a libkrou", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
