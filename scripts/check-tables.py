#!/usr/bin/env python3
"""Checks tables written by `krou generate` against the published ones (standard library only).

docs/stats/<variant>.sha256 holds the SHA-256 of every value table of that rule set that Krou
published, one line a table in the form `sha256sum` writes and checks:
"<64 hex digits>  <variant>/values-NN.krou", the name relative to the data directory. The
generator writes the same bytes on every machine, so a table built anywhere from the same
format must hash the same. This script hashes each value table under DATA/<variant>/ and says,
a line a table, whether it is the published one; layers beyond those published are named and
skipped. Without Python, `sha256sum --check --ignore-missing KROU/docs/stats/abapa.sha256` run
in DATA does the same.
Usage: scripts/check-tables.py DATA [VARIANT ...]   (default: every variant with a published list
and a directory under DATA). Exit 1 if a table differs or none could be checked, 2 on bad usage.
"""
import hashlib
import os
import re
import sys

LINE = re.compile(r"([0-9a-f]{64})  ([a-z0-9=,-]+)/(values-(\d\d)\.krou)$")


def published(path):
    """{file name: hex digest} of one list; its lines checked, its layers contiguous from 0."""
    digests = {}
    variant = os.path.basename(path)[:-len(".sha256")]
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = LINE.match(line.rstrip("\n"))
            if not m or m.group(2) != variant:
                raise SystemExit(f"{path}:{number}: not a line '<sha-256>  {variant}/values-NN.krou'")
            if int(m.group(4)) != len(digests):
                raise SystemExit(f"{path}:{number}: layer {int(m.group(4))} where layer {len(digests)} was due")
            digests[m.group(3)] = m.group(1)
    if not digests:
        raise SystemExit(f"{path}: no table listed")
    return digests


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        print("usage: scripts/check-tables.py DATA [VARIANT ...]", file=sys.stderr)
        sys.exit(2)
    data = sys.argv[1]
    stats = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "docs", "stats")
    lists = sorted(f[:-len(".sha256")] for f in os.listdir(stats) if f.endswith(".sha256"))
    variants = sys.argv[2:] or [v for v in lists if os.path.isdir(os.path.join(data, v))]
    for v in variants:
        if v not in lists:
            print(f"check-tables: no published list for '{v}' (there are: {', '.join(lists)})", file=sys.stderr)
            sys.exit(2)
    checked = differ = 0
    for v in variants:
        digests = published(os.path.join(stats, v + ".sha256"))
        directory = os.path.join(data, v)
        names = sorted(n for n in os.listdir(directory) if re.fullmatch(r"values-\d\d\.krou", n)) \
            if os.path.isdir(directory) else []
        for name in names:
            where = os.path.join(directory, name)
            if name not in digests:
                print(f"{where}: beyond the published layers (0..{len(digests) - 1}): not checked")
                continue
            checked += 1
            if sha256(where) == digests[name]:
                print(f"{where}: the published table")
            else:
                differ += 1
                print(f"{where}: DIFFERS from the published table")
    if differ:
        print(f"check-tables: {differ} of {checked} tables differ from the published ones", file=sys.stderr)
        sys.exit(1)
    if not checked:
        print(f"check-tables: no published table found under {data} (for {', '.join(variants) or 'any rule set'})",
              file=sys.stderr)
        sys.exit(1)
    print(f"check-tables: {checked} tables, each the published one")


if __name__ == "__main__":
    main()
