"""A double answer that comes out nan is no value (issue 25): the tool says
why on the double's line (status 1 when the double alone is asked for) and
the module raises exactdp.DomainError with the same words, where an
overflow is an answer (inf) in both. Each input of the issue runs here as a
process of the tool (EXACTDP_TOOL, set by ctest) and through the module."""
import json
import os
import pathlib
import subprocess

import pytest

import exactdp

TOOL = os.environ.get("EXACTDP_TOOL")
ROOT = pathlib.Path(__file__).resolve().parents[2]
DUEL = str(ROOT / "examples" / "decision" / "duel.json")
WHY = "the double computation gave nan (not a number): a value beyond the largest double became infinity and then " \
      "met inf - inf or 0 * inf on the way; "
needs_tool = pytest.mark.skipif(not TOOL, reason="EXACTDP_TOOL names the command-line tool (ctest sets it)")


def run(*args):
    return subprocess.run([TOOL, *args], capture_output=True, text=True, check=False)


# Half to a payoff of -10^400, half to a payoff of 10^400: exactly 0, and
# -inf/2 + inf/2 = nan in double. (The duel with a default of 10^400 was the
# nan of the issue, but only because the solver shifted the payoffs by the
# default; a default beyond the largest double is now refused in double.)
INFINITIES = {
    "start": "start",
    "nodes": [
        {"id": "start", "kind": "chance", "children": ["loss", "win"], "probabilities": ["1/2", "1/2"]},
        {"id": "loss", "kind": "terminal", "payoff": "-1e400"},
        {"id": "win", "kind": "terminal", "payoff": "1e400"},
    ],
}


@needs_tool
def test_the_tool_says_why_a_double_is_nan(tmp_path):
    model = tmp_path / "infinities.json"
    model.write_text(json.dumps(INFINITIES))
    r = run("game", str(model), "--query", "payoff", "--as", "double")
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr == "exactdp: error: " + WHY + "--as exact computes without that limit\n"
    r = run("game", str(model), "--query", "payoff")
    assert r.returncode == 0 and "nan" not in r.stdout.replace(WHY, "")
    assert "  double  unavailable: " + WHY in r.stdout and "  exact   0\n" in r.stdout
    r = run("game", DUEL, "--query", "payoff", "--default", "1e400", "--as", "double")
    assert r.returncode == 1 and "is beyond the largest double" in r.stderr
    r = run("dice-sequences", "100000000", "1", "1", "2", "2", "2", "3")
    assert r.returncode == 0, r.stderr
    assert "  double  unavailable: " + WHY in r.stdout and "double nan" not in r.stdout
    assert "  mod     710863523" in r.stdout
    r = run("dice-sequences", "100000000", "1", "1", "2", "2", "2", "3", "--as", "double")
    assert r.returncode == 1 and WHY in r.stderr


def test_python_says_why_a_double_is_nan():
    with pytest.raises(exactdp.DomainError) as e:
        exactdp.optimal_decision(INFINITIES, "payoff", number="double")
    assert str(e.value) == WHY + 'number="exact" computes without that limit'
    assert exactdp.optimal_decision(INFINITIES, "payoff")["value"]["start"] == 0
    duel = exactdp.load_decision_model(DUEL)
    with pytest.raises(exactdp.DomainError, match="beyond the largest double"):
        exactdp.optimal_decision(duel, "payoff", default_payoff=10**400, number="double")
    with pytest.raises(exactdp.DomainError, match=r"nan \(not a number\)"):
        exactdp.dice_sequences(100_000_000, [1, 1, 2, 2, 2, 3], number="double")
    # The exact value and the residue are still there.
    assert exactdp.optimal_decision(duel, "payoff", default_payoff=10**400)["value"]["max to shoot"] == 0.5
    assert exactdp.dice_sequences(100_000_000, [1, 1, 2, 2, 2, 3], number="mod") == 710863523


def test_an_overflow_is_still_an_answer():
    # inf is a value (the exact one is beyond the largest double, or the
    # recurrence overflowed on the way): returned, as the tool prints it.
    assert exactdp.expected_rolls_for_run(30, number="double") == float("inf")
