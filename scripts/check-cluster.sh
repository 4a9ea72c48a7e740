#!/usr/bin/env bash
# The cluster on separate hosts: three workers and the coordinator, each in a network namespace of its own, linked by
# veth pairs to a bridge in one more namespace (none of it in the caller's namespace; addresses 10.77.0.0/24 that
# exist only there; each namespace's loopback reaches only itself), Hazelcast bound to the namespace's address, each
# member with its own data directory and no shared one (the others' directories hidden from it by empty read-only
# mounts in its mount namespace). Checks, one line each:
#   1. the members reach each other at their addresses only (the loopback of one is not another's);
#   2. `generate --cluster` writes abapa's tables 0..14 byte-identical (cmp) to a single machine's generate;
#   3. a worker killed (SIGKILL) in mid-layer aborts the job; rerun with a replacement worker, the tables are
#      byte-identical again;
#   4. a member started with a wrong secret is refused: the rerun's layers are computed on the three workers only.
# Prints each member's peak RSS (VmHWM, sampled every 0.1 s) beside the single machine's, after the first job (which
# measures a larger one with CHECK_CLUSTER_SEEDS=22 CHECK_CLUSTER_BOUND=7200, stopped there; KROU_JAVA_OPTS reaches
# every member). Everything it made (processes, namespaces, links, temporary files) is removed on exit, failed or not.
# Needs root and ip (iproute2).
# Usage: scripts/check-cluster.sh   (after the build: scripts/krou builds the jar only if it is missing or stale)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KROU="$ROOT/scripts/krou"
fail() { echo "check-cluster: FAILED: $*" >&2; exit 1; }
say() { echo "check-cluster: $*"; }
ok() { echo "check-cluster: ok: $* [$((SECONDS - LAP)) s]"; LAP=$SECONDS; } # a check passed, and its time
LAP=$SECONDS

[ "$(id -u)" = 0 ] || fail "needs root (it creates network namespaces): run it as root, as .ci/run does"
command -v ip >/dev/null || fail "no ip command: install iproute2"
"$KROU" --version >/dev/null || fail "scripts/krou --version exited with $?"

# abapa 0..SEEDS (a larger CHECK_CLUSTER_SEEDS, with a larger CHECK_CLUSTER_BOUND, measures the members' peak RSS);
# BOUND: the seconds a job or a start may take before the check fails instead of waiting on
SEEDS="${CHECK_CLUSTER_SEEDS:-14}"
BOUND="${CHECK_CLUSTER_BOUND:-300}"
[[ "$SEEDS" =~ ^[0-9]+$ && "$SEEDS" -ge 4 && "$BOUND" =~ ^[0-9]+$ ]] \
  || fail "CHECK_CLUSTER_SEEDS must be a number of 4 or more (is '$SEEDS'), CHECK_CLUSTER_BOUND a number (is '$BOUND')"
KILL_AFTER=$((SEEDS - 2)) # w2 is killed once this layer is reported: in layer SEEDS - 1 (or SEEDS)
NET=10.77.0
declare -A ADDR=([c]=$NET.1 [w1]=$NET.2 [w2]=$NET.3 [w3]=$NET.4 [w4]=$NET.5 [x]=$NET.6)
PREFIX="krou-$$-" # namespaces krou-<pid>-net, -c, -w1..w4, -x: a leftover of another run cannot collide
NAMESPACES=()
TMP="$(mktemp -d "${TMPDIR:-/tmp}/krou-check-cluster.XXXXXX")"
SAMPLER=""
mkdir -p "$TMP/pids" "$TMP/hwm" "$TMP/log" "$TMP/keys"
for m in ref c w1 w2 w3 w4 x; do mkdir -p "$TMP/data/$m"; done

cleanup() {
  local rc=$?
  set +e
  if [ "$rc" != 0 ] && [ -d "$TMP/log" ]; then # what each member said last, for the failure's cause
    for f in "$TMP"/log/*; do
      [ -s "$f" ] && { echo "--- ${f##*/} (last lines)"; tail -n 8 "$f"; } >&2
    done
  fi
  exec 2>/dev/null # (bash's notices of the members it kills)
  [ -n "$SAMPLER" ] && kill "$SAMPLER" 2>/dev/null
  for f in "$TMP"/pids/*; do
    [ -e "$f" ] && kill -KILL "$(<"$f")" 2>/dev/null
  done
  wait 2>/dev/null
  for ns in "${NAMESPACES[@]}"; do ip netns delete "$PREFIX$ns" 2>/dev/null; done
  rm -rf "$TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# the network: a bridge in its own namespace, and a namespace per member with one end of a veth pair as eth0
ip netns add "${PREFIX}net" && NAMESPACES+=(net)
ip -n "${PREFIX}net" link add br0 type bridge
ip -n "${PREFIX}net" link set br0 up
for m in c w1 w2 w3 w4 x; do
  ip netns add "$PREFIX$m" && NAMESPACES+=("$m")
  ip -n "${PREFIX}net" link add "v-$m" type veth peer name eth0 netns "$PREFIX$m"
  ip -n "${PREFIX}net" link set "v-$m" master br0 up
  ip -n "$PREFIX$m" addr add "${ADDR[$m]}/24" dev eth0
  ip -n "$PREFIX$m" link set eth0 up
  ip -n "$PREFIX$m" link set lo up
done

# the cluster's secret, and another one for the member that must be refused
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$TMP/keys/secret"
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$TMP/keys/wrong"
SECRET=(--secret-file "$TMP/keys/secret")
WRONG_SECRET=(--secret-file "$TMP/keys/wrong")

# start MEMBER KROU-ARGUMENTS...: krou in the member's namespace, in the background, output in $TMP/log/MEMBER.*;
# every data directory but the member's own is hidden from it (an empty read-only tmpfs over it, in the mount
# namespace of `ip netns exec`, which the caller's does not see)
start() {
  local m="$1" hide=() d
  shift
  for d in "$TMP"/data/*; do [ "$d" = "$TMP/data/$m" ] || hide+=("$d"); done
  # shellcheck disable=SC2016 # (the inner shell expands them)
  ip netns exec "$PREFIX$m" bash -c 'n=$1; shift
    for ((i = 0; i < n; i++)); do mount -t tmpfs -o ro,size=16k krou-hidden "$1" || exit 125; shift; done
    exec "$@"' hide "${#hide[@]}" "${hide[@]}" "$KROU" "$@" >"$TMP/log/$m.out" 2>"$TMP/log/$m.err" &
  echo $! >"$TMP/pids/$m"
}
pid() { cat "$TMP/pids/$1"; }
who() { if [ "$1" = c ]; then echo "generate --cluster (${ADDR[c]})"; else echo "worker $1 (${ADDR[$1]})"; fi; }
running() { [ -e "$TMP/pids/$1" ] && kill -0 "$(pid "$1")" 2>/dev/null; }
stop() { # kill -KILL a member and forget it
  kill -KILL "$(pid "$1")" 2>/dev/null || true
  wait "$(pid "$1")" 2>/dev/null || true
  rm -f "$TMP/pids/$1"
}
finish() { # waits for a member that ends by itself, $2 seconds at most (default BOUND); its exit status in $RC
  local i
  for ((i = 0; i < ${2:-$BOUND} * 10; i++)); do running "$1" || break; sleep 0.1; done
  running "$1" && fail "$(who "$1") did not end within ${2:-$BOUND} s: $(tail_err "$1")"
  RC=0
  wait "$(pid "$1")" || RC=$?
  rm -f "$TMP/pids/$1"
}
tail_err() { # the last lines a member wrote on standard error, else on standard output, on one line
  local f="$TMP/log/$1.err"
  [ -s "$f" ] || f="$TMP/log/$1.out"
  tail -n 3 "$f" 2>/dev/null | tr '\n' ' '
}

# peak RSS of every member running, sampled (VmHWM only grows during a process's life; the highest kept per member)
sample() {
  set +e
  local f m k v _ old
  while :; do
    for f in "$TMP"/pids/*; do
      [ -e "$f" ] || continue
      m="${f##*/}"
      while read -r k v _; do
        if [ "$k" = VmHWM: ]; then
          old="$(cat "$TMP/hwm/$m" 2>/dev/null || echo 0)"
          [ "$v" -gt "$old" ] && echo "$v" >"$TMP/hwm/$m"
          break
        fi
      done <"/proc/$(<"$f")/status" 2>/dev/null
    done
    sleep 0.1
  done
}
sample 2>/dev/null &
SAMPLER=$!
mib() { if [ -f "$TMP/hwm/$1" ]; then echo "$(($(<"$TMP/hwm/$1") / 1024)) MiB"; else echo "?"; fi; }

WORKERS="${ADDR[w1]}:5701,${ADDR[w2]}:5701,${ADDR[w3]}:5701"
JOIN="${ADDR[c]}:5700,$WORKERS,${ADDR[w4]}:5701"
worker() { # $1: the member; $2: its secret option's file, if any
  local secret=("${SECRET[@]}")
  if [ "${2:-}" = wrong ]; then secret=("${WRONG_SECRET[@]}"); fi
  start "$1" worker --port 5701 --host "${ADDR[$1]}" --join "$JOIN" --threads 1 "${secret[@]}" --data "$TMP/data/$1"
}
await_worker() { # until the worker says it listens (BOUND seconds at most)
  for ((i = 0; i < BOUND * 10; i++)); do
    grep -q "^Worker .* listening" "$TMP/log/$1.out" 2>/dev/null && return 0
    running "$1" || fail "worker $1 (${ADDR[$1]}) exited: $(tail_err "$1")"
    sleep 0.1
  done
  fail "worker $1 (${ADDR[$1]}) did not start listening within $BOUND s: $(tail_err "$1")"
}
coordinator() { # $1: the job's data directory (inside the coordinator's own), $2: the workers' addresses
  start c generate --cluster "$2" --host "${ADDR[c]}" --port 5700 --max-seeds "$SEEDS" --data "$1" "${SECRET[@]}"
}
same_tables() { # $1: the coordinator's data directory, $2: what the check is called
  local a b
  a="$(cd "$TMP/data/ref/abapa" && ls ./*.krou)"
  b="$(cd "$1/abapa" 2>/dev/null && ls ./*.krou)" || fail "$2: the coordinator wrote no tables in ${1#"$TMP/"}/abapa"
  [ "$a" = "$b" ] || fail "$2: tables the single machine wrote and the coordinator did not: \
$(comm -23 <(echo "$a") <(echo "$b") | tr '\n' ' ')and the other way round: $(comm -13 <(echo "$a") <(echo "$b") | tr '\n' ' ')"
  for f in "$TMP"/data/ref/abapa/*.krou; do
    cmp "$f" "$1/abapa/${f##*/}" >"$TMP/cmp" 2>&1 \
      || fail "$2: abapa/${f##*/} differs from the single machine's: $(sed "s|$TMP/||g" "$TMP/cmp")"
  done
}

# the single machine's tables (no network)
"$KROU" generate --max-seeds "$SEEDS" --data "$TMP/data/ref" >"$TMP/log/ref.out" 2>"$TMP/log/ref.err" \
  || fail "the single machine's generate --max-seeds $SEEDS exited with $?: $(tail_err ref)"
REF_RSS="$(sed -n 's/^Memory: peak RSS \(.*\)$/\1/p' "$TMP/log/ref.out")"
say "the single machine's tables of abapa 0..$SEEDS written [$((SECONDS - LAP)) s]"
LAP=$SECONDS

# 1. three workers in three namespaces; the coordinator's namespace reaches them at their addresses only
for m in w1 w2 w3; do worker "$m"; done
for m in w1 w2 w3; do await_worker "$m"; done
ip netns exec "${PREFIX}c" bash -c "exec 3<>/dev/tcp/${ADDR[w1]}/5701" 2>/dev/null \
  || fail "from the coordinator's namespace, worker w1 does not answer at ${ADDR[w1]}:5701"
if ip netns exec "${PREFIX}c" timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/5701" 2>/dev/null; then
  fail "from the coordinator's namespace, 127.0.0.1:5701 answers: the namespaces' loopbacks are not separate"
fi
peers="$(ip netns exec "${PREFIX}w1" ss -Htn state established | awk '{ print $4 }' \
  | sed 's/:[0-9]*$//; s/^\[::ffff:\(.*\)\]$/\1/' | sort -u | tr '\n' ' ')"
[[ "$peers" == *"${ADDR[w2]} "* && "$peers" == *"${ADDR[w3]} "* ]] \
  || fail "worker w1 has no connection with w2 (${ADDR[w2]}) and w3 (${ADDR[w3]}): its peers are '$peers'"
[[ "$peers" != *127.* ]] || fail "worker w1 has connections over its loopback: its peers are '$peers'"
ok "a namespace a member (c ${ADDR[c]}, w1-w4 ${ADDR[w1]}-${ADDR[w4]}, x ${ADDR[x]}), a bridge in another; w1 connected to $peers; 127.0.0.1 reaches no other member"

# 2. the cluster's tables are the single machine's
coordinator "$TMP/data/c/job1" "$WORKERS"
finish c
[ "$RC" = 0 ] || fail "generate --cluster on w1, w2, w3 exited with $RC: $(tail_err c)"
same_tables "$TMP/data/c/job1" "generate --cluster on 3 workers"
ok "generate --cluster on 3 workers in 3 namespaces: abapa 0..$SEEDS byte-identical to the single machine's ($(grep -o 'in [0-9.]* s' "$TMP/log/c.out" | head -1))"
say "peak RSS (VmHWM) in that job: w1 $(mib w1), w2 $(mib w2), w3 $(mib w3), coordinator $(mib c); single machine ${REF_RSS:-?}"

# 3. w2 killed in mid-layer (while layer SEEDS - 1 is being solved, or SEEDS): the job fails; rerun with w4 in its place
coordinator "$TMP/data/c/job2" "$WORKERS"
for ((i = 0; i < BOUND * 20; i++)); do
  grep -q "^layer *$KILL_AFTER:" "$TMP/log/c.out" && break
  running c || fail "generate --cluster (job 2) exited before layer $KILL_AFTER was done: $(tail_err c)"
  sleep 0.05
done
grep -q "^layer *$KILL_AFTER:" "$TMP/log/c.out" \
  || fail "generate --cluster (job 2) did not finish layer $KILL_AFTER within $BOUND s"
running c || fail "generate --cluster (job 2) ended before worker w2 could be killed: $(tail_err c)"
stop w2
finish c 120 # Hazelcast's failure detector: at once when the connection closes, else after 10 s without heartbeat
[ "$RC" != 0 ] || fail "generate --cluster exited with 0 although worker w2 was killed before the end: $(tail_err c)"
killed="$(grep -c '^layer *[0-9]*:' "$TMP/log/c.out" || true)" # the layer abandoned: those before it were reported
reason="$(tail -n 1 "$TMP/log/c.err")"
worker w4
worker x wrong # 4.: the member with a wrong secret, started beside the replacement
await_worker w4
for _ in $(seq 1 200); do # x joins, is refused and exits, or runs on alone: 20 s for its join to be tried
  grep -q "^Worker .* listening" "$TMP/log/x.out" && break
  running x || break
  sleep 0.1
done
coordinator "$TMP/data/c/job2" "${ADDR[w1]}:5701,${ADDR[w3]}:5701,${ADDR[w4]}:5701"
finish c
[ "$RC" = 0 ] || fail "the rerun of generate --cluster on w1, w3 and the replacement w4 exited with $RC: $(tail_err c)"
same_tables "$TMP/data/c/job2" "the rerun after w2 was killed"
reused="$(grep -c '^layer *[0-9]* reused' "$TMP/log/c.out" || true)"
[ "$reused" -ge "$killed" ] || fail "the rerun reused $reused layers, not the $killed finished before w2 was killed"
ok "w2 killed (SIGKILL) in layer $killed: the job failed ('$reason'); rerun with w4: $reused layers reused, abapa 0..$SEEDS byte-identical"

# 4. the member with the wrong secret was not counted: every layer the rerun computed was on 3 workers
counted="$(sed -n 's/^layer *[0-9]*:.* on \([0-9]*\) workers.*/\1/p' "$TMP/log/c.out" | sort -u | tr '\n' ' ')"
[ "$counted" = "3 " ] || fail "a member with a wrong secret (x, ${ADDR[x]}) was counted: the rerun's layers ran on '$counted' workers, expected 3; x said: $(tail_err x)"
if running x; then state="still running, alone"; else finish x; state="exited with $RC: $(tail -n 1 "$TMP/log/x.err")"; fi
ok "a member with a wrong secret (x, ${ADDR[x]}) was not counted: the rerun above ran on 3 workers; x $state"

# peak RSS, read before the workers are stopped by the cleanup
sleep 0.2
say "peak RSS (VmHWM) over both jobs: w1 $(mib w1), w2 $(mib w2) (killed), w3 $(mib w3), w4 $(mib w4), coordinator $(mib c)"
say "OK in $SECONDS s"
