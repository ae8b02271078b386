#!/usr/bin/env python3
"""Writes Herman's self-stabilising ring of n processes (n odd) as PRISM
explicit files STEM.tra and STEM.lab. State s holds the bits of the n
processes; process i holds a token when its bit equals that of its left
neighbour i - 1. In one synchronous step every process with a token takes a
fresh fair bit and every other process copies its left neighbour. The label
"stable" is the states with exactly one token; state 0 (every bit 0, n
tokens) is the start. The ring is symmetric under rotation, so its exact
lumping (exactdp chain --lump) has at most about 2^n / n blocks (the
rotation classes); it has fewer (4 for n = 5, 190 for n = 13).
Usage: herman.py STEM [n] (default n = 5).
Source: Herman, "Probabilistic self-stabilization", IPL 35(2), 1990; the
benchmark set's dtmc/herman (Hartmanns, Klauck, Parker, Quatmann, Ruijters 2019).
"""
import sys
from fractions import Fraction


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: herman.py STEM [n]")
    stem = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) == 3 else 5
    if n < 3 or n % 2 == 0 or n > 21:
        sys.exit("n must be odd, from 3 to 21")
    size = 1 << n

    def bit(s, i):
        return (s >> (i % n)) & 1

    def tokens(s):
        return [i for i in range(n) if bit(s, i) == bit(s, i - 1)]

    # The coins of distinct token sets give distinct successors: a state
    # with k tokens has 2^k transitions of probability 1/2^k.
    with open(stem + ".tra", "w") as f:
        f.write(f"{size} {sum(1 << len(tokens(s)) for s in range(size))}\n")
        for s in range(size):
            held = tokens(s)
            copied = sum(bit(s, i - 1) << i for i in range(n) if bit(s, i) != bit(s, i - 1))
            p = Fraction(1, 1 << len(held))
            successors = sorted(
                copied | sum(((c >> j) & 1) << i for j, i in enumerate(held)) for c in range(1 << len(held))
            )
            f.write("".join(f"{s} {t} {p}\n" for t in successors))
    with open(stem + ".lab", "w") as f:
        f.write('0="init" 1="stable"\n0: 0\n')
        for s in range(size):
            if len(tokens(s)) == 1:
                f.write(f"{s}: 1\n")

if __name__ == "__main__":
    main()
