"""exactdp.verify: a certificate checked against its model as `exactdp
verify` checks it: the examples' MDP certificate and its corrupted copy, a
certificate given as a dict, a PRISM-language certificate written by the
tool (when EXACTDP_TOOL names it) with its constants in another order, an
infinite expected reward, and the errors."""
import json
import math
import os
import pathlib
import subprocess
from fractions import Fraction

import pytest

import exactdp

ROOT = pathlib.Path(__file__).resolve().parents[2]
DECISION = ROOT / "examples" / "decision"
TOOL = os.environ.get("EXACTDP_TOOL")
needs_tool = pytest.mark.skipif(not TOOL, reason="EXACTDP_TOOL names the command-line tool (ctest sets it)")


def test_the_examples_certificate_verifies_and_its_corruption_does_not():
    r = exactdp.verify(DECISION / "lottery.json", DECISION / "lottery.pmax.cert.json")
    assert r["verified"] is True
    assert r["objective"] == "pmax"
    assert r["start"] == "0"
    assert r["value"] == Fraction(3, 4)
    assert r["state"] is None and r["reason"] is None
    assert "Baier and Katoen" in r["theorem"]
    bad = exactdp.verify(str(DECISION / "lottery.json"), str(DECISION / "lottery.pmax.corrupt.json"))
    assert bad["verified"] is False
    assert bad["value"] is None
    assert bad["state"] == "0"
    assert "the equation fails" in bad["reason"]


def test_a_certificate_as_a_dict_is_the_file():
    doc = json.loads((DECISION / "lottery.pmax.cert.json").read_text())
    assert exactdp.verify(DECISION / "lottery.json", doc)["value"] == Fraction(3, 4)
    doc["values"][0] = "1/2"
    assert exactdp.verify(DECISION / "lottery.json", doc)["verified"] is False


def test_another_model_is_refused_by_its_digest():
    r = exactdp.verify(DECISION / "six.json", DECISION / "lottery.pmax.cert.json")
    assert r["verified"] is False
    assert "written for another model" in r["reason"]


@needs_tool
def test_a_certificate_that_does_not_fit_its_model_is_a_report_not_an_error():
    # The digest matches, the states do not: refused as the tool refuses it (status 1), not a ValueError.
    doc = json.loads((DECISION / "lottery.pmax.cert.json").read_text())
    doc["states"][0], doc["states"][1] = doc["states"][1], doc["states"][0]
    r = exactdp.verify(DECISION / "lottery.json", doc)
    assert r["verified"] is False
    assert "state 0 is named '1' in the certificate and '0' in" in r["reason"]
    doc = json.loads((DECISION / "lottery.pmax.cert.json").read_text())
    doc["query"]["start"] = "nowhere"
    r = exactdp.verify(DECISION / "lottery.json", doc)
    assert r["verified"] is False
    assert "the start nowhere is not a state of" in r["reason"]


@needs_tool
def test_values_of_a_prism_language_model_by_its_property(tmp_path):
    model = ROOT / "examples" / "prism" / "two_sixes.pm"
    prop = 'R{"rolls"}=? [ F "two_sixes" ]'
    exported = tmp_path / "rolls.csv"
    subprocess.run([TOOL, "check", str(model), "--prop", prop, "--export-values", str(exported)], check=True,
                   capture_output=True)
    r = exactdp.verify(model, exported, prop=prop)
    assert r["verified"] is True and r["value"] == 42 and r["objective"] == "steps"
    # A dict by the states' names, as check names them; one value off is refused at its state.
    values = {"(last=false, done=false)": 42, "(last=true, done=false)": 36, "(last=true, done=true)": 0}
    assert exactdp.verify(model, values, prop=prop)["verified"] is True
    values["(last=true, done=false)"] = 35
    bad = exactdp.verify(model, values, prop=prop)
    assert bad["verified"] is False and "the equation fails" in bad["reason"]
    with pytest.raises(ValueError, match="give no query"):
        exactdp.verify(model, values, prop=prop, query="steps")
    with pytest.raises(ValueError, match="give the property whose values these are"):
        exactdp.verify(model, values, query="steps")


def test_a_prism_language_certificate_with_constants(tmp_path):
    model = ROOT / "tests" / "data" / "qvbs" / "dtmc" / "brp" / "brp.prism"
    cert = tmp_path / "brp.cert.json"
    w = subprocess.run([TOOL, "check", str(model), "--prop", "P=? [ F s=5 ]", "--const", "N=4,MAX=2",
                        "--certificate", str(cert), "--as", "exact", "--json"], capture_output=True, text=True)
    assert w.returncode == 0, w.stderr
    exact = Fraction(json.loads(w.stdout)["answers"][0]["exact"])
    assert exactdp.verify(model, cert)["value"] == exact
    assert exactdp.verify(model, cert, constants="MAX=2,N=4")["verified"] is True
    other = exactdp.verify(model, cert, constants="N=4,MAX=3")
    assert other["verified"] is False
    assert "written with other constants" in other["reason"]


@needs_tool
def test_an_infinite_expected_reward_is_inf(tmp_path):
    model = ROOT / "examples" / "prism" / "two_sixes.pm"
    cert = tmp_path / "inf.cert.json"
    w = subprocess.run([TOOL, "check", str(model), "--prop", "R=? [ F false ]", "--certificate", str(cert)],
                       capture_output=True, text=True)
    assert w.returncode == 0  # the answer Infinity, and the certificate is written
    assert "    exact   Infinity\n" in w.stdout
    r = exactdp.verify(model, cert)
    assert r["verified"] is True
    assert r["value"] == math.inf


def test_errors(tmp_path):
    values = DECISION / "lottery.values.csv"
    with pytest.raises(ValueError, match="certificate"):
        exactdp.verify(DECISION / "lottery.json", values)
    with pytest.raises(ValueError, match="cannot read"):
        exactdp.verify(DECISION / "lottery.json", tmp_path / "missing.json")
    with pytest.raises(TypeError):
        exactdp.verify(DECISION / "lottery.json", 42)


def test_a_dict_in_any_key_order_with_the_reports_own_values():
    doc = json.loads((DECISION / "lottery.pmax.cert.json").read_text())
    reordered = {k: doc[k] for k in reversed(list(doc))}
    assert exactdp.verify(DECISION / "lottery.json", reordered)["value"] == Fraction(3, 4)
    # Values as the report returns them: Fractions (and math.inf for rewards).
    doc["values"] = [Fraction(v) if v != "inf" else math.inf for v in doc["values"]]
    assert exactdp.verify(DECISION / "lottery.json", doc)["verified"] is True
    with pytest.raises(ValueError, match="no \"certificate\" key"):
        exactdp.verify(DECISION / "lottery.json", {"values": []})


@needs_tool
def test_constants_as_a_dict(tmp_path):
    model = ROOT / "tests" / "data" / "qvbs" / "dtmc" / "brp" / "brp.prism"
    cert = tmp_path / "brp.cert.json"
    w = subprocess.run([TOOL, "check", str(model), "--prop", "P=? [ F s=5 ]", "--const", "N=4,MAX=2",
                        "--certificate", str(cert)], capture_output=True, text=True)
    assert w.returncode == 0, w.stderr
    assert exactdp.verify(model, cert, constants={"MAX": 2, "N": 4})["verified"] is True
    assert exactdp.verify(model, cert, constants={"MAX": 3, "N": 4})["verified"] is False
    with pytest.raises(TypeError):
        exactdp.verify(model, cert, constants=4)


def test_a_game_certificate_and_a_pig_certificate():
    r = exactdp.verify(DECISION / "duel.json", DECISION / "duel.payoff.cert.json")
    assert r["verified"] is True and r["objective"] == "payoff"
    bad = exactdp.verify(DECISION / "duel.json", DECISION / "duel.payoff.corrupt.json")
    assert bad["verified"] is False and bad["state"] == "min to shoot"
    pig = exactdp.verify("pig", DECISION / "pig_6_10.cert.json", constants={"faces": 6, "target": 10})
    assert pig["verified"] is True and pig["value"] == Fraction(7776, 10961)
    other = exactdp.verify("pig", DECISION / "pig_6_10.cert.json", constants="faces=6,target=11")
    assert other["verified"] is False and "another game of Pig" in other["reason"]
    with pytest.raises(ValueError, match="faces=F,target=T"):
        exactdp.verify("pig", DECISION / "pig_6_10.cert.json")


def test_values_from_elsewhere_that_are_another_fixed_point_are_refused():
    # Max loops on s or gambles for 1/2: s = 1 solves the equations, but Pmax is 1/2.
    loop = ROOT / "tests" / "data" / "verify" / "loop.json"
    r = exactdp.verify(loop, {"s": 1, "g": 1, "z": 0}, query="pmax", target="goal")
    assert r["verified"] is False and r["state"] == "s"
    assert "not the least one" in r["reason"] and r["unchecked"] == []
    ok = exactdp.verify(loop, {"s": Fraction(1, 2), "g": 1, "z": 0}, query="pmax", target="goal")
    assert ok["verified"] is True and ok["unchecked"] == [] and ok["theorem"] != ""


def test_values_from_elsewhere_given_as_a_dict_take_any_number_and_refuse_nan():
    loop = ROOT / "tests" / "data" / "verify" / "loop.json"
    for bad, shown in ((-math.inf, "-inf"), (math.nan, "nan")):
        with pytest.raises(ValueError, match="the value of state s is " + shown + ": a value is a number"):
            exactdp.verify(loop, {"s": bad, "g": 1, "z": 0}, query="pmax", target="goal")
    # An int past Python's limit on int-to-text conversion is read in full (and refused: not Pmax).
    huge = exactdp.verify(loop, {"s": 10**100000, "g": 1, "z": 0}, query="pmax", target="goal")
    assert huge["verified"] is False and huge["state"] == "s" and "100001 digits" in huge["reason"]
    # A payoff game's default as a number or its text.
    values = {"max to shoot": Fraction(1, 2), "min to shoot": 0, "max wins": 1, "min wins": -1}
    for default in ("0", 0, Fraction(0), 0.0):
        assert exactdp.verify(DECISION / "duel.json", values, query="payoff", default=default)["verified"] is True
    # A certificate's values: nan and -inf are no value.
    cert = json.loads((DECISION / "lottery.pmax.cert.json").read_text())
    cert["values"][2] = -math.inf
    with pytest.raises(ValueError, match=r"values\[2\] is -inf"):
        exactdp.verify(DECISION / "lottery.json", cert)


def test_values_from_elsewhere_of_a_game_and_of_an_mdp():
    r = exactdp.verify(DECISION / "duel.json", DECISION / "duel.values.json", query="payoff")
    assert r["verified"] is True and r["witnesses"] is False
    # The witnesses are derived from the values and checked: nothing is left unchecked.
    assert r["value"] == Fraction(1, 2) and "value of the game" in r["theorem"]
    assert r["unchecked"] == []
    # The docs' example (python.md): a dict of Fractions and ints.
    values = {"max to shoot": Fraction(1, 2), "min to shoot": 0, "max wins": 1, "min wins": -1}
    assert exactdp.verify(DECISION / "duel.json", values, query="payoff")["verified"] is True
    # Max would rather shoot at 1/2 than wait: the best choice's equation fails.
    values["min to shoot"] = Fraction(1, 2)
    bad = exactdp.verify(DECISION / "duel.json", values, query="payoff", default=0)
    assert bad["verified"] is False and bad["state"] == "max to shoot"
    # A reachability game pays 0 at "min wins".
    reach = exactdp.verify(DECISION / "duel.json", DECISION / "duel.values.json", query="reach", kind="game",
                           target="max wins")
    assert reach["verified"] is False and reach["state"] == "min wins"
    mdp = exactdp.verify(DECISION / "lottery.json", DECISION / "lottery.values.csv", query="pmax", target="goal")
    assert mdp["verified"] is True and mdp["value"] == Fraction(3, 4) and mdp["unchecked"] == []
    with pytest.raises(ValueError, match="no target"):
        exactdp.verify(DECISION / "duel.json", values, query="payoff", target="max wins")
    with pytest.raises(ValueError, match="a certificate says them itself"):
        exactdp.verify(DECISION / "lottery.json", DECISION / "lottery.pmax.cert.json", query="pmax")


def test_a_dict_certificate_takes_tuples_as_lists_and_names_what_it_refuses():
    # Found by a tester: values as a tuple raised "Object of type Fraction is not JSON serializable".
    doc = json.loads((DECISION / "lottery.pmax.cert.json").read_text())
    doc["values"] = tuple(Fraction(v) for v in doc["values"])
    doc["states"], doc["strategy"], doc["rank"] = tuple(doc["states"]), tuple(doc["strategy"]), tuple(doc["rank"])
    r = exactdp.verify(DECISION / "lottery.json", doc)
    assert r["verified"] is True and r["value"] == Fraction(3, 4)
    doc["values"] = (Fraction(1, 2),) + doc["values"][1:]
    assert exactdp.verify(DECISION / "lottery.json", doc)["verified"] is False
    bad = json.loads((DECISION / "lottery.pmax.cert.json").read_text())
    bad["rank"][1] = Fraction(1)
    with pytest.raises(ValueError, match=r"<certificate>: rank\[1\] is Fraction\(1, 1\) \(a Fraction\)"):
        exactdp.verify(DECISION / "lottery.json", bad)
    bad = json.loads((DECISION / "lottery.pmax.cert.json").read_text())
    bad["query"]["target"] = {"goal"}
    with pytest.raises(ValueError, match=r"<certificate>: query\.target is \{'goal'\} \(a set\)"):
        exactdp.verify(DECISION / "lottery.json", bad)


def test_a_certificate_or_values_as_text():
    # Found by a tester: JSON text was taken for a path ("cannot read the certificate file '{...'").
    text = (DECISION / "lottery.pmax.cert.json").read_text()
    assert exactdp.verify(DECISION / "lottery.json", text)["value"] == Fraction(3, 4)
    compact = json.dumps(json.loads(text), separators=(",", ":"))
    assert "\n" not in compact and " " not in compact
    assert exactdp.verify(DECISION / "lottery.json", compact)["value"] == Fraction(3, 4)
    values = (DECISION / "lottery.values.csv").read_text()
    r = exactdp.verify(DECISION / "lottery.json", values, query="pmax", target="goal")
    assert r["verified"] is True and r["value"] == Fraction(3, 4)
    r = exactdp.verify(DECISION / "lottery.json", '{"0": "3/4", "1": 1, "2": 0, "3": 1, "4": 1, "5": 0, "6": 0, '
                       '"7": 0, "8": 0}', query="pmax", target="goal")
    assert r["verified"] is True
    # A str that is neither is a path, as a str naming a file is.
    assert exactdp.verify(DECISION / "lottery.json", str(DECISION / "lottery.pmax.cert.json"))["verified"] is True
    with pytest.raises(ValueError, match="cannot read the certificate file 'nothere.json'"):
        exactdp.verify(DECISION / "lottery.json", "nothere.json")
