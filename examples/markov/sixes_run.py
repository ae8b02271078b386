#!/usr/bin/env python3
"""Writes the chain "roll a fair die until six comes up K times in a row" as
an exactdp JSON model (K defaults to 2), or with --prism STEM as PRISM's
explicit files STEM.tra and STEM.lab.

State runJ is "the last J rolls were sixes"; a six moves to run J+1 (or to
done after the K-th), any other face falls back to run0. The expected number
of rolls from run0 is (6^(K+1) - 6) / 5: 6, 42, 258, 1554, 9330, 55986.
"""
import json
import sys


def transitions(k):
    rows = {}
    for j in range(k):
        six = "done" if j + 1 == k else f"run{j + 1}"
        rows[f"run{j}"] = {"run0": "5/6", six: "1/6"}
    return rows


def main():
    args = sys.argv[1:]
    prism = None
    if len(args) >= 2 and args[0] == "--prism":
        prism = args[1]
        args = args[2:]
    k = int(args[0]) if args else 2
    if k < 1:
        sys.exit("K must be at least 1")
    rows = transitions(k)
    if prism is None:
        model = {
            "description": f"Roll a fair die until six comes up {k} times in a row",
            "start": "run0",
            "transitions": rows,
            "absorbing": ["done"],
            "labels": {"done": ["done"]},
        }
        print(json.dumps(model, indent=1))
        return
    names = [f"run{j}" for j in range(k)] + ["done"]
    index = {n: i for i, n in enumerate(names)}
    lines = []
    for name in names[:-1]:
        for to, p in sorted(rows[name].items(), key=lambda kv: index[kv[0]]):
            lines.append(f"{index[name]} {index[to]} {p}")
    lines.append(f"{index['done']} {index['done']} 1")  # PRISM writes an absorbing state as a self-loop
    with open(prism + ".tra", "w") as f:
        f.write(f"{len(names)} {len(lines)}\n" + "\n".join(lines) + "\n")
    with open(prism + ".lab", "w") as f:
        f.write('0="init" 1="deadlock" 2="done"\n')
        f.write("0: 0\n")
        f.write(f"{index['done']}: 2\n")


if __name__ == "__main__":
    main()
