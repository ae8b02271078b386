#!/bin/sh
# Builds one fuzz target with clang's libFuzzer (plus ASan and UBSan) and runs
# it on a copy of its corpus for SECONDS (default 60), one job. New inputs the
# fuzzer finds stay in build-fuzz/corpus-TARGET (copy the useful ones into
# tests/fuzz/corpus/TARGET to keep them as regression tests).
# Usage: sh scripts/fuzz.sh TARGET [SECONDS]     (targets: tests/fuzz/targets/*.cpp)
# Needs Debian's clang and libclang-rt-14-dev. The library's objects are
# compiled once into build-fuzz/obj and reused by every target.
set -eu
cd "$(dirname "$0")/.."
target=$1
seconds=${2:-60}
out=build-fuzz
mkdir -p "$out/corpus-$target" "$out/obj"
cp tests/fuzz/corpus/"$target"/* "$out/corpus-$target"/ 2>/dev/null || true
flags="-std=c++20 -O1 -g -fno-sanitize-recover=all -Iinclude $(pkg-config --cflags gmp mpfr)"
objects=""
for src in $(find lib -name '*.cpp' | sort); do
  obj="$out/obj/$(echo "$src" | tr / _).o"
  if [ ! -f "$obj" ] || [ -n "$(find "$src" include -newer "$obj" | head -1)" ]; then
    clang++ $flags -fsanitize=fuzzer-no-link,address,undefined -c "$src" -o "$obj"
  fi
  objects="$objects $obj"
done
if [ ! -x "$out/fuzz_$target" ] || [ -n "$(find include lib tests/fuzz/targets/"$target".cpp -newer "$out/fuzz_$target" | head -1)" ]; then
  clang++ $flags -fsanitize=fuzzer,address,undefined tests/fuzz/targets/"$target".cpp $objects -o "$out/fuzz_$target" \
    $(pkg-config --libs gmp mpfr) -lflint
fi
"$out/fuzz_$target" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=1024 -max_len=4096 -print_final_stats=1 \
  "$out/corpus-$target"
