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
