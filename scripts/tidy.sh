#!/bin/sh
# Runs clang-tidy (checks and reasons in .clang-tidy) on the project's own
# sources and exits non-zero on any finding (.clang-tidy sets WarningsAsErrors).
# By default lib/ and tools/: every public header is instantiated there, so the
# headers are checked too (28 files; 8.5 min measured with -j2 on a loaded machine). `all` adds tests/ (the
# oracles and fuzz targets; 50 more Catch2-heavy files, about 4 times longer).
# Configures build-tidy for its compile_commands.json only; nothing is compiled.
# Debug, so that assert() conditions reach the static analyser.
# Usage: sh scripts/tidy.sh [all | REGEX of files]
# Needs Debian's clang-tidy (clang-tidy 14 with run-clang-tidy).
set -eu
cd "$(dirname "$0")/.."
case "${1:-}" in
  "") files="$PWD/(lib|tools)/" ;;
  all) files="$PWD/(lib|tools|tests)/" ;;
  *) files=$1 ;;
esac
cmake -S . -B build-tidy -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DEXACTDP_BUILD_TESTS=ON \
  -DEXACTDP_BUILD_TOOLS=ON -DEXACTDP_BUILD_BENCH=OFF -DEXACTDP_INSTALL=OFF >/dev/null
log=build-tidy/clang-tidy.log
status=0
run-clang-tidy -p build-tidy -j2 -quiet "$files" >"$log" 2>&1 || status=$?
# run-clang-tidy forces colour and clang-tidy counts the (suppressed) warnings of
# every header: keep the findings and the command lines only.
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -v -e '^[0-9]* warnings\{0,1\} generated\.$' -e '^[0-9]* warnings\{0,1\} and [0-9]* errors\{0,1\} generated\.$' || true
if [ "$status" != 0 ]; then
  echo "clang-tidy found problems (see above, or $log); fix them or, for a genuine false positive, add"
  echo "NOLINT(check-name) with the reason"
  exit 1
fi
echo "clang-tidy: no findings"
