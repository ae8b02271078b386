#!/usr/bin/env python3
"""Checks that every command's --json output has exactly the keys docs/json.md lists.

docs/json.md has one section per command, headed "### `NAME`", with a table
of keys (| key | type | present | meaning |) and a console block of examples
("$ exactdp NAME ... --json"). A row whose key is *answer* stands for the
rows of the table under "## The answer keys", *answers* for those rows
inside every item of "answers". Nested keys are written with dots
("error.ulps"), keys inside the objects of a list with [] ("line[].cat").

For every section this runs every example and checks, on the parsed JSON:
  - every key of the output is documented (a renamed key fails);
  - every key documented "always" is in every output of the command;
  - every documented key appears in at least one example (no dead keys);
  - every value has one of the documented types (string, number, boolean,
    null, array, object; "string, null" allows both).
It also checks that every command of `exactdp --help` has a section, and the
error document under "## Errors".

Usage: scripts/json_keys.py TOOL     (exit 1 and a list of faults on failure)
"""
import json
import pathlib
import re
import shlex
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TYPES = {str: "string", bool: "boolean", int: "number", float: "number", type(None): "null", list: "array",
         dict: "object"}


def table_rows(lines):
    rows = []
    for line in lines:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or cells[0] in ("key", "") or set(cells[0]) <= set("-: "):
            continue
        rows.append((cells[0].strip("`"), [t.strip() for t in cells[1].split(",") if t.strip()], cells[2]))
    return rows


def sections(text):
    """{name: (table rows, example commands)} for "### `name`" and "## ..." sections."""
    out, name, body = {}, None, []
    for line in text.split("\n") + ["## end"]:
        m = re.match(r"^###? `?([^`]+?)`?\s*$", line)
        if m:
            if name:
                rows = table_rows([l for l in body if l.startswith("|")])
                examples = [l[2:] for l in body if l.startswith("$ exactdp")]
                out[name] = (rows, examples)
            name, body = m.group(1), []
        else:
            body.append(line)
    return out


def flatten(value, prefix, out):
    """{dotted key: [values]} of every key in value."""
    if isinstance(value, dict):
        for k, v in value.items():
            key = f"{prefix}.{k}" if prefix else k
            out.setdefault(key, []).append(v)
            flatten(v, key, out)
    elif isinstance(value, list):
        for v in value:
            if isinstance(v, dict):
                flatten(v, prefix + "[]", out)


RESIDUE_KEYS = ("mod", "modulus", "mod_note", "failures.mod")


def expand(rows, answer_rows):
    """The section's rows with *answer* and *answers* replaced by the answer
    keys. In their row, the type column "no residue" drops the residue keys,
    and a condition in the present column makes every answer key optional.
    Returns (rows, the set of keys that came from the answer table)."""
    full, from_answer = [], set()
    for key, types, present in rows:
        if key.endswith("*answer*") or key == "*answers*":
            # "*answer*" at the top, "*answers*" in each item of answers,
            # "name.*answer*" inside the object name.
            prefix = "answers[]." if key == "*answers*" else key[: -len("*answer*")]
            for k, t, p in answer_rows:
                if "no residue" in types and k in RESIDUE_KEYS:
                    continue
                if p.startswith("always") and p != "always":  # "always, when residues are offered"
                    p = "always"
                full.append((prefix + k, t, present if present else p))
                from_answer.add(prefix + k)
        else:
            full.append((key, types, present))
    return full, from_answer


def check_command(tool, name, rows, from_answer, examples, faults, answer_seen):
    if not examples:
        faults.append(f"{name}: no example")
        return
    seen = {}
    for example in examples:
        args = shlex.split(example)[1:]
        p = subprocess.run([tool] + args, capture_output=True, text=True, timeout=120, cwd=ROOT)
        try:
            doc = json.loads(p.stdout)
        except json.JSONDecodeError:
            faults.append(f"{name}: '{example}' did not print one JSON document: {p.stdout[:200]!r} {p.stderr[:200]!r}")
            continue
        if not isinstance(doc, dict):
            faults.append(f"{name}: '{example}' printed a {type(doc).__name__}, not an object")
            continue
        keys = {}
        flatten(doc, "", keys)
        documented = {k: (t, pr) for k, t, pr in rows}
        for key, values in keys.items():
            if key not in documented:
                faults.append(f"{name}: '{example}' has the key {key}, which docs/json.md does not list")
                continue
            for v in values:
                if TYPES[type(v)] not in documented[key][0]:
                    faults.append(f"{name}: '{example}': {key} is a {TYPES[type(v)]}, documented as "
                                  f"{', '.join(documented[key][0])}")
            seen.setdefault(key, 0)
            seen[key] += 1
        for key, (types, present) in documented.items():
            parent = key.rsplit(".", 1)[0] if "." in key else ""
            parent_is_object = not parent or any(isinstance(v, dict) for v in keys.get(parent, []))
            if present == "always" and key not in keys and parent_is_object:
                faults.append(f"{name}: '{example}' lacks the key {key}, documented as always present")
    for key, _, _ in rows:
        if key in from_answer:
            if key in seen:
                answer_seen.add(key.replace("answers[].", ""))
        elif key not in seen:
            faults.append(f"{name}: the documented key {key} appears in none of the examples")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    tool = str(pathlib.Path(sys.argv[1]).resolve())
    secs = sections((ROOT / "docs" / "json.md").read_text())
    faults = []
    answer_rows = secs.get("The answer keys", ([], []))[0]
    if not answer_rows:
        faults.append("docs/json.md has no table under '## The answer keys'")
    helptext = subprocess.run([tool, "--help"], capture_output=True, text=True).stdout
    commands = re.findall(r"^  ([a-z0-9-]+)\s", helptext.split("--version")[-1], re.M)
    for command in commands:
        if command not in secs:
            faults.append(f"docs/json.md has no section '### `{command}`'")
    answer_seen = set()
    for name, (rows, examples) in secs.items():
        if name in ("The answer keys", "end") or not rows:
            continue
        full, from_answer = expand(rows, answer_rows)
        check_command(tool, name, full, from_answer, examples, faults, answer_seen)
    for key, _, _ in answer_rows:
        if key not in answer_seen:
            faults.append(f"the answer key {key} appears in no example of any command")
    for fault in faults:
        print(fault)
    if faults:
        print(f"{len(faults)} faults between docs/json.md and the tool's --json output")
        return 1
    print(f"{len(commands)} commands: every --json key is documented in docs/json.md, with its type")
    return 0


if __name__ == "__main__":
    sys.exit(main())
