#!/usr/bin/env python3
"""Writes Chutes and Ladders (the 1943 Milton Bradley board) for one player
as an exactdp JSON model.

Squares 1..100; the player starts off the board, on square 0. Each turn a
spinner gives 1..6 with probability 1/6 each; the player moves that many
squares, unless the move would pass 100, in which case the player stays put.
Landing on the bottom of a ladder climbs it, landing on the top of a chute
slides down it. Square 100 ends the game. Squares that are the foot of a
ladder or the top of a chute are never occupied at the end of a turn, so
they are not states. The expected number of spins is the expected number of
steps from square 0 until absorption in square 100.
"""
import json
from fractions import Fraction

LADDERS = {1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100}
CHUTES = {16: 6, 47: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78}
JUMPS = {**LADDERS, **CHUTES}
FINISH = 100
SPINNER = 6


def main():
    squares = [s for s in range(FINISH) if s not in JUMPS]
    rows = {}
    for s in squares:
        row = {}
        for spin in range(1, SPINNER + 1):
            t = s + spin
            if t > FINISH:
                t = s  # overshooting 100: the player stays in place
            t = JUMPS.get(t, t)
            row[t] = row.get(t, Fraction(0)) + Fraction(1, SPINNER)
        rows[str(s)] = {str(t): str(p) for t, p in sorted(row.items())}
    model = {
        "description": "Chutes and Ladders (1943 layout), one player, spinner 1..6, exact landing on 100",
        "start": "0",
        "transitions": rows,
        "absorbing": [str(FINISH)],
        "labels": {"finish": [str(FINISH)]},
    }
    print(json.dumps(model, indent=1))


if __name__ == "__main__":
    main()
