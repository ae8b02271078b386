#!/usr/bin/env python3
"""Checks that every source file is listed in the CMakeLists.txt that builds it.

The build lists its sources one a line, never by a glob, so that a file
cannot fall out of the build unnoticed; this check makes sure a new file is
not forgotten either:
  lib/FAMILY/NAME.cpp          in CMakeLists.txt, as lib/FAMILY/NAME.cpp
  tests/FAMILY/NAME.cpp        in tests/CMakeLists.txt, as FAMILY/NAME.cpp
  tests/fuzz/targets/NAME.cpp  in tests/CMakeLists.txt's EXACTDP_FUZZ_TARGETS
  tools/exactdp/NAME.cpp       in tools/exactdp/CMakeLists.txt
  python/NAME.cpp              in python/CMakeLists.txt
  bench/NAME.cpp               in bench/CMakeLists.txt's EXACTDP_BENCH_PROGRAMS
tests/package (a consumer project of its own) is not part of the build.

Usage: scripts/sources_listed.py [SOURCE_DIR]   (exit 1 and the missing files)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)


def words(cmake_file):
    """The words of a CMakeLists.txt, comments left out."""
    text = re.sub(r"#[^\n]*", "", (ROOT / cmake_file).read_text())
    return set(re.findall(r"[A-Za-z0-9_./+-]+", text))


def main():
    top, tests = words("CMakeLists.txt"), words("tests/CMakeLists.txt")
    # (the files, the words of the CMakeLists.txt that lists them, how it names one)
    rules = [
        ("lib/*/*.cpp", top, lambda p: p.relative_to(ROOT).as_posix()),
        ("tests/*/*.cpp", tests, lambda p: f"{p.parent.name}/{p.name}"),
        ("tests/fuzz/targets/*.cpp", tests, lambda p: p.stem),
        ("tools/exactdp/*.cpp", words("tools/exactdp/CMakeLists.txt"), lambda p: p.name),
        ("python/*.cpp", words("python/CMakeLists.txt"), lambda p: p.name),
        ("bench/*.cpp", words("bench/CMakeLists.txt"), lambda p: p.stem),
    ]
    missing = []
    for pattern, listed, name in rules:
        for path in sorted(ROOT.glob(pattern)):
            if path.parent.name in ("package", "fuzz") and pattern == "tests/*/*.cpp":
                continue
            if name(path) not in listed:
                missing.append(path)
    for path in missing:
        print(f"{path.relative_to(ROOT)}: not listed in the CMakeLists.txt that should build it")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
