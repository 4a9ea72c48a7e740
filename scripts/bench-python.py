#!/usr/bin/env python3
"""Latency of single probes through the Python package (krou.Tablebase.value with 12 counts), by the
definition of the Java benchmark org.krou.bench.ProbeLatency and of native/tools/krou-bench.c: COUNT
uniformly random boards of SEEDS seeds, South to move, each timed alone with time.perf_counter_ns()
after an untimed first pass over the same boards; cold (no cache), with a cache of 16 MiB, warm (a
cache of 1 GiB that holds every stream the probes touch). Prints the median, p99 and mean of each, in
krou-bench's words, and first what an empty interval of the clock measures.

    PYTHONPATH=python KROU_LIBRARY=native/build/libkrou.so scripts/bench-python.py DIR VARIANT SEEDS COUNT
"""
import random
import sys
import time

import krou


def random_board(rnd, n):
    """A uniformly random board of n seeds: 11 bars among the n + 11 slots of stars and bars."""
    bars = set(rnd.sample(range(n + 11), 11))
    board, pit = [0] * 12, 0
    for slot in range(n + 11):
        if slot in bars:
            pit += 1
        else:
            board[pit] += 1
    return board


def report(what, ns):
    ns.sort()
    mean = sum(ns) / len(ns)
    print("probe %s: median %.2f us, p99 %.2f us, mean %.2f us (%d boards)"
          % (what, ns[len(ns) // 2] / 1e3, ns[int(len(ns) * 0.99)] / 1e3, mean / 1e3, len(ns)))


def main(argv):
    if len(argv) != 5:
        sys.exit("usage: bench-python.py DIR VARIANT SEEDS COUNT")
    data, variant, seeds, count = argv[1], argv[2], int(argv[3]), int(argv[4])
    rnd = random.Random(42)
    boards = [random_board(rnd, seeds) for _ in range(count)]
    clock = time.perf_counter_ns
    empty = []
    for _ in range(1000000):
        t = clock()
        empty.append(clock() - t)
    empty.sort()
    print("timer: an empty interval measures %d ns (median), %d ns (p99); each figure below includes it"
          % (empty[500000], empty[990000]))
    for cache_mb, what in ((0, "cold (no cache)"), (16, "with a cache of 16 MiB (most probes miss it)"),
                           (1024, "warm (every stream cached)")):
        with krou.Tablebase(data, variant, cache_mb=cache_mb) as tb:
            if not tb.covers(seeds):
                sys.exit("bench-python: the tables do not cover %d seeds" % seeds)
            value = tb.value
            for b in boards:  # the first pass
                value(b, "S")
            ns = []
            for b in boards:
                t = clock()
                value(b, "S")
                ns.append(clock() - t)
            report(what, ns)


if __name__ == "__main__":
    main(sys.argv)
