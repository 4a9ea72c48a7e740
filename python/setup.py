"""Puts libkrou.so into the package when it is built (see pyproject.toml and docs/PYTHON.md).

The library copied is $KROU_LIBRARY if set, else the one `make -C native` builds beside this
directory (../native/build/libkrou.so), else the one the Maven build makes
(../native/target/native/libkrou.so). Without either, the package is installed without it and
finds libkrou at run time through KROU_LIBRARY or the system's loader.
"""

import os
import shutil
import sys

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
# where make -C native, then the Maven build, put the library
BUILT = [os.path.join(HERE, os.pardir, "native", "build", "libkrou.so"),
         os.path.join(HERE, os.pardir, "native", "target", "native", "libkrou.so")]


def builds_wheels():
    """True if this setuptools can build a wheel: by itself from 70.1 on, before that with wheel."""
    for module in ("setuptools.command.bdist_wheel", "wheel.bdist_wheel"):
        try:
            __import__(module)
            return True
        except ImportError:
            pass
    return False


# pip builds a wheel; without the wheel package an older setuptools only says
# "invalid command 'bdist_wheel'", so say what is missing and what else works
if {"bdist_wheel", "dist_info"} & set(sys.argv[1:]) and not builds_wheels():
    sys.exit(f"krou: {sys.executable} has setuptools {__import__('setuptools').__version__} without the wheel "
             "package, which pip needs to install krou: install wheel for this Python (Debian: python3-wheel, "
             "in a venv made with --system-site-packages from /usr/bin/python3), or use the package "
             "without installing it: PYTHONPATH=python python3 your_script.py")


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        library = os.environ.get("KROU_LIBRARY") or next(
            (path for path in BUILT if os.path.isfile(path)), BUILT[0])
        target = os.path.join(self.build_lib, "krou", "libkrou.so")
        if os.path.isfile(library):
            self.announce(f"copying {library} -> {target}", level=2)
            shutil.copyfile(library, target)
        elif not os.path.isfile(target):
            self.warn(f"{library} not found: installing krou without libkrou (build it with make -C native, "
                      f"or point KROU_LIBRARY at it); it is then looked for at run time")


setup(packages=["krou"], package_data={"krou": ["libkrou.so"]}, cmdclass={"build_py": BuildWithLibrary})
