"""Installing the package: a Python that cannot build wheels is told what is missing."""

import os
import subprocess
import sys
import tempfile
import unittest

PYTHON_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

# setup.py run as pip runs it to prepare the metadata, in a Python where neither setuptools (70.1
# and later) nor the wheel package can build a wheel: both modules refuse to import
WITHOUT_WHEEL = """
import runpy, sys
import setuptools, setuptools.command.build_py
BLOCKED = ("wheel", "setuptools.command.bdist_wheel")
for name in list(sys.modules):
    if name in BLOCKED or name.startswith("wheel."):
        del sys.modules[name]
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name in BLOCKED or name.startswith("wheel."):
            raise ImportError(name + " is not installed")
        return None
sys.meta_path.insert(0, Blocker())
sys.argv = ["setup.py", "dist_info", "--output-dir", sys.argv[1]]
runpy.run_path("setup.py", run_name="__main__")
"""


class WithoutWheel(unittest.TestCase):

    def test_says_what_is_missing_and_what_works_instead(self):
        with tempfile.TemporaryDirectory() as out:
            done = subprocess.run([sys.executable, "-c", WITHOUT_WHEEL, out], cwd=PYTHON_DIR,
                                  capture_output=True, text=True, timeout=60)
            self.assertEqual(1, done.returncode, done.stdout + done.stderr)
            lines = done.stderr.strip().splitlines()
            self.assertEqual(1, len(lines), done.stderr)  # one line, no traceback
            self.assertIn("without the wheel package, which pip needs to install krou", lines[0])
            self.assertIn("python3-wheel", lines[0])
            self.assertIn("PYTHONPATH=python", lines[0])
            self.assertEqual([], os.listdir(out))  # nothing built


if __name__ == "__main__":
    unittest.main()
