#!/usr/bin/env python3
"""Checks the published per-layer value counts in docs/stats (standard library only).

Every line of abapa.txt and awari.txt reads "seeds N positions P: v=count ...": P must be
C(N+11, 11), the counts must sum to P, the values ascend and lie in -N..N. awari.txt must equal,
on every layer both hold, lincke-awari.txt: the counts that Lincke's thesis publishes for the
Awari rules (T. R. Lincke, "Exploring the Computational Limits of Large Exhaustive Search
Problems", ETH Zurich 2002, appendix B, tables B.1-B.8, layers 0..34), transcribed from the text
of its tables into the same form: a reference computed independently of this code.
Usage: scripts/check-stats.py [DIR]   (default: docs/stats beside this script). Exit 1 on a mismatch.
"""
import math
import os
import re
import sys

LINE = re.compile(r"seeds (\d+) positions (\d+): ((?:-?\d+=\d+ ?)+)$")


def read(path):
    """The layers of a stats file: {seeds: {value: count}}, each line checked on its own."""
    layers = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            where = f"{path}:{number}"
            m = LINE.match(line.rstrip("\n"))
            if not m:
                raise SystemExit(f"{where}: not a line 'seeds N positions P: v=count ...'")
            n, positions = int(m.group(1)), int(m.group(2))
            if positions != math.comb(n + 11, 11):
                raise SystemExit(f"{where}: layer {n} has {positions} positions, not C({n + 11}, 11)")
            pairs = [tuple(map(int, p.split("="))) for p in m.group(3).split()]
            values = [v for v, _ in pairs]
            if values != sorted(set(values)) or any(abs(v) > n for v in values):
                raise SystemExit(f"{where}: values not ascending, repeated, or outside -{n}..{n}")
            if sum(c for _, c in pairs) != positions:
                raise SystemExit(f"{where}: counts sum to {sum(c for _, c in pairs)}, not {positions}")
            if n in layers:
                raise SystemExit(f"{where}: layer {n} twice")
            layers[n] = dict(pairs)
    return layers


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    stats = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "docs", "stats")
    files = {name: read(os.path.join(stats, name + ".txt")) for name in ("abapa", "awari", "lincke-awari")}
    awari, lincke = files["awari"], files["lincke-awari"]
    common = sorted(set(awari) & set(lincke))
    for n in common:
        if awari[n] != lincke[n]:
            diff = sorted(v for v in set(awari[n]) | set(lincke[n]) if awari[n].get(v) != lincke[n].get(v))
            raise SystemExit(f"awari layer {n} differs from Lincke's at values {diff}")
    for name, layers in files.items():
        print(f"{name}.txt: layers {min(layers)}..{max(layers)}, every count summing to C(n+11, 11)")
    print(f"awari.txt equals Lincke's counts on layers {common[0]}..{common[-1]}")


if __name__ == "__main__":
    main()
