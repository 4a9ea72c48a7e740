#!/usr/bin/env bash
# Load on 'krou serve', on loopback only, bounded: starts the server on a free port of 127.0.0.1,
# sends a fixed number of requests over keep-alive connections with scripts/BenchServe.java, prints
# requests/s and latency p50/p99 for single-position lookups and for batches of 10,000 positions,
# then stops the server with SIGTERM. Positions are uniform over every board of 0..SEEDS seeds
# (side S or N at random, fixed seed), as in bench-batch.sh.
#
# Usage: scripts/bench-serve.sh [--data DIR] [--variant V] [SEEDS] [REQUESTS] [CONNECTIONS] [BATCHES]
#   SEEDS default 16, REQUESTS default 200000, CONNECTIONS default 16, BATCHES default 100.
#   Tables 0..SEEDS come from --data DIR, else $KROU_DATA, if it holds them; otherwise they are
#   generated into a temp directory first. The access log goes to a temp file. Server JVM options:
#   KROU_JAVA_OPTS.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${KROU_DATA:-}"
VARIANT=abapa
while [ $# -gt 0 ]; do
  case "$1" in
    --data) DATA="${2:?--data needs a directory}"; shift 2 ;;
    --variant) VARIANT="${2:?--variant needs abapa or awari}"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
SEEDS="${1:-16}"
REQUESTS="${2:-200000}"
CONNECTIONS="${3:-16}"
BATCHES="${4:-100}"
case "$SEEDS$REQUESTS$CONNECTIONS$BATCHES" in *[!0-9]*) echo "bench-serve: numbers expected" >&2; exit 2 ;; esac

TMP="$(mktemp -d "${TMPDIR:-/tmp}/krou-serve.XXXXXX")"
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill -TERM "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
"$ROOT/scripts/krou" serve --help >/dev/null   # build first (and serve's class-data archive), outside the timing

have_tables() {
  local n
  for ((n = 0; n <= SEEDS; n++)); do
    [ -f "$1/$VARIANT/$(printf 'values-%02d.krou' "$n")" ] || return 1
  done
}
if [ -z "$DATA" ] || ! have_tables "$DATA"; then
  DATA="$TMP/data"
  echo "bench-serve: generating $VARIANT tables 0..$SEEDS in $DATA..." >&2
  "$ROOT/scripts/krou" generate --max-seeds "$SEEDS" --variant "$VARIANT" --data "$DATA" >/dev/null
fi

awk -v s="$SEEDS" -v count=50000 'BEGIN {
  srand(20240611); slots = s + 12
  for (line = 0; line < count; line++) {
    for (k = 0; k < slots; k++) bar[k] = 0
    for (placed = 0; placed < 12; ) {
      k = int(rand() * slots)
      if (!bar[k]) { bar[k] = 1; placed++ }
    }
    pit = 0; c = 0; out = ""
    for (k = 0; k < slots && pit < 12; k++) {
      if (bar[k]) { out = out c (pit == 5 ? " / " : " "); pit++; c = 0 } else c++
    }
    print out (rand() < 0.5 ? "S" : "N")
  }
}' > "$TMP/positions.txt"

"$ROOT/scripts/krou" serve --port 0 --data "$DATA" > "$TMP/serve.out" 2> "$TMP/access.log" &
SERVER=$!
for _ in $(seq 1 100); do
  grep -q 'listening on' "$TMP/serve.out" 2>/dev/null && break
  sleep 0.1
done
PORT=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$TMP/serve.out")
[ -n "$PORT" ] || { echo "bench-serve: the server did not start: $(cat "$TMP/access.log")" >&2; exit 1; }
echo "machine: $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(java -version 2>&1 | head -1)"
echo "server: $(head -1 "$TMP/serve.out")"
java "$ROOT/scripts/BenchServe.java" "$PORT" "$VARIANT" "$TMP/positions.txt" "$REQUESTS" "$CONNECTIONS" "$BATCHES" "$SERVER"
echo "access log: $(wc -l < "$TMP/access.log") lines"
