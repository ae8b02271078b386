#!/bin/sh
# Runs the libFuzzer programs (clang, ASan, UBSan; built by
# scripts/sanitize_build.sh) each on a copy of its corpus for SECONDS
# (default 60).
#   sh scripts/fuzz.sh TARGET [SECONDS]   one target (tests/fuzz/targets/TARGET.cpp)
#   sh scripts/fuzz.sh all [SECONDS]      every target, two at a time (the
#                                         machine has 2 cores), then a table of
#                                         executions and coverage
# The JSON readers' targets take inputs up to 1.1 MB (deep nesting needs
# length) with the JSON dictionary; the others up to 4 KB. New inputs the
# fuzzer finds stay in build-fuzz/corpus-TARGET (copy the useful ones into
# tests/fuzz/corpus/TARGET to keep them as regression tests). Fails when a
# target crashes, leaks, hangs past 10 s on one input or passes 2 GB.
# Needs Debian's clang and libclang-rt-14-dev (scripts/bootstrap.sh
# installs them).
set -eu
cd "$(dirname "$0")/.."
target=$1
seconds=${2:-60}
out=build-fuzz
mkdir -p "$out"

if [ "$target" = all ]; then
  targets=$(ls tests/fuzz/targets | sed 's/\.cpp$//' | sort)
else
  [ -f "tests/fuzz/targets/$target.cpp" ] || { echo "fuzz.sh: no target tests/fuzz/targets/$target.cpp" >&2; exit 2; }
  targets=$target
fi

# The programs come from the sanitizer build (scripts/sanitize_build.sh),
# which builds only what changed.
sh scripts/sanitize_build.sh $(for t in $targets; do printf 'fuzz_%s ' "$t"; done)

# Runs one target; writes its table line (or its failure) to $out/result-NAME.txt.
run_one() {
  name=$1
  result="$out/result-$name.txt"
  mkdir -p "$out/corpus-$name"
  cp tests/fuzz/corpus/"$name"/* "$out/corpus-$name"/ 2>/dev/null || true
  case $name in
    json|markov_json|decision_json|expectiminimax|expectiminimax_eval|game_graph|cat_mouse|jani) extra="-max_len=1100000 -dict=tests/fuzz/json.dict" ;;
    *) extra="-max_len=4096" ;;
  esac
  if ! "build-sanitize/tests/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 $extra -print_final_stats=1 \
    -artifact_prefix="$out/$name-" "$out/corpus-$name" >"$out/log-$name.txt" 2>&1; then
    {
      # The checked message and the input itself, so that a CI log alone
      # shows the fault (the stack trace's tail does not).
      grep -m 3 -E '^(bad error message|==[0-9]+==ERROR|SUMMARY)' "$out/log-$name.txt" | cut -c 1-400 || true
      tail -30 "$out/log-$name.txt"
      for input in "$out/$name"-*; do
        [ -f "$input" ] && python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print("%s (%d bytes): %r" % (sys.argv[1], len(d), d[:3000]))' "$input"
      done
      echo "$name: FAILED (the input is in $out/$name-*)"
    } >"$result"
    return 0
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log-$name.txt")
  cov=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$out/log-$name.txt" | sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2/p')
  printf '%-22s %12s executions  cov %s\n' "$name" "$runs" "$cov" >"$result"
}

rm -f "$out"/result-*.txt
echo "target                 executions             cov (edges, features) after ${seconds}s each"
set -- $targets
while [ $# -gt 0 ]; do
  run_one "$1" &
  if [ $# -gt 1 ]; then
    run_one "$2" &
    shift
  fi
  shift
  wait
done
failed=""
for t in $targets; do
  cat "$out/result-$t.txt"
  grep -q ': FAILED' "$out/result-$t.txt" && failed="$failed $t"
done
if [ -n "$failed" ]; then
  echo "fuzzing found faults in:$failed"
  exit 1
fi
