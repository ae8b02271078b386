#!/bin/sh
# Builds fuzz targets with clang's libFuzzer (plus ASan and UBSan) and runs
# each on a copy of its corpus for SECONDS (default 60), one job.
#   sh scripts/fuzz.sh TARGET [SECONDS]   one target (tests/fuzz/targets/TARGET.cpp)
#   sh scripts/fuzz.sh all [SECONDS]      every target, then a table of executions and coverage
# The JSON readers' targets take inputs up to 1.1 MB (deep nesting needs
# length) with the JSON dictionary; the others up to 4 KB. New inputs the
# fuzzer finds stay in build-fuzz/corpus-TARGET (copy the useful ones into
# tests/fuzz/corpus/TARGET to keep them as regression tests). Fails when a
# target crashes, leaks, hangs past 10 s on one input or passes 2 GB.
# Needs Debian's clang and libclang-rt-14-dev (scripts/bootstrap.sh installs
# them). The library's objects are compiled once into build-fuzz/obj.
set -eu
cd "$(dirname "$0")/.."
target=$1
seconds=${2:-60}
out=build-fuzz
mkdir -p "$out/obj"
flags="-std=c++20 -O1 -g -fno-sanitize-recover=all -Iinclude $(pkg-config --cflags gmp mpfr)"
objects=""
for src in $(find lib -name '*.cpp' | sort); do
  obj="$out/obj/$(echo "$src" | tr / _).o"
  if [ ! -f "$obj" ] || [ -n "$(find "$src" include -newer "$obj" | head -1)" ]; then
    clang++ $flags -fsanitize=fuzzer-no-link,address,undefined -c "$src" -o "$obj"
  fi
  objects="$objects $obj"
done

run_one() {
  name=$1
  mkdir -p "$out/corpus-$name"
  cp tests/fuzz/corpus/"$name"/* "$out/corpus-$name"/ 2>/dev/null || true
  if [ ! -x "$out/fuzz_$name" ] || [ -n "$(find include lib tests/fuzz/message.hpp tests/fuzz/targets/"$name".cpp -newer "$out/fuzz_$name" | head -1)" ]; then
    clang++ $flags -fsanitize=fuzzer,address,undefined tests/fuzz/targets/"$name".cpp $objects -o "$out/fuzz_$name" \
      $(pkg-config --libs gmp mpfr) -lflint
  fi
  case $name in
    json|markov_json|expectiminimax|expectiminimax_eval|game_graph|cat_mouse) extra="-max_len=1100000 -dict=tests/fuzz/json.dict" ;;
    *) extra="-max_len=4096" ;;
  esac
  if ! "$out/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 $extra -print_final_stats=1 \
    -artifact_prefix="$out/$name-" "$out/corpus-$name" >"$out/log-$name.txt" 2>&1; then
    tail -30 "$out/log-$name.txt"
    echo "$name: FAILED (the input is in $out/$name-*)"
    failed="$failed $name"
    return 0
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log-$name.txt")
  cov=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$out/log-$name.txt" | sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2/p')
  printf '%-22s %12s executions  cov %s\n' "$name" "$runs" "$cov"
}

failed=""
if [ "$target" = all ]; then
  echo "target                 executions             cov (edges, features) after ${seconds}s each"
  for t in $(ls tests/fuzz/targets | sed 's/\.cpp$//' | sort); do
    run_one "$t"
  done
else
  run_one "$target"
fi
if [ -n "$failed" ]; then
  echo "fuzzing found faults in:$failed"
  exit 1
fi
