"""The tool and the module ask the library the same way (exactdp::api): the
same name gives the same refusal, word for word but for how each front end
names its argument (--target / target, --start / start). EXACTDP_TOOL, set
by ctest, is the command-line tool; without it these tests are skipped."""
import json
import os
import subprocess

import pytest

import exactdp

TOOL = os.environ.get("EXACTDP_TOOL")
pytestmark = pytest.mark.skipif(not TOOL, reason="EXACTDP_TOOL names the command-line tool (ctest sets it)")

# State "1" and a label "1" holding another state: one name, two meanings.
CHAIN = {"start": "a", "transitions": {"a": {"1": "1/2", "b": "1/2"}, "1": {"a": "1"}}, "absorbing": ["b"],
         "labels": {"1": ["b"], "goal": ["b"]}}
DECISION = {"start": "a", "nodes": [
    {"id": "a", "kind": "max", "choices": [{"action": "go", "to": {"1": "1/2", "b": "1/2"}}]},
    {"id": "1", "kind": "terminal", "payoff": 0}, {"id": "b", "kind": "terminal", "payoff": 1}],
    "labels": {"1": ["b"], "goal": ["b"]}}


def tool_error(*args):
    r = subprocess.run([TOOL, *args], capture_output=True, text=True, check=False)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("exactdp: error: ")
    return r.stderr.strip().removeprefix("exactdp: error: ")


def python_error(call):
    with pytest.raises(ValueError) as e:
        call()
    return str(e.value)


def same(tool_message, python_message, tool_name, python_name):
    assert tool_message.startswith(tool_name + " ")
    assert python_message.startswith(python_name + " ")
    assert tool_message.removeprefix(tool_name) == python_message.removeprefix(python_name)


# kind: (the model, its loader, the tool's command line before --target, the Python call)
KINDS = {
    "chain": (CHAIN, exactdp.load_markov_model, ["chain", "--query", "absorb"],
              lambda model, name: exactdp.reach_probability(model, target=name)),
    "mdp": (DECISION, exactdp.load_decision_model, ["mdp", "--query", "pmax"],
            lambda model, name: exactdp.optimal_decision(model, "pmax", name)),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("name", ["1", "nowhere"])
def test_a_target_is_refused_alike(tmp_path, kind, name):
    shape, load, command, call = KINDS[kind]
    path = tmp_path / f"{kind}.json"
    path.write_text(json.dumps(shape))
    model = load(str(path))
    t = tool_error(command[0], str(path), *command[1:], "--target", name)
    p = python_error(lambda: call(model, name))
    same(t, p, "--target", "target")
    assert ("both a label" in t) == (name == "1")


def test_a_start_is_refused_alike(tmp_path):
    path = tmp_path / "chain.json"
    path.write_text(json.dumps(CHAIN))
    model = exactdp.load_markov_model(str(path))
    t = tool_error("chain", str(path), "--start", "zz")
    p = python_error(lambda: exactdp.expected_steps(model, start="zz"))
    same(t, p, "--start", "start")


def test_a_label_is_the_same_target_in_both(tmp_path):
    path = tmp_path / "chain.json"
    path.write_text(json.dumps(CHAIN))
    model = exactdp.load_markov_model(str(path))
    r = subprocess.run([TOOL, "chain", str(path), "--query", "absorb", "--target", "goal", "--as", "exact"],
                       capture_output=True, text=True, check=True)
    assert r.stdout.strip() == str(exactdp.reach_probability(model, target="goal"))


# Issue 25: the module refused Grundy tables the tool prints. Both follow the
# library's one rule of a table (check_grundy_table: 1 <= count <= 2^31,
# 64 bytes a value within the state budget; values past a certified period
# come from the period).
def test_a_grundy_table_is_the_tools():
    for code, count in (("0.07", 1_000_000), ("0.137", 200_000), ("4.7", 5000)):
        r = subprocess.run([TOOL, "grundy", "--octal", code, "--table", str(count), "--json"], capture_output=True,
                           text=True, check=True)
        assert exactdp.octal_grundy_values(code, count) == json.loads(r.stdout)["table"]
    r = subprocess.run([TOOL, "grundy", "--subtract", "1,3,4", "--table", "300000", "--json"], capture_output=True,
                       text=True, check=True)
    assert exactdp.subtraction_grundy_values([1, 3, 4], 300_000) == json.loads(r.stdout)["table"]


def test_a_grundy_table_is_refused_alike():
    for count in ("0", str(2**31 + 1)):
        t = tool_error("grundy", "--octal", "0.07", "--table", count)
        assert "--table" in t
        with pytest.raises(ValueError, match="count"):
            exactdp.octal_grundy_values("0.07", int(count))
    # The state budget: the same need, named alike.
    r = subprocess.run([TOOL, "grundy", "--octal", "0.07", "--table", "1000000", "--max-memory", "0.01"],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 1
    tool_message = r.stderr.strip().removeprefix("exactdp: error: ")
    default = exactdp.get_budgets()
    try:
        exactdp.set_budgets(state_bytes=int(0.01 * 2**30))
        with pytest.raises(exactdp.ResourceError) as e:
            exactdp.octal_grundy_values("0.07", 1_000_000)
    finally:
        exactdp.set_budgets(**default)
    cut = "above the state budget"
    assert tool_message.split(cut)[0] == str(e.value).split(cut)[0]
    assert tool_message.startswith("a table of 1000000 Grundy values")
