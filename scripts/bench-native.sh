#!/usr/bin/env bash
# Single-probe latency in C (libkrou, native/tools/krou-bench), through Python (the krou package over libkrou,
# scripts/bench-python.py) and in Java (org.krou.bench.ProbeLatency), in one run on the same tables, side by side.
# All three use one definition: uniformly random boards of the largest layer, each timed alone after an untimed
# first pass over the same boards (so the files are in the OS page cache); cold = no cache (every block or stream
# a probe reads is decoded), 16 MiB = a cache far smaller than what the probes touch, warm = a cache holding
# every block the probes touch. Medians and p99 in microseconds; each includes one empty interval of its clock.
# Usage: scripts/bench-native.sh [--data DIR] [SEEDS] [COUNT]
#   SEEDS default 20, COUNT default 100000 (Python: a tenth of it, at least 10000). Tables abapa 0..SEEDS come
#   from --data DIR if it holds them, else they are generated into a temporary directory first.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA=""
CLEAN=()
trap 'rm -rf "${CLEAN[@]}"' EXIT
while [ $# -gt 0 ]; do
  case "$1" in
    --data) DATA="${2:?--data needs a directory}"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
SEEDS="${1:-20}"
COUNT="${2:-100000}"
case "$SEEDS$COUNT" in *[!0-9]*) echo "bench-native: SEEDS and COUNT must be numbers" >&2; exit 2 ;; esac
PYCOUNT=$((COUNT / 10 > 10000 ? COUNT / 10 : 10000))
PYCOUNT=$((PYCOUNT < COUNT ? PYCOUNT : COUNT))
JAR="$ROOT/benchmarks/target/benchmarks.jar"
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/benchmarks/src" "$ROOT/lookup/src/main" -newer "$JAR" -type f -print -quit)" ]; then
  echo "bench-native: building $JAR..." >&2
  (cd "$ROOT" && mvn -q -B -DskipTests package -pl benchmarks -am >&2)
fi
BUILD="$ROOT/native/build"
make -s -C "$ROOT/native" BUILD="$BUILD" >&2
"$ROOT/scripts/krou" --version >/dev/null
if [ -z "$DATA" ] || [ ! -f "$DATA/abapa/values-$(printf %02d "$SEEDS").krou" ]; then
  DATA="$(mktemp -d "${TMPDIR:-/tmp}/krou-native.XXXXXX")"
  CLEAN+=("$DATA")
  echo "bench-native: generating abapa 0..$SEEDS into $DATA..." >&2
  "$ROOT/scripts/krou" generate --max-seeds "$SEEDS" --data "$DATA" >/dev/null
fi
OUT="$(mktemp -d "${TMPDIR:-/tmp}/krou-native-out.XXXXXX")"
CLEAN+=("$OUT")
echo "machine: $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(gcc --version | head -1), $(python3 --version 2>&1), $(java -version 2>&1 | head -1)"
echo "tables: abapa 0..$SEEDS in $DATA; $COUNT boards of $SEEDS seeds (Python $PYCOUNT)"
"$BUILD/krou-bench" "$DATA" abapa "$SEEDS" "$COUNT" | tee "$OUT/c"
PYTHONPATH="$ROOT/python" KROU_LIBRARY="$BUILD/libkrou.so" python3 "$ROOT/scripts/bench-python.py" \
  "$DATA" abapa "$SEEDS" "$PYCOUNT" | tee "$OUT/py"
# the launcher's JVM options and huge pages, as every krou command runs
java $(grep -v '^#' "$ROOT/cli/src/main/jvm/jvm.options") -XX:+UseTransparentHugePages -Xmx4g -cp "$JAR" \
  org.krou.bench.ProbeLatency "$DATA" abapa "$SEEDS" "$COUNT" | tee "$OUT/java"
# median and p99 of each: C and Python print "cold", "16 MiB", "warm"; Java "cold", "cache of 16 MiB", "warm"
pick() { grep -E "^probe $2" "$1" | sed -E 's/.*median ([0-9.]+) us, p99 ([0-9.]+) us.*/\1 \2/'; }
echo
printf '%-8s %22s %22s %22s\n' "µs" "cold median / p99" "16 MiB median / p99" "warm median / p99"
for lang in c py java; do
  case $lang in c) name=C ;; py) name=Python ;; java) name=Java ;; esac
  printf '%-8s' "$name"
  for what in "cold" "with a cache of 16" "warm"; do
    set -- $(pick "$OUT/$lang" "$what")
    printf ' %22s' "${1:-?} / ${2:-?}"
  done
  echo
done
