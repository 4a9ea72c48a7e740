#!/usr/bin/env bash
# Probing benchmark: cold and warm single-probe latency (median, p99), the 'probe --batch' rate
# for a million random positions of the largest layer, and the table sizes in bits per position.
#   cold: no block cache at all, so every block a probe reads (its own and those of the smaller
#         layers its don't-care resolution reads) is decoded; the files are in the OS page cache
#   small cache: a block cache of 16 MiB, far smaller than the blocks the probes touch
#   warm: every block the probes touch already cached
# Usage: scripts/bench-probe.sh [--data DIR] [--variant V] [SEEDS] [COUNT]
#   SEEDS default 20, COUNT (boards timed one by one) default 100000. Tables 0..SEEDS come from
#   --data DIR if it holds them, else they are generated into a temp directory first (about 40 s
#   at 20 seeds on two cores).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA=""
VARIANT=abapa
while [ $# -gt 0 ]; do
  case "$1" in
    --data) DATA="${2:?--data needs a directory}"; shift 2 ;;
    --variant) VARIANT="${2:?--variant needs abapa or awari}"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
SEEDS="${1:-20}"
COUNT="${2:-100000}"
case "$SEEDS$COUNT" in *[!0-9]*) echo "bench-probe: SEEDS and COUNT must be numbers" >&2; exit 2 ;; esac
JAR="$ROOT/benchmarks/target/benchmarks.jar"
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/benchmarks/src" "$ROOT/lookup/src/main" -newer "$JAR" -type f -print -quit)" ]; then
  echo "bench-probe: building $JAR..." >&2
  (cd "$ROOT" && mvn -q -B -DskipTests package -pl benchmarks -am >&2)
fi
"$ROOT/scripts/krou" --version >/dev/null
if [ -z "$DATA" ] || [ ! -f "$DATA/$VARIANT/values-$(printf %02d "$SEEDS").krou" ]; then
  DATA="$(mktemp -d "${TMPDIR:-/tmp}/krou-probe.XXXXXX")"
  trap 'rm -rf "$DATA"' EXIT
  echo "bench-probe: generating $VARIANT 0..$SEEDS into $DATA..." >&2
  "$ROOT/scripts/krou" generate --max-seeds "$SEEDS" --variant "$VARIANT" --data "$DATA" >/dev/null
fi
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(java -version 2>&1 | head -1)"
# the launcher's transparent huge pages where the kernel offers them (scripts/krou: what every krou command runs
# with): a warm probe's reads at random in the block cache then miss the processor's address cache less often
THP=""
if grep -qs '\[always\]\|\[madvise\]' /sys/kernel/mm/transparent_hugepage/enabled; then
  THP="-XX:+UseTransparentHugePages"
fi
echo "probe latency JVM options: -Xmx4g ${THP:-(no huge pages: the kernel has them off)}"
# shellcheck disable=SC2086
java -Xmx4g $THP -cp "$JAR" org.krou.bench.ProbeLatency "$DATA" "$VARIANT" "$SEEDS" "$COUNT"
"$ROOT/scripts/bench-batch.sh" --data "$DATA" --variant "$VARIANT" --layer "$SEEDS" 1000000 | grep -E '^bench|positions/s'
"$ROOT/scripts/krou" info --data "$DATA" | awk -v n="$SEEDS" -v v="$VARIANT" '
  $1 ~ /^[0-9]+$/ && $1 <= n && !seen[$1]++ { gsub(",", "", $2); gsub(",", "", $3); p += $2; b += $3; if ($1 == n) last = $4 }
  END { printf "tables %s 0..%d: %.3f bits/position (layer %d alone: %s)\n", v, n, b * 8 / p, n, last }'
