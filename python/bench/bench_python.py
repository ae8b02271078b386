#!/usr/bin/env python3
"""Benchmarks of the Python module (run by hand, not by ctest):

1. the cost of a Python call of a small recurrence,
   knight_probability(3, 2, 0, 0, number="mod"), against the same call from
   C++ (build/bin/bench_python_call, Google Benchmark), goal < 2 us more;
2. a Fraction with 10,000-digit numerator and denominator converted into
   C++ and back, goal < 50 us each way;
3. check() on 10^6 doubles against 10^6 exact values, against a Python loop
   over fractions.Fraction doing the same (exact relative error, ulps from the
   correctly rounded double), goal >= 20x.

Usage: PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_python.py [build/bin/bench_python_call]
"""
import json
import math
import random
import struct
import subprocess
import sys
import time
import timeit
from fractions import Fraction

import numpy as np

import exactdp


def best(stmt, number, repeat=7, **names):
    """The least time per call over `repeat` runs of `number` calls, in seconds."""
    t = timeit.Timer(stmt, globals=names).repeat(repeat=repeat, number=number)
    return min(t) / number


def cpp_figures(program):
    out = subprocess.run([program, "--benchmark_format=json", "--benchmark_repetitions=5",
                          "--benchmark_report_aggregates_only=true"], capture_output=True, text=True, check=True)
    runs = json.loads(out.stdout)["benchmarks"]
    return {r["run_name"]: r["real_time"] * {"ns": 1e-9, "us": 1e-6}[r["time_unit"]]
            for r in runs if r["aggregate_name"] == "median"}


def call_overhead(program):
    py_mod = best("k(3, 2, 0, 0, number='mod')", 200_000, k=exactdp.knight_probability)
    py_dyn = best("k(3, 2, 0, 0, number='mod', modulus=998244353)", 200_000, k=exactdp.knight_probability)
    py_double = best("k(3, 2, 0, 0, number='double')", 200_000, k=exactdp.knight_probability)
    print("1. call of knight_probability(3, 2, 0, 0)")
    print(f"   Python number='mod'                    {py_mod * 1e9:8.0f} ns")
    print(f"   Python number='mod', modulus=998244353 {py_dyn * 1e9:8.0f} ns")
    print(f"   Python number='double'                 {py_double * 1e9:8.0f} ns")
    if program:
        cpp = cpp_figures(program)
        for name, py in (("knight_3x3_2_mod", py_mod), ("knight_3x3_2_dynamic_modulus", py_dyn),
                         ("knight_3x3_2_double", py_double)):
            print(f"   C++ {name:30s}     {cpp[name] * 1e9:8.0f} ns   Python - C++ = {(py - cpp[name]) * 1e9:6.0f} ns")


def conversion():
    rng = random.Random(15)
    q = Fraction(rng.randrange(10**9_999, 10**10_000), rng.randrange(10**9_999, 10**10_000) | 1)
    held = exactdp._Exact(q)
    to_cpp = best("E(q)", 2_000, E=exactdp._Exact, q=q)
    to_py = best("h.fraction()", 2_000, h=held)
    assert held.fraction() == q
    digits = (len(str(q.numerator)), len(str(q.denominator))) if sys.get_int_max_str_digits() == 0 else (
        math.floor(math.log10(q.numerator)) + 1, math.floor(math.log10(q.denominator)) + 1)
    print(f"2. a Fraction of {digits[0]}/{digits[1]} digits")
    print(f"   Fraction -> C++ (exactdp._Exact(q))    {to_cpp * 1e6:8.1f} us")
    print(f"   C++ -> Fraction (.fraction())          {to_py * 1e6:8.1f} us")


def ulps_between(a, b):
    """The ulp distance of two finite doubles, as the library counts it."""
    def key(x):
        i = struct.unpack("<q", struct.pack("<d", x))[0]
        return i if i >= 0 else -(i & 0x7FFFFFFFFFFFFFFF)
    return abs(key(a) - key(b))


def python_check(values, exact):
    ulps, relative = [], []
    for v, q in zip(values.tolist(), exact):
        ulps.append(float(ulps_between(v, float(q))))
        relative.append(float(abs((Fraction(v) - q) / q)) if q else (0.0 if v == 0 else math.inf))
    return np.array(ulps), np.array(relative)


def check_speed(n=1_000_000, loop_n=100_000):
    rng = random.Random(15)
    exact = [Fraction(rng.randrange(1, 10**18), rng.randrange(1, 10**18)) for _ in range(n)]
    values = np.array([float(q) for q in exact])
    values[::3] = np.nextafter(values[::3], np.inf)
    start = time.perf_counter()
    ulps, relative = exactdp.check(values, exact)
    ours = time.perf_counter() - start
    start = time.perf_counter()
    py_ulps, py_relative = python_check(values[:loop_n], exact[:loop_n])
    loop = (time.perf_counter() - start) * n / loop_n
    assert (py_ulps == ulps[:loop_n]).all() and (py_relative == relative[:loop_n]).all()
    print(f"3. check() on {n} doubles")
    print(f"   exactdp.check                          {ours:8.2f} s")
    print(f"   Python loop over Fraction              {loop:8.2f} s  (timed on {loop_n}, scaled)")
    print(f"   ratio                                  {loop / ours:8.1f}x")


if __name__ == "__main__":
    call_overhead(sys.argv[1] if len(sys.argv) > 1 else None)
    conversion()
    check_speed()
