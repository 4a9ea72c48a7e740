#!/usr/bin/env bash
# The two programs a non-Java engine starts from, each against `krou probe --json` on the same position: the C
# example of docs/NATIVE.md (native/examples/probe.c, built by make), and the five-line example of docs/PYTHON.md,
# run from another directory with the package installed as docs/PYTHON.md says (without the network, into a fresh
# virtual environment). Each must print the value and the moves' captures and values that krou probe prints.
# Usage: scripts/check-native.sh DATA (a data directory holding abapa's tables of 0..5 seeds at least). The Python
# is $PYTHON, else python3 (else /usr/bin/python3 if only that one qualifies); it needs venv, setuptools 61 or later
# and wheel (Debian: python3-venv, python3-setuptools, python3-wheel), since the install may not download them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
DATA="$(cd "${1:?usage: scripts/check-native.sh DATA}" && pwd)"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/krou-python.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

usable() { "$1" -c 'import venv, ensurepip, setuptools, wheel' 2>/dev/null; }
if [ -z "${PYTHON:-}" ]; then
  # the PATH's python3, or the system's when that one (a pyenv build, say) lacks them
  PYTHON=python3
  if ! usable python3 && [ -x /usr/bin/python3 ] && usable /usr/bin/python3; then PYTHON=/usr/bin/python3; fi
fi
usable "$PYTHON" || {
  echo "check-native: $PYTHON lacks venv, setuptools or wheel (Debian: apt-get install python3-venv python3-setuptools python3-wheel)" >&2
  exit 1
}

make -s -C native
"$PYTHON" -m venv --system-site-packages "$TMP/venv"
"$TMP/venv/bin/pip" install -q --no-build-isolation --no-index ./python

# the first python block of docs/PYTHON.md, run where "data" is the data directory
"$PYTHON" -c 'import re, sys; print(re.search(r"```python\n(.*?)```", open(sys.argv[1]).read(), re.S).group(1))' \
  docs/PYTHON.md >"$TMP/example.py"
ln -s "$DATA" "$TMP/data"
(cd "$TMP" && env -u KROU_LIBRARY -u PYTHONPATH venv/bin/python example.py) >"$TMP/python.out"

# krou probe's answer in the example's form: the value, then "pit captures value" for each move
scripts/krou probe --json --data "$DATA" "1 0 0 1 0 1 / 1 0 0 0 0 1 S" | "$PYTHON" -c '
import json, sys
answer = json.load(sys.stdin)
print(answer["value"])
for move in answer["moves"]:
    print(move["move"], move["captured"], move["value"])' >"$TMP/expected"
# the example also prints each move distance: dropped here
awk 'NR == 1 { print; next } { print $1, $2, $3 }' "$TMP/python.out" >"$TMP/got"
if ! diff -u "$TMP/expected" "$TMP/got"; then
  echo "check-native: the example of docs/PYTHON.md and krou probe disagree (above)" >&2
  exit 1
fi
echo "check-native: the installed package answers as krou probe does ($(wc -l <"$TMP/got") lines)"

# the C example of docs/NATIVE.md: "value +5", then "  a  captures  0  value  +5" for each move
native/build/probe-example "$DATA" "1 0 0 1 0 1 / 1 0 0 0 0 1 S" \
  | awk 'NR == 1 { print $2 + 0; next } { print $1, $3, $5 + 0 }' >"$TMP/c.got"
if ! diff -u "$TMP/expected" "$TMP/c.got"; then
  echo "check-native: native/examples/probe.c and krou probe disagree (above)" >&2
  exit 1
fi
echo "check-native: the C example answers as krou probe does ($(wc -l <"$TMP/c.got") lines)"

# the programs README.md, docs/NATIVE.md and docs/PYTHON.md show are the ones checked above
block() { "$PYTHON" -c 'import re, sys; print(re.findall(r"```" + sys.argv[2] + r"\n(.*?)```", open(sys.argv[1]).read(), re.S)[0], end="")' "$1" "$2"; }
for doc in README.md docs/NATIVE.md; do
  diff -u native/examples/probe.c <(block "$doc" c) || { echo "check-native: $doc shows another C program than native/examples/probe.c" >&2; exit 1; }
done
diff -u <(block docs/PYTHON.md python) <(block README.md python) || { echo "check-native: README.md and docs/PYTHON.md show different Python examples" >&2; exit 1; }
echo "check-native: README.md, docs/NATIVE.md and docs/PYTHON.md show the programs checked"
