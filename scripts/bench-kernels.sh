#!/usr/bin/env bash
# JMH micro-benchmarks of the kernels (org.krou.bench: RulesBenchmark, IndexBenchmark, ProbeBenchmark,
# GeneratorKernelBenchmark; ProbeBenchmark generates its tables on first use, see its Javadoc).
# Builds benchmarks/target/benchmarks.jar when it is missing or older than the sources, prints
# the machine, then runs JMH with short settings. Extra arguments go to JMH and come after the
# defaults, so they override them, e.g.:
#   scripts/bench-kernels.sh                       # every benchmark
#   scripts/bench-kernels.sh IndexBenchmark        # a regexp selecting benchmarks
#   scripts/bench-kernels.sh RulesBenchmark -p variant=abapa -i 10
#   scripts/bench-kernels.sh -lp                   # list benchmarks and parameters
# JVM options for the forked benchmark JVM: JMH's -jvmArgs, e.g. -jvmArgs -Xmx2g; the -XX options of
# cli/src/main/jvm/jvm.options (what the krou command runs with) are appended to them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAR="$ROOT/benchmarks/target/benchmarks.jar"
if [ ! -f "$JAR" ] || [ "$ROOT/pom.xml" -nt "$JAR" ] || [ -n "$(find "$ROOT/benchmarks/pom.xml" \
     "$ROOT/benchmarks/src" "$ROOT/lookup/src/main" "$ROOT/generator/src/main" \
     -newer "$JAR" -type f -print -quit 2>/dev/null)" ]; then
  echo "bench-kernels: building $JAR (missing or sources changed)..." >&2
  (cd "$ROOT" && mvn -q -B -DskipTests package -pl benchmarks -am >&2)
fi
echo "machine: $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(java -version 2>&1 | head -1)"
XX="$(grep '^-XX' "$ROOT/cli/src/main/jvm/jvm.options" | tr '\n' ' ')"
exec java -jar "$JAR" -f 1 -wi 3 -w 1s -i 5 -r 1s -jvmArgsAppend "${XX% }" "$@"
