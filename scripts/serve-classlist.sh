#!/usr/bin/env bash
# Writes scripts/serve.classlist: the classes 'krou serve' loads from its start to its first answers of every
# kind, as the JVM lists them (-XX:DumpLoadedClassList). scripts/krou makes from it, once a build, the class-data
# sharing archive that shortens serve's start. Run it again after changes that make serve load other classes; a
# list out of date still works (classes it misses load as usual, names it has that no longer exist are skipped).
# Usage: scripts/serve-classlist.sh   (generates small tables 0..6 with distances in a temp directory; needs curl)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/krou-classlist.XXXXXX")"
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill -TERM "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
"$ROOT/scripts/krou" generate --max-seeds 6 --dtc --data "$TMP/data" >/dev/null
"$ROOT/scripts/krou" generate --max-seeds 6 --variant awari --data "$TMP/data" >/dev/null
# the launcher's default options, without the archive (-Xshare:off), listing what is loaded
KROU_JAVA_OPTS="-XX:MaxRAMPercentage=75 -XX:+UseParallelGC -XX:MaxNewSize=64m -Xshare:off \
-XX:DumpLoadedClassList=$TMP/classlist" "$ROOT/scripts/krou" serve --port 0 --data "$TMP/data" \
  > "$TMP/out" 2> "$TMP/log" &
SERVER=$!
for _ in $(seq 1 300); do
  grep -q 'listening on' "$TMP/out" 2>/dev/null && break
  sleep 0.1
done
BASE=$(sed -n 's|.*listening on \(http://127.0.0.1:[0-9]*/\).*|\1|p' "$TMP/out")
[ -n "$BASE" ] || { echo "serve-classlist: the server did not start: $(cat "$TMP/log")" >&2; exit 1; }
P='1+0+0+0+0+2+/+0+1+0+0+0+1+N'
for path in health api/v1/info "api/v1/abapa?position=$P" "api/v1/abapa?position=$P&captured=20,20" \
    "api/v1/awari?position=$P" "api/v1/abapa/pv?position=$P" "api/v1/abapa?position=x" "api/v1/nothing" \
    "" app.js style.css favicon.svg; do
  curl -s -o /dev/null "$BASE$path"
done
curl -s -o /dev/null -H 'If-None-Match: *' "${BASE}api/v1/abapa?position=$P"
curl -s -o /dev/null -X OPTIONS "${BASE}api/v1/abapa"
printf '1 0 0 0 0 2 / 0 1 0 0 0 1 N\nx\n' | curl -s -o /dev/null --data-binary @- "${BASE}api/v1/abapa/batch"
kill -TERM "$SERVER"
wait "$SERVER" 2>/dev/null || true
SERVER=""
grep -v '^#' "$TMP/classlist" > "$ROOT/scripts/serve.classlist"
echo "serve-classlist: $(wc -l < "$ROOT/scripts/serve.classlist") lines in scripts/serve.classlist"
