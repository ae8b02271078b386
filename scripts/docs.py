#!/usr/bin/env python3
"""Keeps the examples in docs/*.md true: every console block line that starts
with "$ exactdp ..." is run with the built tool, and the lines below it (up to
the next "$ " line or the end of the block) are replaced by what it printed
(stdout, then stderr, then "[exit N]" for a non-zero status).

Usage: scripts/docs.py TOOL [--check] [FILES...]
  --check   change nothing; exit 1 and list the files whose examples drifted.
"""
import pathlib
import shlex
import subprocess
import sys


def run(tool, command):
    args = shlex.split(command)[1:]  # drop "exactdp"
    p = subprocess.run([tool] + args, capture_output=True, text=True, timeout=120)
    lines = p.stdout.splitlines() + p.stderr.splitlines()
    if p.returncode != 0:
        lines.append(f"[exit {p.returncode}]")
    return lines


def regenerate(tool, text):
    out, in_block, lines, i = [], False, text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_block = line.strip() == "```console" if not in_block else False
            out.append(line)
            i += 1
            continue
        if in_block and line.startswith("$ exactdp"):
            out.append(line)
            out.extend(run(tool, line[2:]))
            i += 1
            while i < len(lines) and not lines[i].startswith("$ ") and not lines[i].startswith("```"):
                i += 1
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    check = "--check" in sys.argv
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    tool, files = args[0], args[1:]
    root = pathlib.Path(__file__).resolve().parent.parent
    if not files:
        files = sorted(str(p) for p in (root / "docs").glob("*.md")) + [str(root / "README.md")]
    drifted = []
    for name in files:
        path = pathlib.Path(name)
        old = path.read_text()
        new = regenerate(tool, old)
        if new != old:
            drifted.append(name)
            if not check:
                path.write_text(new)
    if check and drifted:
        print("docs examples drifted from the tool's real output (run scripts/docs.py TOOL):", *drifted, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
