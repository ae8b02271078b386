"""The chain queries the tool has, from Python (issue 25): after_steps
(exactdp chain --query 'after K'), within_steps ('within K') and long_run
('longrun'): their exact values on chains worked by hand, and the tool's
answers, run as a process on every example chain, in the three number
systems. EXACTDP_TOOL, set by ctest, is the tool; without it the
comparisons are skipped."""
import json
import os
import pathlib
import subprocess
import sys
from fractions import Fraction

import pytest

import exactdp

TOOL = os.environ.get("EXACTDP_TOOL")
EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "markov"

TWO_SIXES = {"start": "none",
             "transitions": {"none": {"none": "5/6", "one": "1/6"}, "one": {"none": "5/6", "done": "1/6"}},
             "absorbing": ["done"]}
# Two closed classes: a cycle of period 2 and an absorbing state; rewards 2
# on the cycle.
SPLIT = {"start": "s",
         "transitions": {"s": {"a": "2/3", "z": "1/3"}, "a": {"b": "1"}, "b": {"a": "1"}},
         "absorbing": ["z"], "rewards": {"s": 5, "a": 2, "b": 2, "z": 0}}


def test_after_and_within_exact_values():
    r = exactdp.after_steps(TWO_SIXES, 2)
    assert r["distribution"] == {"none": Fraction(25, 36) + Fraction(5, 36), "one": Fraction(5, 36),
                                 "done": Fraction(1, 36)}
    assert r["target_probability"] == Fraction(1, 36) and r["method"] == "step_by_step"
    assert exactdp.after_steps(TWO_SIXES, 0)["distribution"] == {"none": 1}
    # A target does not stop the walk after K; it does within K.
    after = exactdp.after_steps(SPLIT, 2, target=["a"])
    within = exactdp.within_steps(SPLIT, 2, target=["a"])
    assert after["target_probability"] == 0  # s -> a -> b: in a after 1 and 3 steps, not 2
    assert after["distribution"] == {"b": Fraction(2, 3), "z": Fraction(1, 3)}
    assert exactdp.after_steps(SPLIT, 3, target="a")["target_probability"] == Fraction(2, 3)
    assert within["target_probability"] == Fraction(2, 3)
    assert within["distribution"] == {"a": Fraction(2, 3), "z": Fraction(1, 3)}
    assert exactdp.within_steps(TWO_SIXES, 3, start="one")["target_probability"] == Fraction(1, 6) + Fraction(
        5, 6) * Fraction(1, 6) * Fraction(1, 6)
    # Residues and doubles of the same values.
    assert exactdp.after_steps(TWO_SIXES, 2, number="mod")["target_probability"] == exactdp.to_residue(
        Fraction(1, 36))
    assert exactdp.within_steps(TWO_SIXES, 2, number="double")["target_probability"] == pytest.approx(1 / 36)


def test_long_run_exact_values():
    r = exactdp.long_run(SPLIT)
    assert r["classes"] == [{"states": ["a", "b"], "period": 2}, {"states": ["z"], "period": 1}]
    assert r["class_probability"] == [Fraction(2, 3), Fraction(1, 3)]
    assert r["stationary"] == [{"a": Fraction(1, 2), "b": Fraction(1, 2)}, {"z": 1}]
    assert r["distribution"] == {"a": Fraction(1, 3), "b": Fraction(1, 3), "z": Fraction(1, 3)}
    assert r["average_reward"] == Fraction(4, 3)
    assert exactdp.long_run(SPLIT, start="z")["distribution"] == {"z": 1}
    m = exactdp.long_run(SPLIT, number="mod", modulus=998_244_353)
    assert m["average_reward"] == exactdp.to_residue(Fraction(4, 3), 998_244_353)


def test_k_is_an_integer_argument_with_the_tools_range():
    with pytest.raises(ValueError, match=r"^k must be an integer in 0\.\.10\^12, not '1000000000001'$"):
        exactdp.after_steps(TWO_SIXES, 10**12 + 1)
    with pytest.raises(ValueError, match=r"^k must be an integer in 0\.\.10\^12, not '-1'$"):
        exactdp.within_steps(TWO_SIXES, -1)
    with pytest.raises(ValueError, match=r"2 < P < 2\^31 = 2147483648 \(this solver computes in 32-bit residues\)"):
        exactdp.long_run(TWO_SIXES, number="mod", modulus=4_611_686_018_427_387_847)
    # A large K is cheap for double and residues (repeated squaring).
    r = exactdp.after_steps(TWO_SIXES, 10**12, number="double")
    assert r["method"] == "repeated_squaring" and r["target_probability"] == pytest.approx(1.0)


def example_chains():
    out = []
    for path in sorted(EXAMPLES.glob("*.json")):
        try:
            exactdp.load_markov_model(str(path))
        except ValueError:
            continue  # the examples of refusals
        out.append(path)
    assert len(out) >= 8
    return out


def tool(*args):
    r = subprocess.run([TOOL, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def same_value(answer, exact, double, residue):
    assert Fraction(answer["exact"]) == exact
    assert answer["mod"] == residue
    assert float(answer["double"]) == double or abs(float(answer["double"]) - double) <= 1e-12 * abs(double)


def per_state(doc):
    return {a["state"]: a for a in doc["answers"]}


@pytest.mark.skipif(not TOOL, reason="EXACTDP_TOOL names the command-line tool (ctest sets it)")
@pytest.mark.parametrize("path", example_chains(), ids=lambda p: p.name)
def test_the_tool_and_python_agree_on_every_example(path):
    # The exact values of the ill-conditioned chain pass Python's default
    # limit of 4300 digits for reading an int from text.
    digits = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        compare_with_the_tool(path)
    finally:
        sys.set_int_max_str_digits(digits)


def compare_with_the_tool(path):
    model = exactdp.load_markov_model(str(path))
    target = model.states[-1]
    for k in (0, 1, 7):
        runs = [exactdp.after_steps(model, k, number=n) for n in ("exact", "double", "mod")]
        answers = per_state(tool("chain", str(path), "--query", f"after {k}"))
        assert set(answers) == set(runs[0]["distribution"])
        for s, a in answers.items():
            same_value(a, *(r["distribution"][s] for r in runs))
        for query, call in (("after", exactdp.after_steps), ("within", exactdp.within_steps)):
            runs = [call(model, k, target=[target], number=n) for n in ("exact", "double", "mod")]
            doc = tool("chain", str(path), "--query", f"{query} {k}", "--target", target)
            same_value(doc, *(r["target_probability"] for r in runs))
            assert doc["method"] == runs[0]["method"].replace("_", " ")
    runs = [exactdp.long_run(model, number=n) for n in ("exact", "double", "mod")]
    doc = tool("chain", str(path), "--query", "longrun")
    answers = per_state(doc)
    assert set(answers) == set(runs[0]["distribution"])
    for s, a in answers.items():
        same_value(a, *(r["distribution"][s] for r in runs))
    same_value(doc["average_reward"], *(r["average_reward"] for r in runs))
    assert [{"states": c["states"], "period": c["period"]} for c in doc["classes"]] == runs[0]["classes"]
    assert [Fraction(c["probability"]) for c in doc["classes"]] == runs[0]["class_probability"]
