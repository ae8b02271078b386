#!/usr/bin/env python3
"""Writes gambler's ruin as an exactdp JSON model: a gambler with `start`
units bets one unit at a time, winning with probability p, until reaching 0
(ruin) or `target` (win). Usage: gamblers_ruin.py [p start target]
(default 2/5 3 10). With q = 1 - p and r = q/p != 1, the probability of
winning from i is (r^i - 1) / (r^target - 1).
"""
import json
import sys
from fractions import Fraction


def main():
    args = sys.argv[1:]
    p = Fraction(args[0]) if args else Fraction(2, 5)
    start = int(args[1]) if len(args) > 1 else 3
    target = int(args[2]) if len(args) > 2 else 10
    if not (0 < p < 1 and 0 < start < target):
        sys.exit("need 0 < p < 1 and 0 < start < target")
    q = 1 - p
    rows = {str(i): {str(i + 1): str(p), str(i - 1): str(q)} for i in range(1, target)}
    model = {
        "description": f"Gambler's ruin: win each bet with probability {p}, from {start} until 0 or {target}",
        "start": str(start),
        "transitions": rows,
        "absorbing": ["0", str(target)],
        "labels": {"win": [str(target)], "ruin": ["0"]},
    }
    print(json.dumps(model, indent=1))


if __name__ == "__main__":
    main()
