#!/usr/bin/env python3
"""Keeps the examples in docs/*.md true.

1. Console blocks: every line of a ```console block that starts with
   "$ exactdp ..." is run with the built tool, from the repository root (so
   "examples/..." paths work), and the lines below it (up to the next "$ "
   line or the end of the block) are replaced by what it printed (stdout, then
   stderr, then "[exit N]" for a non-zero status).
2. File blocks: a fenced block right after a line
       <!-- file: examples/library/main.cpp -->
   holds that file (path from the repository root) verbatim: its body is
   replaced by the file's text.
3. Pictures: a command of a console block that writes "--plot docs/...svg"
   writes that picture (docs/pictures.md shows them); with --check it draws
   into a temporary file instead, and a picture that differs has drifted.

Usage: scripts/docs.py TOOL [--check] [FILES...]
  --check   change nothing; exit 1 and list the files whose examples drifted.
"""
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILE_MARKER = re.compile(r"^<!-- file: (\S+) -->$")


CHECK = False
PICTURES_DRIFTED = []


def run(tool, command):
    args = shlex.split(command)[1:]  # drop "exactdp"
    picture, temporary = None, None
    if "--plot" in args and args.index("--plot") + 1 < len(args):
        at = args.index("--plot") + 1
        if args[at].startswith("docs/") and CHECK:
            picture = args[at]
            temporary = tempfile.NamedTemporaryFile(suffix=".svg", delete=False).name
            args[at] = temporary
    p = subprocess.run([tool] + args, capture_output=True, text=True, timeout=120, cwd=ROOT)
    stdout, stderr = p.stdout, p.stderr
    if temporary:
        stdout, stderr = stdout.replace(temporary, picture), stderr.replace(temporary, picture)
        drawn = pathlib.Path(temporary)
        kept = ROOT / picture
        if not kept.is_file() or not drawn.is_file() or drawn.read_bytes() != kept.read_bytes():
            PICTURES_DRIFTED.append(picture)
        drawn.unlink(missing_ok=True)
    lines = stdout.splitlines() + stderr.splitlines()
    if p.returncode != 0:
        lines.append(f"[exit {p.returncode}]")
    return lines


def file_lines(name):
    path = (ROOT / name).resolve()
    if ROOT not in path.parents or not path.is_file():
        raise SystemExit(f"scripts/docs.py: <!-- file: {name} -->: no such file in the repository")
    text = path.read_text()
    return (text[:-1] if text.endswith("\n") else text).split("\n")


def regenerate(tool, text):
    out, in_block, lines, i = [], False, text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        marker = FILE_MARKER.match(line)
        if marker and not in_block:
            if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
                raise SystemExit(f"scripts/docs.py: {line} must be followed by a fenced block")
            out.append(line)
            out.append(lines[i + 1])
            out.extend(file_lines(marker.group(1)))
            i += 2
            while i < len(lines) and lines[i].rstrip() != "```":
                i += 1
            if i == len(lines):
                raise SystemExit(f"scripts/docs.py: the block after {line} is not closed")
            continue
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
    global CHECK
    CHECK = check
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    tool, files = str(pathlib.Path(args[0]).resolve()), args[1:]
    if not files:
        files = sorted(str(p) for p in (ROOT / "docs").glob("*.md")) + [str(ROOT / "README.md")]
    drifted = []
    for name in files:
        path = pathlib.Path(name)
        old = path.read_text()
        new = regenerate(tool, old)
        if new != old:
            drifted.append(name)
            if not check:
                path.write_text(new)
    drifted += PICTURES_DRIFTED
    if check and drifted:
        print("docs examples drifted from the tool's real output or from the files they show"
              " (run scripts/docs.py TOOL):", *drifted, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
