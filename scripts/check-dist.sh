#!/usr/bin/env bash
# Checks the release archive as a user without Maven meets it: dist/target/krou-<version>.tar.gz (or the archive
# given) unpacked into a temporary directory, bin/krou run through a symbolic link from another directory, with a
# PATH that has java and the system's commands but no mvn. Runs generate, probe (values checked against the
# hand-checked examples of docs/RULES.md), analyse (its bounds against the tables of a larger generate), verify,
# stats, info and serve; then the .zip's bin/krou. Exits non-zero, saying what failed, at the first failure.
# Usage: scripts/check-dist.sh [ARCHIVE.tar.gz]   (after mvn -B verify or mvn -B package)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fail() { echo "check-dist: FAILED: $*" >&2; exit 1; }
shopt -s nullglob
archives=("$ROOT"/dist/target/krou-*.tar.gz)
ARCHIVE="${1:-${archives[0]:-}}"
[ -f "$ARCHIVE" ] || fail "no archive dist/target/krou-<version>.tar.gz: build it with mvn -B package first"
ZIP="${ARCHIVE%.tar.gz}.zip"
NAME="$(basename "$ARCHIVE" .tar.gz)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/krou-check-dist.XXXXXX")"
SERVER=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# a PATH of links to every command of the current PATH but Maven's, java among them
JAVA_CMD="$(command -v "${JAVA_HOME:+$JAVA_HOME/bin/}java")" || fail "no java to check with"
mkdir -p "$WORK/path" "$WORK/unpacked" "$WORK/links" "$WORK/cwd"
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    n="${f##*/}"
    case "$n" in mvn | mvn.* | mvnDebug | mvnyjp) continue ;; esac
    [ -x "$f" ] && [ ! -e "$WORK/path/$n" ] && ln -s "$f" "$WORK/path/$n"
  done
done
ln -sf "$JAVA_CMD" "$WORK/path/java"
export PATH="$WORK/path"
unset JAVA_HOME M2_HOME MAVEN_HOME KROU_JAVA_OPTS
if command -v mvn >/dev/null; then fail "mvn is still on the PATH"; fi

tar xzf "$ARCHIVE" -C "$WORK/unpacked"
KROU_HOME="$WORK/unpacked/$NAME"
for f in bin/krou lib/krou.jar lib/jvm.options LICENSE README.md docs/RULES.md; do
  [ -e "$KROU_HOME/$f" ] || fail "$NAME/$f missing from $(basename "$ARCHIVE")"
done
[ -x "$KROU_HOME/bin/krou" ] || fail "$NAME/bin/krou is not executable"
ln -s "$KROU_HOME/bin/krou" "$WORK/links/krou"
KROU="$WORK/links/krou"
cd "$WORK/cwd"
D="$WORK/data"
run() { # a command that must succeed; its standard output on standard output
  "$KROU" "$@" || fail "krou $* exited with $?"
}

echo "check-dist: $(basename "$ARCHIVE") unpacked, PATH without mvn, java $("$JAVA_CMD" -version 2>&1 | head -1)"
run generate --max-seeds 8 --data "$D" >"$WORK/generate.out"
[ -f "$D/abapa/values-08.krou" ] || fail "generate --max-seeds 8 wrote no $D/abapa/values-08.krou"
grep -q "^Done:" "$WORK/generate.out" || fail "generate printed no Done: line"

run probe --data "$D" "1 1 0 0 0 0 / 1 0 0 0 0 0 S" >"$WORK/probe.out"
grep -q . "$WORK/probe.out" || fail "probe printed nothing"
# values worked out by hand in docs/RULES.md ("Values you can check by hand", "Feeding"), South to move:
# 1 1 0 0 0 0 / 1 0 0 0 0 0 is +3, 0 0 0 0 0 1 / 1 0 0 0 0 0 is -2, and 1 2 0 0 0 0 / 0 0 0 0 0 0 (no move
# feeds: South takes the 3 seeds) is +3; with North to move, the mirror of the second is -2 too
got="$(printf '%s\n' "1 1 0 0 0 0 / 1 0 0 0 0 0 S" "0 0 0 0 0 1 / 1 0 0 0 0 0 S" "1 2 0 0 0 0 / 0 0 0 0 0 0 S" \
  "1 0 0 0 0 0 / 0 0 0 0 0 1 N" | run probe --data "$D" --batch | tr '\n' ' ')"
[ "$got" = "3 -2 3 -2 " ] || fail "probe --batch gave '$got', the hand-checked values are '3 -2 3 -2 '"

# analyse searches above the 8-seed tables (and keeps what it finds in the Chronicle Map store: the JVM options);
# its bounds must hold the value the 10-seed tables give
P="0 0 1 3 0 2 / 2 1 0 0 1 0 S"
run analyse --data "$D" --depth 6 --json "$P" >"$WORK/analyse.out"
lo="$(grep -o '"lo":-\?[0-9]*' "$WORK/analyse.out" | head -1 | cut -d: -f2)"
hi="$(grep -o '"hi":-\?[0-9]*' "$WORK/analyse.out" | head -1 | cut -d: -f2)"
[ -n "$lo" ] && [ -n "$hi" ] || fail "analyse --json printed no bounds: $(cat "$WORK/analyse.out")"
run store info --data "$D" >/dev/null
run generate --max-seeds 10 --data "$D" >/dev/null
v="$(echo "$P" | run probe --data "$D" --batch)"
[ "$lo" -le "$v" ] && [ "$v" -le "$hi" ] || fail "analyse's bounds [$lo, $hi] miss the tables' value $v of $P"

run verify --data "$D" >"$WORK/verify.out"
run stats --data "$D" >/dev/null
run info --data "$D" >/dev/null

# serve (with the class-data archive bin/krou writes into lib/ first): /health answers
"$KROU" serve --port 0 --data "$D" >"$WORK/serve.out" 2>"$WORK/serve.err" &
SERVER=$!
port=""
for _ in $(seq 1 600); do
  port="$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$WORK/serve.out")"
  [ -n "$port" ] && break
  kill -0 "$SERVER" 2>/dev/null || fail "serve exited: $(cat "$WORK/serve.err")"
  sleep 0.1
done
[ -n "$port" ] || fail "serve did not say where it listens within 60 s"
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3
status="$(head -1 <&3 | tr -d '\r')"
exec 3<&-
[[ "$status" == "HTTP/1.1 200"* ]] || fail "serve's /health answered '$status'"
kill "$SERVER"
wait "$SERVER" 2>/dev/null || true
SERVER=""
# the class-data archive was written (a JVM that crashes writing it, as Java 17 does on some lambda call
# sites, leaves none), and nothing was left in the user's directory
[ -s "$KROU_HOME/lib/krou-serve.jsa" ] || fail "serve wrote no class-data archive lib/krou-serve.jsa: $(cat "$WORK/serve.err")"
[ -z "$(ls -A "$WORK/cwd")" ] || fail "krou left files in the directory it ran from: $(ls -A "$WORK/cwd")"

# the .zip holds the same launcher, executable once unzipped
if [ -f "$ZIP" ] && command -v unzip >/dev/null; then
  mkdir "$WORK/unzipped"
  unzip -q "$ZIP" -d "$WORK/unzipped"
  "$WORK/unzipped/$NAME/bin/krou" --help >/dev/null || fail "the .zip's bin/krou --help exited with $?"
  echo "check-dist: $(basename "$ZIP"): bin/krou runs"
elif [ ! -f "$ZIP" ]; then
  fail "no $(basename "$ZIP") beside $(basename "$ARCHIVE")"
else
  echo "check-dist: $(basename "$ZIP") not checked: no unzip on this machine"
fi
echo "check-dist: OK: generate, probe (hand-checked values), analyse within the tables' value ($lo <= $v <= $hi), store, verify, stats, info, serve"
