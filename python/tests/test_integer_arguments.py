"""One rule for every integer argument of the module (issues 21 and 25): a
Python int of any size or a numpy integer is accepted; a value the C++ type
cannot hold is a ValueError naming the argument and its range in the words
of a value inside the type but outside the function's range ("NAME must be
an integer in LO..HI, not 'V'", the tool's words); a float or a bool is a
TypeError. A modulus= is checked whatever number= is, as the tool reads
--modulus before any work. The functions are enumerated from the module
itself (their signatures), so that a new function with an integer argument
or a modulus must be listed here."""
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import exactdp

CHAIN = {"start": "a", "transitions": {"a": {"a": "1/2", "b": "1/2"}}, "absorbing": ["b"]}
DECISION = {"start": "a", "labels": {"goal": ["b"]}, "nodes": [
    {"id": "a", "kind": "max", "choices": [{"action": "go", "to": {"a": "1/2", "b": "1/2"}}]},
    {"id": "b", "kind": "terminal"}]}
PIG = exactdp.pig_strategy(5, faces=2)
MOD = dict(number="mod", modulus=998_244_353)

# A quick valid call of every function with an integer argument, all
# arguments by keyword (the one the test replaces is found by its name).
VALID = {
    "knight_probability": dict(n=3, moves=2, row=0, column=0, **MOD),
    "knight_paths": dict(n=3, moves=2, row=0, column=0, **MOD),
    "new21_probability": dict(n=6, k=1, max_pts=10, **MOD),
    "soup_servings": dict(n=50, **MOD),
    "expected_rolls_for_run": dict(k=2, faces=6, **MOD),
    "seat_probability": dict(n=5, **MOD),
    "expected_rolls_to_reach": dict(target=5, faces=6, **MOD),
    "dice_sequences": dict(n=2, roll_max=[1, 1, 2, 2, 2, 3], **MOD),
    "boundary_paths": dict(rows=2, columns=2, max_moves=2, row=0, column=0, **MOD),
    "expected_fixed_points": dict(n=3, **MOD),
    "expected_draws_to_collect": dict(n=3, **MOD),
    "expected_steps": dict(model=CHAIN, **MOD),
    "reach_probability": dict(model=CHAIN, **MOD),
    "absorption_probabilities": dict(model=CHAIN, **MOD),
    "stationary_distribution": dict(model=CHAIN, state="b", **MOD),
    "after_steps": dict(model=CHAIN, k=3, **MOD),
    "within_steps": dict(model=CHAIN, k=3, **MOD),
    "long_run": dict(model=CHAIN, **MOD),
    "optimal_decision": dict(model=DECISION, query="pmax", target="goal", **MOD),
    "pig_game": dict(target=5, faces=2, **MOD),
    "pig_strategy": dict(target=5, faces=2),
    "to_residue": dict(value=Fraction(1, 3), modulus=998_244_353),
    "set_budgets": dict(state_bytes=exactdp.get_budgets()["state_bytes"]),
    "nim": dict(heaps=[3, 4, 5]),
    "misere_nim": dict(heaps=[3, 4, 5]),
    "can_i_win": dict(max_choosable=5, desired_total=6),
    "subtraction_game": dict(n=10, moves=[1, 3]),
    "mex": dict(values=[0, 1, 3]),
    "nim_sum": dict(values=[3, 4]),
    "octal_grundy_values": dict(code="0.07", count=8),
    "subtraction_grundy_values": dict(takes=[1, 3], count=8),
    "cat_mouse": dict(graph=[[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]]),
    "cat_mouse2": dict(grid=["####F", "#C...", "M...."], cat_jump=1, mouse_jump=2, turn_limit=1000),
    "check": dict(model="dtmc\nmodule m\n  x : [0..1] init 0;\n  [] x=0 -> 1/2:(x'=1) + 1/2:(x'=0);\n"
                       "  [] x=1 -> true;\nendmodule\n", properties="P=? [ F x=1 ]", **MOD),
    "answer": dict(fn=exactdp.expected_fixed_points, n=3, modulus=998_244_353, digits=5),
    "PigSolution.turn_start": dict(i=0, j=1),
    "PigSolution.action": dict(i=0, j=1, k=2),
    "PigSolution.values": dict(i=0, j=1, k=2),
}

INTEGER_TYPES = {"int", "Optional[int]", "List[int]", "List[List[int]]"}


def signatures_of(f):
    """The parameter lists of pybind11's signatures: the first line, or for
    an overloaded function (check) each "N. name(...) -> ..." line."""
    lines = f.__doc__.splitlines()
    first = re.match(r"\w+\((.*)\) ->", lines[0])
    if first:
        return [first.group(1)]
    return [m.group(1) for line in lines if (m := re.match(r"\d+\. \w+\((.*)\) ->", line))]


def integer_parameters(f):
    """(name, type) of each integer parameter, read from pybind11's signatures."""
    params = []
    for inside in signatures_of(f):
        for part in re.split(r",\s*(?![^\[]*\])", inside):
            m = re.match(r"(\w+): ([\w\[\]\., ]+?)(?: = .*)?$", part.strip())
            if m and m.group(2) in INTEGER_TYPES and (m.group(1), m.group(2)) not in params:
                params.append((m.group(1), m.group(2)))
    return params


def functions():
    out = {}
    for name in dir(exactdp):
        f = getattr(exactdp, name)
        if callable(f) and not isinstance(f, type) and f.__doc__:
            out[name] = f
    for name in dir(exactdp.PigSolution):
        f = getattr(exactdp.PigSolution, name)
        if not name.startswith("_") and callable(f):
            out["PigSolution." + name] = f
    return out


FUNCTIONS = functions()
CASES = [(name, p, kind) for name, f in sorted(FUNCTIONS.items()) for p, kind in integer_parameters(f)]


def call(name, **kwargs):
    if name.startswith("PigSolution."):
        return getattr(PIG, name.split(".", 1)[1])(**kwargs)
    result = FUNCTIONS[name](**kwargs)
    return result.turn_start(0, 0) if isinstance(result, exactdp.PigSolution) else result


def replaced(name, param, kind, value):
    """The valid call of `name` with `value` for the integer `param` (the
    first item of a list, the first item of its first list)."""
    kwargs = dict(VALID[name])
    if kind == "List[int]":
        kwargs[param] = [value] + list(kwargs[param][1:])
    elif kind == "List[List[int]]":
        rows = [list(r) for r in kwargs[param]]
        rows[0][0] = value
        kwargs[param] = rows
    else:
        kwargs[param] = value
    label = param + ("[0]" if kind == "List[int]" else "[0][0]" if kind == "List[List[int]]" else "")
    return kwargs, label


def original(name, param, kind):
    v = VALID[name][param]
    return v[0] if kind == "List[int]" else v[0][0] if kind == "List[List[int]]" else v


def test_every_integer_argument_is_listed():
    with_integers = {name for name, _, _ in CASES}
    assert with_integers == set(VALID), "list a valid call of each function with an integer argument"
    assert len(CASES) >= 50


@pytest.mark.parametrize("name,param,kind", CASES)
def test_the_valid_call_answers(name, param, kind):
    call(name, **VALID[name])


@pytest.mark.parametrize("name,param,kind", CASES)
def test_integers_beyond_every_type_are_value_errors(name, param, kind):
    for bad in (2**64, -(2**64) - 1, 2**100, -(2**200), 2**5000):
        kwargs, label = replaced(name, param, kind, bad)
        with pytest.raises(ValueError) as e:
            call(name, **kwargs)
        message = str(e.value)
        assert type(e.value) is ValueError, message
        assert message.startswith((label + " ", "the modulus must be a prime P with 2 < P < 2^")), message
        assert re.search(r" must be (an integer in -?[\d^]+\.\.[\d^-]+|a prime P with 2 < P < 2\^(62|31) = \d+.*), "
                         r"not '(-?\d+|\(an integer of \d+ bits\)|\(a negative integer of \d+ bits\))'$",
                         message), message


@pytest.mark.parametrize("name,param,kind", CASES)
def test_numpy_integers_are_integers(name, param, kind):
    v = original(name, param, kind)
    expected = call(name, **VALID[name])
    for t in (np.int64, np.uint64, np.int32, np.uint32):
        if v > np.iinfo(t).max:
            continue
        kwargs, _ = replaced(name, param, kind, t(v))
        assert call(name, **kwargs) == expected
    # An out-of-range numpy integer is refused as a Python int is: a
    # ValueError (never the TypeError of an argument that is not an integer).
    if v >= 0 and kind == "int":
        kwargs, label = replaced(name, param, kind, np.int64(-(2**63)))
        try:
            call(name, **kwargs)
        except ValueError:
            pass


@pytest.mark.parametrize("name,param,kind", CASES)
def test_floats_are_type_errors(name, param, kind):
    kwargs, _ = replaced(name, param, kind, float(original(name, param, kind)))
    with pytest.raises(TypeError):
        call(name, **kwargs)


@settings(max_examples=200, deadline=None, database=None)
@given(case=st.sampled_from(CASES),
       bad=st.one_of(st.integers(min_value=2**64), st.integers(max_value=-(2**64) - 1)))
def test_any_integer_beyond_64_bits(case, bad):
    name, param, kind = case
    kwargs, label = replaced(name, param, kind, bad)
    with pytest.raises(ValueError, match=re.escape(label) + " "):
        call(name, **kwargs)


def test_the_message_names_the_range_of_the_type():
    limits = [1, 1, 2, 2, 2, 3]
    with pytest.raises(ValueError, match=r"^n must be an integer in -2\^31\.\.2\^31-1, not '2147483648'$"):
        exactdp.dice_sequences(2**31, limits)
    with pytest.raises(ValueError, match=r"^heaps\[1\] must be an integer in 0\.\.2\^64-1, not '-1'$"):
        exactdp.nim([1, -1])
    with pytest.raises(ValueError, match=r"^the modulus must be a prime P with 2 < P < 2\^62 = 4611686018427387904, "
                                         r"not '18446744073709551616'$"):
        exactdp.knight_probability(3, 1, 0, 0, number="mod", modulus=2**64)
    # Inside the type, the function's own range (the library's check).
    with pytest.raises(ValueError, match="the number of rolls"):
        exactdp.dice_sequences(10**9, limits)
    with pytest.raises(ValueError, match=r"^n must be an integer in -2\^31\.\.2\^31-1, not '\(an integer of 5001 bits\)'$"):
        exactdp.dice_sequences(2**5000, limits)
    with pytest.raises(ValueError, match=r"n must be an integer in -2\^31\.\.2\^31-1, not '\(a negative integer of 5001 bits\)'"):
        exactdp.dice_sequences(-(2**5000), limits)
    # A question of the catalogue names its own range, whatever the size.
    with pytest.raises(ValueError, match=r"^n \(the board size\) must be an integer in 1\.\.10\^5, not '\(an integer of 5001 bits\)'$"):
        exactdp.knight_probability(2**5000, 1, 0, 0)


def test_beyond_64_bits_in_the_words_of_a_value_in_range_of_the_type():
    """A catalogue question refuses 2**64 and 0 alike: its parameter's noun
    and range, the value quoted (the tool's words for the same text)."""
    with pytest.raises(ValueError) as small:
        exactdp.seat_probability(0)
    with pytest.raises(ValueError) as large:
        exactdp.seat_probability(2**64)
    assert str(small.value) == "n (the number of passengers) must be an integer in 1..10^6, not '0'"
    assert str(large.value) == "n (the number of passengers) must be an integer in 1..10^6, not '18446744073709551616'"
    with pytest.raises(ValueError, match=r"^k must be an integer in 0\.\.10\^12, not '-1'$"):
        exactdp.after_steps(CHAIN, -1)
    with pytest.raises(ValueError, match=r"^k must be an integer in 0\.\.10\^12, not '-18446744073709551616'$"):
        exactdp.after_steps(CHAIN, -(2**64))


@pytest.mark.parametrize("name,param,kind", CASES)
def test_bools_are_type_errors(name, param, kind):
    """True is an int in Python but never a count here: seat_probability(True)
    is refused as seat_probability(1.0) is."""
    budgets = exactdp.get_budgets()
    try:
        for b in (True, False, np.bool_(True), np.bool_(False)):
            kwargs, _ = replaced(name, param, kind, b)
            with pytest.raises(TypeError):
                call(name, **kwargs)
    finally:
        exactdp.set_budgets(**budgets)  # set_budgets(state_bytes=True) must not leave a budget of 1 byte


def modulus_functions():
    """Every function with a modulus= keyword, read from its signature."""
    return sorted(name for name, f in FUNCTIONS.items()
                  if any(re.search(r"\bmodulus: ", s) for s in signatures_of(f)))


def test_every_function_with_a_modulus_is_listed():
    assert set(modulus_functions()) <= set(VALID)
    assert len(modulus_functions()) >= 20


def refusal(name, **kwargs):
    try:
        call(name, **kwargs)
    except ValueError as e:
        return str(e)
    return None


@pytest.mark.parametrize("name", modulus_functions())
def test_a_modulus_is_checked_whatever_the_number_system(name):
    """modulus=4 is refused with number="exact" and "double" as it is with
    number="mod" (`exactdp seat 5 --modulus 4 --as exact` is refused too);
    a prime is accepted by every system that accepts it for residues."""
    kwargs = dict(VALID[name])
    systems = ("exact", "double", "mod") if "number" in kwargs else (None,)
    for p, words in ((4, "modulus 4 is not prime"), (2, "the modulus must be a prime P with 2 < P < 2^"),
                     (2**62, ", not '4611686018427387904'"), (2**64, ", not '18446744073709551616'")):
        for number in systems:
            if number:
                kwargs["number"] = number
            kwargs["modulus"] = p
            message = refusal(name, **kwargs)
            assert message is not None and words in message, (number, p, message)
    # A prime above 2^31: refused by every system of a 32-bit solver, or by none.
    big = 4_611_686_018_427_387_847
    outcomes = set()
    for number in systems:
        if number:
            kwargs["number"] = number
        kwargs["modulus"] = big
        message = refusal(name, **kwargs)
        outcomes.add(message is not None and "2 < P < 2^31 = 2147483648 (this solver computes in 32-bit residues)"
                     in message)
    assert len(outcomes) == 1, outcomes
