#!/bin/sh
# Configures and builds ./build-sanitize: the library, tool and tests with
# clang, AddressSanitizer + UndefinedBehaviorSanitizer at -O1, warnings as
# errors, every object instrumented for libFuzzer's coverage, and the
# libFuzzer programs fuzz_<target> (EXACTDP_FUZZ). One build serves both the
# sanitized test suite (ctest --test-dir build-sanitize) and scripts/fuzz.sh.
# clang rather than g++: on the same file (lib/lang/jani.cpp) g++ -O1 with
# both sanitizers took 93 s of CPU, clang 34 s, g++ -O3 without them 25 s.
# Line tables only (-gline-tables-only, not -g): the sanitizers' stack
# traces keep their file:line, and the objects and links are smaller.
# Usage: sh scripts/sanitize_build.sh [TARGET...]   (default: everything)
set -eu
cd "$(dirname "$0")/.."
# ccache (installed by bootstrap.sh) makes a second run cheap, also in another clone.
CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
export CCACHE_BASEDIR CCACHE_NOHASHDIR
launcher=""
command -v ccache >/dev/null && launcher="-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
cmake -S . -B build-sanitize -DCMAKE_CXX_COMPILER=clang++ $launcher -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" -DEXACTDP_SANITIZE=ON -DEXACTDP_FUZZ=ON -DEXACTDP_WERROR=ON \
  -DEXACTDP_BUILD_BENCH=OFF -DEXACTDP_BUILD_PYTHON=OFF -DEXACTDP_INSTALL=OFF >/dev/null
if [ $# -eq 0 ]; then
  cmake --build build-sanitize -j2
else
  cmake --build build-sanitize -j2 --target "$@"
fi
