#!/usr/bin/env python3
"""A chain's expected steps maximised over all its states, as one MDP question.

Reads BASE.tra/BASE.lab (PRISM explicit DTMC, every state initial, e.g. the
benchmark set's Herman rings from herman_explicit.py) and writes
BASEmax.tra/.lab/.srew: a PRISM explicit MDP with one new state S (= the
number of states), whose S choices each lead to one state with probability
1. Rmax from S (reward 1 a step in the old states, 0 in S) is the maximum
over the states of the expected steps to the target, the benchmark set's
filter(max, R=? [F "stable"], "init"):

    scripts/herman_max_mdp.py h13
    exactdp mdp h13max.tra --query rmax --target stable --start 8192 --max-work 1e12

Usage: scripts/herman_max_mdp.py BASE
"""
import sys
base = sys.argv[1]
lines = open(base + '.tra').read().split('\n')
S, T = map(int, lines[0].split())
out = open(base + 'max.tra', 'w')
out.write(f'{S+1} {2*S} {T+S}\n')
for l in lines[1:]:
    if not l: continue
    s, t, p = l.split()
    out.write(f'{s} 0 {t} {p}\n')
for s in range(S):
    out.write(f'{S} {s} {s} 1\n')
out.close()
lab = open(base + '.lab').read().split('\n')
o = open(base + 'max.lab', 'w')
o.write('0="init" 1="stable"\n')
for l in lab[1:]:
    if not l: continue
    s, rest = l.split(':')
    labs = [x for x in rest.split() if x != '0']
    if labs: o.write(f'{s}: {" ".join(labs)}\n')
o.write(f'{S}: 0\n')
o.close()
r = open(base + 'max.srew', 'w')
r.write(f'{S+1} {S}\n')
for s in range(S): r.write(f'{s} 1\n')
r.close()
