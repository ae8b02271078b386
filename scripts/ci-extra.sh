#!/bin/sh
# CI checks beyond the test suite, run by .ci/run after the README's test
# command: every header on its own, the installed CMake package used by
# consumer projects (all of exactdp; only the components numeric and
# probability, whose link line must not name FLINT; an unknown component) and
# by the library example of docs/library.md (whose output must match
# examples/library/expected-output.txt), the whole suite again under
# AddressSanitizer + UndefinedBehaviorSanitizer with warnings as errors, the
# thread test program under ThreadSanitizer, every fuzz target for 20 s, formatting, and clang-tidy.
set -eu
cd "$(dirname "$0")/.."
start=$(date +%s)
# ccache (installed by bootstrap.sh) makes a second run of these builds cheap.
CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
export CCACHE_BASEDIR CCACHE_NOHASHDIR
# Each step is announced with the minutes:seconds since the start.
step() { s=$(($(date +%s) - start)); printf '== %s (at %d:%02d)\n' "$1" $((s / 60)) $((s % 60)); }

step "every public header compiles on its own"
cmake -S . -B build -DEXACTDP_CHECK_HEADERS=ON >/dev/null
cmake --build build -j2 --target exactdp_header_check

step "install, then build and run a consumer with find_package(exactdp)"
rm -rf build/install-root build/package
cmake --install build --prefix build/install-root >/dev/null
cmake -S tests/package -B build/package -DCMAKE_PREFIX_PATH="$PWD/build/install-root" >/dev/null
cmake --build build/package -j2 >/dev/null
build/package/consumer

step "a consumer of the components numeric and probability links neither FLINT nor nlohmann_json"
rm -rf build/package-components build/package-unknown
cmake -S tests/package/components -B build/package-components -DCMAKE_PREFIX_PATH="$PWD/build/install-root" >/dev/null
cmake --build build/package-components -j2 >/dev/null
build/package-components/component_consumer
link_line=build/package-components/CMakeFiles/component_consumer.dir/link.txt
if grep -Eiq 'flint|nlohmann|exactdp_(games|markov|decision)' "$link_line" ||
  ldd build/package-components/component_consumer | grep -iq flint; then
  echo "find_package(exactdp COMPONENTS numeric probability) links more than GMP and MPFR:"
  cat "$link_line"
  ldd build/package-components/component_consumer
  exit 1
fi
echo "links: $(sed 's/.* -o component_consumer //' "$link_line")"
if cmake -S tests/package/components -B build/package-unknown -DCMAKE_PREFIX_PATH="$PWD/build/install-root" \
  "-DEXACTDP_WANTED=numeric;nonsense" >build/package-unknown.log 2>&1 ||
  ! grep -q 'exactdp has no component "nonsense"' build/package-unknown.log; then
  echo "find_package(exactdp COMPONENTS nonsense) did not fail with the list of components:"
  cat build/package-unknown.log
  exit 1
fi
echo "an unknown component is refused: $(grep -o 'exactdp has no component "nonsense"' build/package-unknown.log)"

step "the library example of docs/library.md, built against the installed package"
rm -rf build/library-example
cmake -S examples/library -B build/library-example -DCMAKE_PREFIX_PATH="$PWD/build/install-root" >/dev/null
cmake --build build/library-example -j2 >/dev/null
status=0
build/library-example/library_example >build/library-example/output.txt || status=$?
cat build/library-example/output.txt
if [ "$status" -ne 0 ]; then
  echo "examples/library exited with status $status (its checks failed)"
  exit 1
fi
diff -u examples/library/expected-output.txt build/library-example/output.txt ||
  { echo "examples/library printed something else than examples/library/expected-output.txt"; exit 1; }

step "sanitizers (clang, ASan + UBSan, -O1, warnings as errors)"
sh scripts/sanitize_build.sh
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-sanitize --output-on-failure -j2

step "ThreadSanitizer: threads with different moduli, budgets and interrupt checkers (tests/threads alone)"
cmake -S . -B build-tsan -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1 -fsanitize=thread" \
  -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DEXACTDP_BUILD_TOOLS=OFF -DEXACTDP_BUILD_BENCH=OFF \
  -DEXACTDP_BUILD_PYTHON=OFF -DEXACTDP_INSTALL=OFF >/dev/null
cmake --build build-tsan -j2 --target test_threads
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build-tsan/tests/test_threads

step "fuzzing: every target for 20 s (libFuzzer, ASan, UBSan, from the sanitizer build; JSON inputs up to 1.1 MB)"
sh scripts/fuzz.sh all 20

step "formatting (clang-format, .clang-format)"
unformatted=$(for f in $(git ls-files '*.cpp' '*.hpp'); do clang-format "$f" | cmp -s - "$f" || echo "$f"; done)
if [ -n "$unformatted" ]; then
  echo "these files are not clang-formatted (run clang-format -i on them):"
  echo "$unformatted"
  exit 1
fi

step "clang-tidy (.clang-tidy)"
sh scripts/tidy.sh
step "done"
