#!/usr/bin/env bash
# Checks examples/consumer, a project of its own that depends on org.krou:krou-lookup, against the artifact in the
# local Maven repository (put there first by mvn install): builds it and runs its ProbeExample on tables of at least
# 3 seeds, comparing what it prints with values worked out by hand. Exits non-zero, saying what failed.
# Usage: scripts/check-example.sh DATA_DIR   (the tables of krou generate --max-seeds 8 --data DATA_DIR, say)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fail() { echo "check-example: FAILED: $*" >&2; exit 1; }
[ $# -eq 1 ] && [ -d "$1" ] || fail "usage: scripts/check-example.sh DATA_DIR"
DATA="$(cd "$1" && pwd)"
OUT="$(mktemp "${TMPDIR:-/tmp}/krou-check-example.XXXXXX")"
trap 'rm -f "$OUT"' EXIT

# South 1 1 0 0 0 0, North 1 0 0 0 0 0, South to move: +3 (docs/RULES.md, "Values you can check by hand"). With the
# other 45 seeds captured, South 24 and North 21 (the example puts South 4 ahead), South ends with 24 + (3 + 3) / 2
# = 27 and North with 21 + (3 - 3) / 2 = 21 (docs/RULES.md, "Values").
(cd "$ROOT/examples/consumer" && mvn -B -q compile exec:java \
  -Dexec.args="$DATA 1 1 0 0 0 0 / 1 0 0 0 0 0 S") >"$OUT" || fail "the example did not build or run: $(cat "$OUT")"
# without the colour resets Debian's Maven 3.8 writes on standard output even with -B -q
sed -i 's/\x1b\[[0-9;]*m//g' "$OUT"
for line in "value 3" "final result South 27, North 21: South wins"; do
  grep -qxF "$line" "$OUT" || fail "the example printed no line '$line':
$(cat "$OUT")"
done
# the primitive probe of the same board, and its legal pits a and b (mask binary 11)
grep -q "^probe 3, legal pits mask 11," "$OUT" || fail "the example's primitive probe: $(cat "$OUT")"
grep -q "^covered up to [0-9]* seeds$" "$OUT" || fail "the example printed no coverage line: $(cat "$OUT")"
echo "check-example: OK: examples/consumer built against the installed krou-lookup, its values as worked out by hand"
