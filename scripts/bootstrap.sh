#!/bin/sh
# Set-up for a fresh Debian 12 machine, run as root: installs the Debian
# packages that are missing, configures and builds exactdp in ./build with -j2.
# Idempotent: a second run installs nothing and rebuilds only what changed.
# Usage: sh scripts/bootstrap.sh [extra cmake options]
set -eu
cd "$(dirname "$0")/.."
packages="g++ ccache cmake make pkg-config python3 clang clang-format clang-tidy libclang-rt-14-dev libgmp-dev libmpfr-dev libboost-dev libflint-dev nettle-dev catch2 libcli11-dev nlohmann-json3-dev libfmt-dev libbenchmark-dev parallel gnuplot-nox graphviz pybind11-dev python3-dev python3-pytest python3-numpy python3-hypothesis"
missing=""
for p in $packages; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "bootstrap: these Debian packages are missing:$missing; install them as root (apt-get install$missing)" >&2
    exit 1
  fi
  echo "bootstrap: installing$missing"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
# ccache makes a rebuild of unchanged sources nearly free, also in another
# clone of the repository (paths are taken relative to the clone).
CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
export CCACHE_BASEDIR CCACHE_NOHASHDIR
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "$@" >/dev/null
cmake --build build -j2
