#!/usr/bin/env python3
"""Checks that the certificate checker (issue 24) shares no code with the solvers.

The checker (include/exactdp/verify/, lib/verify/) may include, directly or
through the headers it includes, only its own headers, the exact rationals,
the input helpers and the model readers below. The solvers' headers
(decision/solve.hpp, decision/pig.hpp, markov/chain.hpp, the residues of
numeric/modint*.hpp, ...) and the writing side of certificates
(certify/writer.hpp, decision/certify.hpp) are refused.

The language front end (lang/*.hpp: it parses PRISM-language and JANI
models, builds their state spaces and a property's decision model) is
followed like the rest: the evaluation of properties by the solvers is in
lang/property_values.hpp, and the tool's check (api/check.hpp) includes it,
so neither may be reached.

It also keeps the checker small, so that a reviewer can read it in an hour
(issue 24): its files (include/exactdp/verify/*.hpp, lib/verify/*.cpp) may
hold at most MAX_CODE_LINES lines that are neither blank nor only a //
comment, and the comment at the top of verify.hpp must state their size as
it is ("N lines in all, M without blank and comment lines"), so that the
checker cannot grow unnoticed.

Usage: scripts/checker_apart.py [SOURCE_DIR]   (prints the checker's size; exit 1 and what is wrong)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)

# Headers the checker may reach, followed for what they include in turn.
ALLOWED = {
    "exactdp/numeric/rational.hpp", "exactdp/numeric/concepts.hpp", "exactdp/numeric/field_traits.hpp",
    "exactdp/numeric/errors.hpp",
    "exactdp/io/json_input.hpp", "exactdp/io/parse.hpp", "exactdp/io/read_text.hpp",
    "exactdp/markov/model.hpp", "exactdp/markov/explicit_model.hpp",
    "exactdp/decision/model.hpp", "exactdp/decision/model_files.hpp", "exactdp/decision/query.hpp",
    "exactdp/lang/model.hpp", "exactdp/lang/prism.hpp", "exactdp/lang/jani.hpp", "exactdp/lang/build.hpp",
    "exactdp/lang/properties.hpp", "exactdp/lang/certificate_model.hpp",
}


MAX_CODE_LINES = 1075


def includes(path):
    return re.findall(r'^#include "(exactdp/[^"]+)"', path.read_text(), re.M)


def main():
    files = sorted((ROOT / "lib/verify").glob("*.cpp")) + sorted((ROOT / "include/exactdp/verify").glob("*.hpp"))
    refused = []
    seen = set()
    todo = [(f, str(f.relative_to(ROOT))) for f in files]
    while todo:
        path, via = todo.pop()
        for header in includes(path):
            if header.startswith("exactdp/verify/"):
                continue
            if header not in ALLOWED:
                refused.append(f"{via} includes {header}")
            elif header not in seen:
                seen.add(header)
                todo.append((ROOT / "include" / header, f"{via} -> {header}"))
    wrong = [f"the checker must not include a solver's header: {r}" for r in refused]
    if not files:
        wrong.append("no checker sources found under " + str(ROOT))
    lines = code = 0
    for f in files:
        text = f.read_text().splitlines()
        lines += len(text)
        code += sum(1 for t in text if t.strip() and not t.strip().startswith("//"))
    print(f"the checker: {len(files)} files, {lines} lines in all, {code} without blank and comment lines "
          f"(at most {MAX_CODE_LINES})")
    if code > MAX_CODE_LINES:
        wrong.append(f"the checker has {code} lines without blank and comment lines, more than {MAX_CODE_LINES}: "
                     "keep it small enough to read in an hour (issue 24)")
    stated = f"{lines} lines in all, {code} without blank and comment lines"
    header = ROOT / "include/exactdp/verify/verify.hpp"
    if files and stated not in " ".join(l.lstrip("/ ") for l in header.read_text().splitlines()[:20]):
        wrong.append(f"the comment at the top of {header.relative_to(ROOT)} must state the checker's size: '{stated}'")
    for w in wrong:
        print(w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
