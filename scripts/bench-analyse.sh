#!/usr/bin/env bash
# Analysis above the tables: for random positions of FROM..TO seeds, how many 'krou analyse' proves
# exact within NODES nodes, the mean width of the proven interval and the nodes per second, with
# the tables 0..N of DIR and with none. No analysis store (each position searched from scratch).
# Usage: scripts/bench-analyse.sh [--data DIR] [--variant V] [FROM] [TO] [POSITIONS] [NODES]
#   defaults: --data data, abapa, 20 24 20 200000. The tables must exist (scripts/krou generate).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA=data
VARIANT=abapa
while [ $# -gt 0 ]; do
  case "$1" in
    --data) DATA="${2:?--data needs a directory}"; shift 2 ;;
    --variant) VARIANT="${2:?--variant needs abapa or awari}"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
FROM="${1:-20}"; TO="${2:-24}"; COUNT="${3:-20}"; NODES="${4:-200000}"
case "$FROM$TO$COUNT$NODES" in *[!0-9]*) echo "bench-analyse: FROM, TO, POSITIONS and NODES must be numbers" >&2; exit 2 ;; esac
JAR="$ROOT/benchmarks/target/benchmarks.jar"
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/benchmarks/src" "$ROOT/lookup/src/main" "$ROOT/engine/src/main" -newer "$JAR" -type f -print -quit)" ]; then
  echo "bench-analyse: building $JAR..." >&2
  (cd "$ROOT" && mvn -q -B -DskipTests package -pl benchmarks -am >&2)
fi
MAX=$(ls "$DATA/$VARIANT"/values-*.krou 2>/dev/null | sed 's/.*values-0*\([0-9]*\)\.krou/\1/' | sort -n | tail -1)
[ -n "$MAX" ] || { echo "bench-analyse: no tables in $DATA/$VARIANT (scripts/krou generate)" >&2; exit 3; }
echo "machine: $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(java -version 2>&1 | head -1)"
java -Xmx4g -cp "$JAR" org.krou.bench.AnalyseFigures "$DATA" "$VARIANT" "$FROM" "$TO" "$COUNT" "$NODES" "$MAX,-1"
