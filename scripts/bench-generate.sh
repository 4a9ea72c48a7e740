#!/usr/bin/env bash
# Whole-generation benchmark: solves layers 0..N from an empty directory and reports wall time,
# positions per second and the peak resident memory (RSS) of the whole process.
# Usage: scripts/bench-generate.sh N [abapa|awari] [extra krou generate options]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:?usage: bench-generate.sh N [variant] [options]}"
VARIANT="${2:-abapa}"
shift $(( $# >= 2 ? 2 : 1 ))
DIR="$(mktemp -d "${TMPDIR:-/tmp}/krou-bench.XXXXXX")"
trap 'rm -rf "$DIR"' EXIT
"$ROOT/scripts/krou" --version >/dev/null   # build first, outside the timing
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(java -version 2>&1 | head -1)"
THP="$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true)"
echo "transparent huge pages: ${THP:-not offered} (the launcher asks for them with always or madvise); JVM options: ${KROU_JAVA_OPTS:-the defaults of the launcher}"
START=$(date +%s.%N)
"$ROOT/scripts/krou" generate --max-seeds "$N" --variant "$VARIANT" --data "$DIR" "$@" | tee "$DIR/log.txt" | grep -v '^  layer'
END=$(date +%s.%N)
POSITIONS=$(awk -v n="$N" 'BEGIN { c = 1; for (i = 1; i <= 12; i++) c = c * (n + i) / i; printf "%.0f", c }')
RSS=$(sed -n 's/.*peak RSS \([0-9]*\) MiB.*/\1/p' "$DIR/log.txt" | tail -1)
BYTES=$(du -cb "$DIR/$VARIANT"/*.krou 2>/dev/null | tail -1 | cut -f1)
awk -v s="$START" -v e="$END" -v p="$POSITIONS" -v r="$RSS" -v b="$BYTES" -v n="$N" -v v="$VARIANT" 'BEGIN {
  w = e - s
  printf "bench: %s N=%d positions=%.0f wall=%.1f s rate=%.0f positions/s peakRSS=%s MiB tables=%.0f bytes (%.3f bits/position)\n", v, n, p, w, p / w, r, b, b * 8 / p }'
