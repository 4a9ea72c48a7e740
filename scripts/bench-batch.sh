#!/usr/bin/env bash
# Throughput of 'krou probe --batch': writes COUNT random positions of up to SEEDS seeds (uniform
# over all boards of 0..SEEDS seeds, side to move S or N at random, fixed seed) in the notation
# 'a b c d e f / A B C D E F S' to a temp file, then times
#   scripts/krou probe --batch --data DIR < positions > values
# (wall time of the whole command, JVM start included) and prints positions per second. Checks
# that the output has COUNT lines and no 'error:' line. With --layer, every position has exactly
# SEEDS seeds (uniform over that layer) instead.
#
# Usage: scripts/bench-batch.sh [--data DIR] [--variant V] [--layer] [SEEDS] [COUNT]
#   SEEDS default 16, COUNT default 1000000. Tables 0..SEEDS are taken from --data DIR, else
#   $KROU_DATA, if that holds them all; otherwise they are generated into a temp directory first
#   (about 35 s at 16 seeds on two cores). JVM options of the probe: KROU_JAVA_OPTS, e.g.
#   KROU_JAVA_OPTS='-XX:StartFlightRecording=filename=/tmp/batch.jfr,settings=profile' to profile.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${KROU_DATA:-}"
VARIANT=abapa
LAYER=0
while [ $# -gt 0 ]; do
  case "$1" in
    --data) DATA="${2:?--data needs a directory}"; shift 2 ;;
    --variant) VARIANT="${2:?--variant needs abapa or awari}"; shift 2 ;;
    --layer) LAYER=1; shift ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
SEEDS="${1:-16}"
COUNT="${2:-1000000}"
case "$SEEDS$COUNT" in *[!0-9]*) echo "bench-batch: SEEDS and COUNT must be numbers" >&2; exit 2 ;; esac
[ "$SEEDS" -le 48 ] || { echo "bench-batch: SEEDS must be at most 48" >&2; exit 2; }

TMP="$(mktemp -d "${TMPDIR:-/tmp}/krou-batch.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
"$ROOT/scripts/krou" --version >/dev/null   # build first, outside the timing

have_tables() {
  local n
  for ((n = 0; n <= SEEDS; n++)); do
    [ -f "$1/$VARIANT/$(printf 'values-%02d.krou' "$n")" ] || return 1
  done
}
if [ -z "$DATA" ] || ! have_tables "$DATA"; then
  [ -n "$DATA" ] && echo "bench-batch: $DATA lacks $VARIANT tables 0..$SEEDS: generating them in a temp directory" >&2
  DATA="$TMP/data"
  echo "bench-batch: generating $VARIANT tables 0..$SEEDS in $DATA..." >&2
  "$ROOT/scripts/krou" generate --max-seeds "$SEEDS" --variant "$VARIANT" --data "$DATA" >/dev/null
fi

# Stars and bars: SEEDS seeds and 12 bars in SEEDS+12 slots, chosen uniformly; the seeds after
# the last bar are left off the board, so every board of 0..SEEDS seeds is equally likely.
# With --layer, 11 bars in SEEDS+11 slots: every board of exactly SEEDS seeds equally likely.
awk -v s="$SEEDS" -v count="$COUNT" -v layer="$LAYER" 'BEGIN {
  srand(20240611); bars = layer ? 11 : 12; slots = s + bars
  for (line = 0; line < count; line++) {
    for (k = 0; k < slots; k++) bar[k] = 0
    for (placed = 0; placed < bars; ) {
      k = int(rand() * slots)
      if (!bar[k]) { bar[k] = 1; placed++ }
    }
    pit = 0; c = 0; out = ""
    for (k = 0; k < slots && pit < 12; k++) {
      if (bar[k]) { out = out c (pit == 5 ? " / " : " "); pit++; c = 0 } else c++
    }
    if (layer) out = out c " "
    print out (rand() < 0.5 ? "S" : "N")
  }
}' > "$TMP/positions.txt"

echo "machine: $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(java -version 2>&1 | head -1)"
START=$(date +%s.%N)
"$ROOT/scripts/krou" probe --batch --variant "$VARIANT" --data "$DATA" < "$TMP/positions.txt" > "$TMP/values.txt"
END=$(date +%s.%N)

LINES=$(wc -l < "$TMP/values.txt")
ERRORS=$(grep -c '^error:' "$TMP/values.txt" || true)
awk -v s="$START" -v e="$END" -v n="$COUNT" -v seeds="$SEEDS" -v v="$VARIANT" 'BEGIN {
  w = e - s
  printf "bench-batch: %s up to %d seeds, %d positions in %.2f s (JVM start included): %.0f positions/s\n", v, seeds, n, w, n / w }'
STATUS=0
if [ "$LINES" -ne "$COUNT" ]; then
  echo "bench-batch: FAILED: $LINES output lines for $COUNT positions" >&2
  STATUS=1
fi
if [ "$ERRORS" -ne 0 ]; then
  echo "bench-batch: FAILED: $ERRORS 'error:' lines, e.g. $(grep -m1 '^error:' "$TMP/values.txt")" >&2
  STATUS=1
fi
exit $STATUS
