"""exactdp.answer: a function of the module answered in every number system
with the double's error and the measure of a caller's value, by the
library's compute_answer: the same numbers and words as the tool's answer
lines (the tool run as a process) and as the function called alone."""
import json
import math
import os
import subprocess
from fractions import Fraction

import pytest

import exactdp

TOOL = os.environ.get("EXACTDP_TOOL")


def test_every_system_agrees_with_the_function_called_alone():
    for fn, args in [(exactdp.knight_probability, (3, 2, 0, 0)), (exactdp.expected_draws_to_collect, (7,)),
                     (exactdp.new21_probability, (21, 17, 10)), (exactdp.knight_paths, (8, 6, 0, 0))]:
        a = exactdp.answer(fn, *args)
        assert a["exact"] == fn(*args)
        assert a["double"] == fn(*args, number="double")
        assert a["mod"] == fn(*args, number="mod")
        assert a["modulus"] == exactdp.DEFAULT_MODULUS
        assert a["mod"] == exactdp.to_residue(Fraction(a["exact"]), exactdp.DEFAULT_MODULUS)
        assert a["failures"] == {}
        assert a["double_error"]["ulps"] == exactdp.ulp_distance(a["double"], a["exact"])
        assert "check" not in a


def test_the_double_error_is_measured_exactly():
    # 137/12 in double is 1 ulp from the correctly rounded value (the sum of n/k rounds on the way).
    a = exactdp.answer(exactdp.expected_draws_to_collect, 5, digits=30)
    assert a["exact"] == Fraction(137, 12)
    err = a["double_error"]
    assert err["finite"] and err["ulps"] == 1
    assert Fraction(err["absolute"]) == abs(Fraction(a["double"]) - Fraction(137, 12)) or err["absolute"] == float(
        abs(Fraction(a["double"]) - Fraction(137, 12)))
    assert err["relative"] == pytest.approx(float(abs(Fraction(a["double"]) - Fraction(137, 12)) / Fraction(137, 12)))
    assert a["decimal"] == "11.4166666666666666666666666667"
    assert "1 ulp from the correctly rounded 11.416666666666666" in err["words"]


def test_a_value_of_ones_own_is_measured():
    a = exactdp.answer(exactdp.knight_probability, 3, 2, 0, 0, check=0.0625)
    assert a["check"]["ulps"] == 0 and a["check"]["words"] == "none: the double is exactly the exact value"
    off = exactdp.answer(exactdp.expected_draws_to_collect, 5, check="11.4166")
    assert off["check"]["value"] == "11.4166"
    assert off["check"]["relative"] == pytest.approx(float((Fraction(137, 12) - Fraction("11.4166")) / Fraction(137, 12)))
    assert off["check"]["ulps"] > 10**9
    assert exactdp.answer(exactdp.expected_draws_to_collect, 5, check=Fraction(137, 12))["check"]["ulps"] == 0
    # Below the smallest double, the error is still measured (the tool's knight 3 538 0 0 --check 42).
    tiny = exactdp.answer(exactdp.knight_probability, 3, 538, 0, 0, check=42)
    assert tiny["double"] == 0.0
    assert "underflows double" in tiny["check"]["words"] and "absolute error 42" in tiny["check"]["words"]


def test_a_system_that_fails_keeps_its_reason_and_the_others_answer():
    a = exactdp.answer(exactdp.new21_probability, 6, 1, 10, modulus=5)  # 3/5 has no residue mod 5
    assert a["mod"] is None and "modulo 5" in a["failures"]["mod"]
    assert a["exact"] == Fraction(3, 5) and a["double"] == 0.6

    def flaky(x, number="exact", modulus=None):
        if number == "double":
            raise ArithmeticError("no double today")
        return Fraction(x) if number == "exact" else exactdp.to_residue(Fraction(x), modulus)

    b = exactdp.answer(flaky, 7)
    assert b["double"] is None and b["failures"] == {"double": "ArithmeticError: no double today"}
    assert b["exact"] == 7 and b["mod"] == 7


def test_an_infinite_value_is_the_answer_inf_in_every_system():
    # From a the walk may fall into c and never reach "b": infinite expected steps.
    model = {"start": "a", "transitions": {"a": {"b": "1/2", "c": "1/2"}, "c": {"c": "1"}}, "absorbing": ["b"]}
    a = exactdp.answer(exactdp.expected_steps, model, target="b", check="inf")
    assert a["infinite"] is True
    assert a["exact"] == math.inf and a["double"] == math.inf and a["mod"] is None
    assert a["failures"] == {"mod": "the value is infinite, which has no residue"}
    assert "the expected reward is infinite" in a["infinite_reason"]
    assert a["check"]["words"] == "none: the value is infinite, and so is yours"
    assert exactdp.answer(exactdp.expected_steps, model, target="b", check=math.inf)["check"]["words"] == (
        "none: the value is infinite, and so is yours")
    wrong = exactdp.answer(exactdp.expected_steps, model, target="b", check=1e300)["check"]["words"]
    assert wrong.startswith("wrong: the value is infinite")
    # A finite one says it is not infinite.
    finite = exactdp.answer(exactdp.expected_steps, model, target=["b", "c"])
    assert finite["infinite"] is False and finite["exact"] == 1


def test_counts_are_ints():
    a = exactdp.answer(exactdp.knight_paths, 8, 6, 0, 0)
    assert type(a["exact"]) is int and a["exact"] == exactdp.knight_paths(8, 6, 0, 0)


def test_an_interrupt_or_bad_input_in_any_run_stops_the_answer():
    def interrupted(number="exact", modulus=None):
        if number == "double":
            raise KeyboardInterrupt
        return Fraction(1, 2) if number == "exact" else 1

    with pytest.raises(KeyboardInterrupt):
        exactdp.answer(interrupted)
    with pytest.raises(ValueError, match="modulus"):
        exactdp.answer(exactdp.knight_probability, 3, 2, 0, 0, modulus=4)  # not prime: bad input, as in the tool


def test_bad_calls_are_refused():
    with pytest.raises(ValueError, match="board size"):
        exactdp.answer(exactdp.knight_probability, -3, 2, 0, 0)  # every system fails: fn's own error
    with pytest.raises(ValueError, match="number="):
        exactdp.answer(exactdp.knight_probability, 3, 2, 0, 0, number="double")
    with pytest.raises(ValueError, match="digits"):
        exactdp.answer(exactdp.knight_probability, 3, 2, 0, 0, digits=100001)
    with pytest.raises(TypeError):
        exactdp.answer(len, [1, 2])  # no number= keyword: bad input
    with pytest.raises(ValueError, match="not one number"):
        exactdp.answer(exactdp.absorption_probabilities,
                       {"start": "a", "transitions": {"a": {"b": "1/2", "c": "1/2"}}, "absorbing": ["b", "c"]})
    for bad in (float("nan"), -math.inf):  # math.inf is +infinity, a value (an infinite answer)
        with pytest.raises(ValueError, match="finite"):
            exactdp.answer(exactdp.knight_probability, 3, 2, 0, 0, check=bad)


@pytest.mark.skipif(not TOOL, reason="EXACTDP_TOOL is not set")
def test_the_same_answer_as_the_tool():
    for fn, args, command in [(exactdp.knight_probability, (3, 538, 0, 0), ["knight", "3", "538", "0", "0"]),
                              (exactdp.expected_draws_to_collect, (5,), ["coupon", "5"])]:
        out = subprocess.run([TOOL, *command, "--check", "0.1", "--json"], capture_output=True, text=True, check=True)
        tool = json.loads(out.stdout)
        mine = exactdp.answer(fn, *args, check="0.1")
        assert Fraction(tool["exact"]) == mine["exact"]
        assert tool["mod"] == mine["mod"]
        assert tool["double_error"]["words"] == mine["double_error"]["words"]
        assert tool["check"]["words"] == mine["check"]["words"]
