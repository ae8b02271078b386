"""Markov chains from dicts: every query against a dense solve with
fractions.Fraction on random absorbing chains, in the three number systems."""
import math
import random
from fractions import Fraction

import pytest

import exactdp
import oracles


def random_chain(rng, n, absorbing):
    """A chain of n transient states s0.. and `absorbing` states a0.., every
    transient state reaching an absorbing one (s_i can always move to s_{i+1}
    and the last to a0), with small random probabilities."""
    transient = [f"s{i}" for i in range(n)]
    ends = [f"a{j}" for j in range(absorbing)]
    transitions = {}
    for i, s in enumerate(transient):
        targets = rng.sample(transient + ends, rng.randint(1, min(4, n + absorbing)))
        forward = transient[i + 1] if i + 1 < n else ends[0]
        if forward not in targets:
            targets.append(forward)
        weights = [rng.randint(1, 5) for _ in targets]
        total = sum(weights)
        transitions[s] = {t: str(Fraction(w, total)) for t, w in zip(targets, weights)}
    model = {"start": "s0", "transitions": transitions, "absorbing": ends}
    return model, transient, ends


def dense(model, transient, ends):
    """Expected steps and absorption probabilities from s0 by (I - Q) x = b."""
    index = {s: i for i, s in enumerate(transient)}
    n = len(transient)
    a = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    for s, row in model["transitions"].items():
        for t, p in row.items():
            if t in index:
                a[index[s]][index[t]] -= Fraction(p)
    steps = oracles.solve_linear(a, [Fraction(1)] * n)[0]
    absorb = {}
    for e in ends:
        b = [Fraction(model["transitions"][s].get(e, 0)) for s in transient]
        absorb[e] = oracles.solve_linear(a, b)[0]
    return steps, absorb


@pytest.mark.parametrize("seed", range(20))
def test_random_chains(seed):
    rng = random.Random(seed)
    model, transient, ends = random_chain(rng, rng.randint(1, 7), rng.randint(1, 3))
    steps, absorb = dense(model, transient, ends)
    assert exactdp.expected_steps(model) == steps
    assert math.isclose(exactdp.expected_steps(model, number="double"), steps, rel_tol=1e-12)
    assert exactdp.expected_steps(model, number="mod") == exactdp.to_residue(steps)
    assert exactdp.expected_steps(model, number="mod", modulus=998_244_353) == exactdp.to_residue(steps, 998_244_353)
    r = exactdp.absorption_probabilities(model)
    assert r["stopped"] == {e: p for e, p in absorb.items() if p}
    assert r["target_probability"] == 1 and r["never"] == 0 and r["closed_state"] is None
    assert exactdp.reach_probability(model, target="a0") == absorb["a0"]
    double = exactdp.absorption_probabilities(model, number="double")["stopped"]
    for e, p in r["stopped"].items():
        assert math.isclose(double[e], p, rel_tol=1e-12)


def test_two_sixes_and_a_model_object():
    # Rolls of a die until two sixes in a row: 42 (Feller).
    m = exactdp.markov_model({"start": "none", "transitions": {
        "none": {"none": "5/6", "one": "1/6"}, "one": {"none": "5/6", "done": Fraction(1, 6)}}, "absorbing": ["done"]})
    assert m.size == 3 and m.start == "none" and set(m.states) == {"none", "one", "done"}
    assert exactdp.expected_steps(m) == 42
    assert exactdp.expected_steps(m, start="one") == 36


def test_stationary_distribution():
    # A two-state chain: stationary (q/(p+q), p/(p+q)) for p = 1/3 out of x, q = 1/4 out of y.
    model = {"start": "x", "transitions": {"x": {"x": "2/3", "y": "1/3"}, "y": {"x": "1/4", "y": "3/4"}}}
    assert exactdp.stationary_distribution(model) == {"x": Fraction(3, 7), "y": Fraction(4, 7)}
    assert exactdp.stationary_distribution(model, number="mod") == {
        "x": exactdp.to_residue(Fraction(3, 7)), "y": exactdp.to_residue(Fraction(4, 7))}


def test_markov_errors(tmp_path):
    with pytest.raises(ValueError, match="sum"):
        exactdp.markov_model({"start": "a", "transitions": {"a": {"a": "1/2"}}})
    with pytest.raises(TypeError):
        exactdp.markov_model({"start": "a", "transitions": {"a": {"a": 1.0}}})
    loop = {"start": "a", "transitions": {"a": {"a": "1/2", "b": "1/2"}, "b": {"a": "1"}, "c": {"c": "1"}}}
    with pytest.raises(exactdp.InfiniteValueError, match="absorption is not certain"):  # infinite expectation
        exactdp.expected_steps(loop, target="c")
    with pytest.raises(ValueError, match="not a state"):
        exactdp.expected_steps(loop, start="zz")
    with pytest.raises(ValueError, match=r"2 < P < 2\^31 = 2147483648 \(this solver computes in 32-bit residues\)"):
        exactdp.expected_steps(loop, number="mod", modulus=4_611_686_018_427_387_847)
    path = tmp_path / "chain.json"
    path.write_text('{"start": "a", "transitions": {"a": {"a": "1/2", "done": "1/2"}}, "absorbing": ["done"]}')
    assert exactdp.expected_steps(exactdp.load_markov_model(str(path))) == 2
    with pytest.raises(ValueError):
        exactdp.load_markov_model(str(tmp_path / "missing.json"))


def test_numbers_longer_than_pythons_text_limit():
    # Python writes at most 4300 digits of an int as text by default; a
    # model's exact numbers may be longer.
    tiny = Fraction(1, 10**5000)
    model = {"start": "a", "transitions": {"a": {"a": tiny, "b": 1 - tiny}}, "absorbing": ["b"]}
    import sys
    limit = sys.get_int_max_str_digits()
    assert exactdp.expected_steps(model) == 1 / (1 - tiny)
    assert sys.get_int_max_str_digits() == limit  # the limit is restored
