"""Every question of the catalogue (exactdp/api/question.hpp) asked through
both front ends: the tool as a process and the module's function made from
the same record give the same value in every number system, and the same
refusal of an argument out of range, word for word but for how each front
end names the argument (K (the run length) / k (the run length), --faces /
faces). EXACTDP_TOOL, set by ctest, is the command-line tool; without it
these tests are skipped."""
import os
import subprocess
from fractions import Fraction

import pytest

import exactdp

TOOL = os.environ.get("EXACTDP_TOOL")
pytestmark = pytest.mark.skipif(not TOOL, reason="EXACTDP_TOOL names the command-line tool (ctest sets it)")

CATALOGUE = exactdp._catalogue()
NAMES = [q["name"] for q in CATALOGUE]


def tool_line(q, values):
    """The tool's command line for the values (a parameter with a default is an option)."""
    line = [q["name"]]
    for p, v in zip(q["parameters"], values):
        line += [p["tool"], str(v)] if p["default"] is not None else [str(v)]
    return line


def tool(*args):
    return subprocess.run([TOOL, *args], capture_output=True, text=True, check=False)


def test_the_catalogue_is_listed():
    assert {"run", "knight", "knight-paths", "coupon", "fixed-points", "rolls-to-reach", "boundary-paths", "soup",
            "new21", "seat"} <= set(NAMES)
    for q in CATALOGUE:
        assert callable(getattr(exactdp, q["python"]))


@pytest.mark.parametrize("name", NAMES)
def test_the_same_value(name):
    q = CATALOGUE[NAMES.index(name)]
    f = getattr(exactdp, q["python"])
    lows = [p["low"] if p["default"] is None else p["default"] for p in q["parameters"]]
    for values in (q["example"], lows):
        line = tool_line(q, values)
        exact = tool(*line, "--as", "exact")
        assert exact.returncode == 0, exact.stderr
        value = f(*values)
        assert isinstance(value, int if q["counts"] else Fraction)
        assert exact.stdout.strip() == str(value)
        for modulus in (1_000_000_007, 998_244_353, 3):
            mod = tool(*line, "--as", "mod", "--modulus", str(modulus))
            if modulus == 3 and mod.returncode == 1:
                # The value has no residue modulo 3 (49/36): the same refusal in both.
                with pytest.raises(exactdp.DomainError) as e:
                    f(*values, number="mod", modulus=modulus)
                assert mod.stderr.strip().removeprefix("exactdp: error: ") == str(e.value)
                assert "no residue modulo 3" in str(e.value)
                continue
            assert mod.returncode == 0, mod.stderr
            assert int(mod.stdout) == f(*values, number="mod", modulus=modulus)
        double = tool(*line, "--as", "double")
        assert double.returncode == 0, double.stderr
        assert float(double.stdout) == f(*values, number="double")


def refused_alike(q, values, at):
    p = q["parameters"][at]
    t = tool(*tool_line(q, values))
    assert t.returncode == 2, t.stderr
    assert t.stderr.startswith("exactdp: error: ")
    tool_message = t.stderr.strip().removeprefix("exactdp: error: ")
    with pytest.raises(ValueError) as e:
        getattr(exactdp, q["python"])(*values)
    python_message = str(e.value)
    assert tool_message.startswith(p["tool_refusal"] + " "), tool_message
    assert python_message.startswith(p["python_refusal"] + " "), python_message
    assert tool_message.removeprefix(p["tool_refusal"]) == python_message.removeprefix(p["python_refusal"])
    return python_message


@pytest.mark.parametrize("name", NAMES)
def test_the_same_refusal(name):
    q = CATALOGUE[NAMES.index(name)]
    for at, p in enumerate(q["parameters"]):
        # Beyond 64 bits too: the tool reads the text, Python the int, in the same words.
        for bad in (p["low"] - 1, p["high"] + 1, -(2**63), 2**63 - 1, 2**64, -(2**64) - 1, 2**199):
            values = list(q["example"])
            values[at] = bad
            message = refused_alike(q, values, at)
            assert "must be an integer in" in message and f"not '{bad}'" in message


def test_seat_is_a_half_from_two_passengers():
    assert exactdp.seat_probability(1) == 1
    for n in (2, 3, 10, 1000):
        assert exactdp.seat_probability(n) == Fraction(1, 2)
        assert exactdp.seat_probability(n, number="double") == 0.5
        assert exactdp.seat_probability(n, number="mod", modulus=998_244_353) == (998_244_353 + 1) // 2
    # The run divides by 3 at n = 3: the residue comes from the exact value, as in the tool.
    assert exactdp.seat_probability(3, number="mod", modulus=3) == 2
    r = tool("seat", "3", "--modulus", "3")
    assert "from the exact value" in r.stdout


@pytest.mark.parametrize("modulus,error", [(3, exactdp.DomainError), (4, ValueError)])
def test_the_same_failure_of_a_residue(modulus, error):
    # 65/81 has no residue modulo 3 (DomainError, the tool's status 1); 4 is
    # no prime (bad input: ValueError, status 2): the same words in both.
    t = tool("new21", "5", "4", "3", "--as", "mod", "--modulus", str(modulus))
    assert t.returncode == (1 if error is exactdp.DomainError else 2), t.stderr
    with pytest.raises(error) as e:
        exactdp.new21_probability(5, 4, 3, number="mod", modulus=modulus)
    assert t.stderr.strip().removeprefix("exactdp: error: ") == str(e.value)


@pytest.mark.parametrize("name", NAMES)
def test_a_modulus_is_checked_in_every_system_alike(name):
    """`exactdp seat 5 --modulus 4 --as exact` is refused before any work;
    so is seat_probability(5, modulus=4), in the same words."""
    q = CATALOGUE[NAMES.index(name)]
    f = getattr(exactdp, q["python"])
    for system in ("exact", "double", "mod"):
        t = tool(*tool_line(q, q["example"]), "--as", system, "--modulus", "4")
        assert t.returncode == 2, t.stderr
        with pytest.raises(ValueError) as e:
            f(*q["example"], number=system, modulus=4)
        assert t.stderr.strip().removeprefix("exactdp: error: ") == str(e.value)
        assert str(e.value).startswith("modulus 4 is not prime")
