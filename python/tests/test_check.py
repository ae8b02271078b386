"""exactdp.check: PRISM-language and JANI models checked as `exactdp check`
checks them: the benchmark set's published references through both routes
(a path, the text, a dict in the JANI shape), the tool's answers (when
EXACTDP_TOOL names it), constants as a dict and as a str, the number
systems, several initial states, and every error."""
import json
import math
import os
import pathlib
import subprocess
import sys
from fractions import Fraction

import pytest

import exactdp

ROOT = pathlib.Path(__file__).resolve().parents[2]
QVBS = ROOT / "tests" / "data" / "qvbs"
TOOL = os.environ.get("EXACTDP_TOOL")
SIXES = ROOT / "examples" / "prism" / "two_sixes.pm"
SIXES_PROPS = ROOT / "examples" / "prism" / "two_sixes.props"

# The benchmark set's cases with a PRISM model and a JANI file, small enough
# to check in a moment (both routes give the published fraction).
CASES = [c for c in json.loads((QVBS / "jani_cases.json").read_text())
         if c.get("prism") and c["states"] <= 700]


def expected(case):
    e = case["expected"]
    if "num" in e:
        return Fraction(int(e["num"]), int(e["den"]))
    return Fraction(int(e["value"]))  # True: probability 1


def constants(case):
    return ",".join(case["constants"]) or None


def one(results):
    assert len(results) == 1, results
    return results[0]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["model"] + ":" + c["property"])
def test_both_routes_give_the_reference(case):
    prism = one(exactdp.check(str(QVBS / case["prism"]), str(QVBS / case["props"]), constants(case),
                              prop=case["property"]))
    jani = one(exactdp.check(QVBS / case["jani"], constants=constants(case), prop=case["property"]))
    assert prism["value"] == jani["value"] == expected(case)
    assert prism["states"] == jani["states"] == case["states"]
    assert (prism["transitions"], prism["choices"]) == (jani["transitions"], jani["choices"])
    assert prism["name"] == case["property"]


def test_a_jani_dict_and_the_texts_give_what_the_files_give():
    case = next(c for c in CASES if c["model"] == "consensus" and c["property"] == "c2")
    path = QVBS / case["jani"]
    from_file = one(exactdp.check(path, constants={"K": 2}, prop="c2"))
    from_dict = one(exactdp.check(json.loads(path.read_text(encoding="utf-8-sig")), constants={"K": 2}, prop="c2"))
    assert from_dict["value"] == from_file["value"] == Fraction(49, 128)
    assert from_dict["states"] == from_file["states"] == 272
    text = (QVBS / case["prism"]).read_text()
    props = (QVBS / case["props"]).read_text()
    from_text = one(exactdp.check(text, props, {"K": 2}, prop="c2"))
    assert from_text["value"] == Fraction(49, 128)


def test_a_fraction_in_a_jani_dict_is_a_division():
    model = {"jani-version": 1, "name": "coin", "type": "dtmc",
             "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0,
                                                  "upper-bound": 2}, "initial-value": 0}],
             "properties": [{"name": "two", "expression": {
                 "op": "filter", "fun": "values", "states": {"op": "initial"},
                 "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 2}}}}}],
             "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"],
                           "edges": [{"location": "l", "guard": {"exp": {"op": "=", "left": "x", "right": 0}},
                                      "destinations": [
                                          {"location": "l", "probability": {"exp": Fraction(1, 3)},
                                           "assignments": [{"ref": "x", "value": 2}]},
                                          {"location": "l", "probability": {"exp": 0.25},
                                           "assignments": [{"ref": "x", "value": 1}]},
                                          {"location": "l", "probability": {"exp": Fraction(5, 12)}}]}]}],
             "system": {"elements": [{"automaton": "a"}]}}
    r = one(exactdp.check(model))
    # From x=0: 1/3 to x=2, 1/4 stuck at x=1, 5/12 back to x=0: 1/3 / (1 - 5/12) = 4/7.
    assert r["value"] == Fraction(4, 7)
    assert r["name"] == "two"
    # A float that is no JSON number is named with where it is.
    for bad in (math.nan, math.inf, -math.inf):
        model["automata"][0]["edges"][0]["destinations"][1]["probability"]["exp"] = bad
        with pytest.raises(ValueError, match=r"the value -?(nan|inf) at automata\[0\]\.edges\[0\]\.destinations\[1\]"
                                             r"\.probability\.exp is not allowed in a model"):
            exactdp.check(model)


def test_a_one_word_str_that_names_no_file_is_said_to_be_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="'nosuchfile' is no file"):
        exactdp.check("nosuchfile", prop="P=? [ F x=1 ]")
    with pytest.raises(ValueError, match="cannot read the model file 'nosuch.pm'"):
        exactdp.check("nosuch.pm", prop="P=? [ F x=1 ]")
    with pytest.raises(ValueError, match="cannot read the properties file 'nosuch.props'"):
        exactdp.check(SIXES, "nosuch.props")


@pytest.mark.skipif(not TOOL, reason="EXACTDP_TOOL names the command-line tool (ctest sets it)")
@pytest.mark.parametrize("route", ["prism", "jani"])
def test_the_tool_gives_the_same_answers(route):
    case = next(c for c in CASES if c["model"] == "firewire_abst" and c["property"] == "time_min")
    model = str(QVBS / case[route])
    args = [model] + ([str(QVBS / case["props"])] if route == "prism" else [])
    r = subprocess.run([TOOL, "check", *args, "--const", "delay=3", "--json"], capture_output=True, text=True,
                       check=True)
    tool = json.loads(r.stdout)
    mine = exactdp.check(model, str(QVBS / case["props"]) if route == "prism" else None, "delay=3")
    answered = [m for m in mine if m["refused"] is None]
    assert len(answered) == len(tool["answers"])
    for m, t in zip(answered, tool["answers"]):
        assert m["value"] == Fraction(t["exact"])
        assert t["property"].endswith(m["text"])
    assert [m["refused"] for m in mine if m["refused"]] == [x["message"] for x in tool["refused"]]
    assert mine[0]["states"] == tool["models"][0]["states"]
    assert mine[0]["transitions"] == tool["models"][0]["transitions"]
    assert mine[0]["choices"] == tool["models"][0]["choices"]
    doubles = exactdp.check(model, str(QVBS / case["props"]) if route == "prism" else None, "delay=3",
                            number="double", prop="time_min")
    assert one(doubles)["value"] == pytest.approx(541 / 4)


def test_number_systems_and_bounds():
    r = exactdp.check(SIXES, SIXES_PROPS)
    assert [x["name"] for x in r] == ["rolls", "surely", "within3", "cheap"]
    assert r[0]["value"] == 42 and isinstance(r[0]["value"], Fraction)
    assert r[1]["holds"] is True and r[1]["value"] == 1 and r[0]["holds"] is None
    assert r[2]["value"] == Fraction(11, 216)
    assert r[3]["value"] is None and "reward-bounded F" in r[3]["refused"]
    assert (r[0]["type"], r[0]["states"], r[0]["transitions"], r[0]["initial_states"]) == ("dtmc", 3, 5, 1)
    within = 'P=? [ F<=3 "two_sixes" ]'
    assert one(exactdp.check(SIXES, prop=within, number="double"))["value"] == pytest.approx(11 / 216)
    assert one(exactdp.check(SIXES, prop=within, number="mod"))["value"] == exactdp.to_residue(Fraction(11, 216))
    assert one(exactdp.check(SIXES, prop=within, number="mod", modulus=998244353))["value"] == \
        exactdp.to_residue(Fraction(11, 216), 998244353)
    assert one(exactdp.check(str(SIXES), str(SIXES_PROPS), prop=3))["value"] == Fraction(11, 216)


COIN = "dtmc\nconst double p;\nconst int N;\nmodule c\n  x : [0..N];\n  [] x<N -> p : (x'=x+1) + 1-p : (x'=0);\nendmodule\n"


def test_constants_as_a_dict_a_str_and_a_range():
    prop = "P=? [ F<=2 x=N ]"
    assert one(exactdp.check(COIN, prop=prop, constants={"p": Fraction(1, 2), "N": 2}))["value"] == Fraction(1, 4)
    assert one(exactdp.check(COIN, prop=prop, constants="p=1/2,N=2"))["value"] == Fraction(1, 4)
    assert one(exactdp.check(COIN, prop=prop, constants={"p": "0.5", "N": 2}))["value"] == Fraction(1, 4)
    both = exactdp.check(COIN, prop=prop, constants={"p": "1/2", "N": "1:2"})
    assert [(x["constants"], x["value"]) for x in both] == [("p=1/2,N=1", Fraction(3, 4)),
                                                          ("p=1/2,N=2", Fraction(1, 4))]
    # One constant per key: a comma or '=' cannot smuggle in another.
    with pytest.raises(ValueError, match=r"^constants=: the value of 'p', '1/2,N=5', holds ','"):
        exactdp.check(COIN, prop=prop, constants={"p": "1/2,N=5", "N": 2})
    with pytest.raises(ValueError, match=r"^constants=: the name 'p=1/2,N' holds ',' or '='"):
        exactdp.check(COIN, prop=prop, constants={"p=1/2,N": 2})


def test_a_model_and_its_properties_as_two_positional_arguments_need_no_numpy():
    # The model overload is tried first: numeric's check(values, exact)
    # imports numpy to look at its arguments. A fresh interpreter in which
    # importing numpy fails (pybind11 keeps numpy once it is loaded).
    code = ("import sys; sys.modules['numpy'] = None; import exactdp; "
            f"r = exactdp.check({str(SIXES)!r}, {str(SIXES_PROPS)!r}); print(len(r))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 1


def test_several_initial_states_follow_the_tool():
    model = "dtmc\nmodule m\n  x : [0..2];\n  [] x<2 -> 1/2 : (x'=x+1) + 1/2 : (x'=x);\nendmodule\ninit x<2 endinit\n"
    r = exactdp.check(model, prop="P=? [ F<=1 x=2 ]")
    assert [(x["at"], x["value"]) for x in r] == [("(x=0)", 0), ("(x=1)", Fraction(1, 2))]
    many = "dtmc\nmodule m\n  x : [0..20];\n  [] x<20 -> 1/2 : (x'=x+1) + 1/2 : (x'=x);\nendmodule\ninit x<20 endinit\n"
    r = exactdp.check(many, prop="P=? [ F<=1 x=20 ]")
    assert [(x["at"], x["value"]) for x in r] == [("min", 0), ("max", Fraction(1, 2))]
    r = exactdp.check(many, prop='filter(avg, P=? [ F<=1 x=20 ], "init")')
    assert [(x["at"], x["value"]) for x in r] == [(None, Fraction(1, 40))]


def test_errors():
    with pytest.raises(ValueError, match=r"^<model>:4:3: the probabilities of the command sum to 1/2, not 1"):
        exactdp.check("dtmc\nmodule m\n  x : [0..1];\n  [] x=0 -> 0.5 : (x'=1);\nendmodule\n", prop="P=? [ F x=1 ]")
    with pytest.raises(ValueError, match=r"^check needs properties= or prop= "):
        exactdp.check(SIXES)
    with pytest.raises(ValueError, match=r"^constants= 'q' is not an undefined constant of the model or the "
                                         r"properties \(they are: p, N\)"):
        exactdp.check(COIN, prop="P=? [ F x=N ]", constants={"q": 1})
    with pytest.raises(ValueError, match=r"the constant 'N' has no value"):
        exactdp.check(COIN, prop="P=? [ F x=N ]", constants={"p": "1/2"})
    with pytest.raises(ValueError, match=r"^constants= takes NAME=VALUE items"):
        exactdp.check(COIN, prop="P=? [ F x=N ]", constants="p")
    with pytest.raises(TypeError, match="float"):
        exactdp.check(COIN, prop="P=? [ F x=N ]", constants={"p": 0.5, "N": 1})
    with pytest.raises(ValueError, match=r"^prop= 'nope' is not a property's name"):
        exactdp.check(SIXES, SIXES_PROPS, prop="nope")
    with pytest.raises(ValueError, match=r"is a JANI file: its properties are inside it"):
        exactdp.check(QVBS / "models/dtmc/herman/herman.3.jani", SIXES_PROPS)
    with pytest.raises(ValueError, match=r"does not look like a model in the PRISM language"):
        exactdp.check("2 1\n0 1 1\n", prop="P=? [ F true ]")
    with pytest.raises(ValueError, match=r"^cannot read the model file 'no/such/model.pm': No such file"):
        exactdp.check("no/such/model.pm", prop="P=? [ F true ]")
    with pytest.raises(ValueError, match=r"^<prop>:1:9: undefined label '\"nolabel\"'"):
        exactdp.check(SIXES, prop='P=? [ F "nolabel" ]')
    # In a properties file, a property that fails is refused with its place; the others are checked.
    assert one(exactdp.check(SIXES, 'P=? [ F "nolabel" ]\n'))["refused"] == \
        "<properties>:1:9: undefined label '\"nolabel\"'"
    # An infinite expected reward is an answer (test_an_infinite_expected_reward_is_an_answer).
    assert one(exactdp.check(SIXES, prop="R=? [ F false ]"))["infinite"] is True
    with pytest.raises(ValueError, match="number must be"):
        exactdp.check(SIXES, prop="P=? [ F true ]", number="float")
    with pytest.raises(ValueError, match=r"2 < P < 2\^31 = 2147483648 \(this solver computes in 32-bit residues\)"):
        exactdp.check(SIXES, prop="P=? [ F<=2 \"two_sixes\" ]", number="mod", modulus=4611686018427387847)
    # A file with an unsupported property: the others are checked, the refusal is named.
    r = exactdp.check(SIXES, 'P=? [ F^{rew{"rolls"}<=3} "two_sixes" ];\nP=? [ F "two_sixes" ];\n')
    assert r[0]["value"] is None and "reward-bounded F" in r[0]["refused"]
    assert r[1]["value"] == 1


def test_the_table_check_is_still_there():
    ulps, relative = exactdp.check([0.5], [Fraction(1, 2)])
    assert int(ulps[0]) == 0 and float(relative[0]) == 0


ALMOST_SURE = ROOT / "examples" / "prism" / "almost_sure.pm"
ALMOST_SURE_PROPS = ROOT / "examples" / "prism" / "almost_sure.props"


def test_an_infinite_expected_reward_is_an_answer():
    """Won with probability 1 - 2^-60: the expected rounds are infinite, math.inf in exact and double, no
    residue; the bounds compare infinity as PRISM does; the finite answers around it are all there."""
    by = {n: {r["name"]: r for r in exactdp.check(ALMOST_SURE, ALMOST_SURE_PROPS, number=n)}
          for n in ("exact", "double", "mod")}
    for n, value in (("exact", math.inf), ("double", math.inf), ("mod", None)):
        rounds = by[n]["rounds"]
        assert rounds["infinite"] is True
        assert rounds["value"] == value
        assert rounds["holds"] is None
        assert by[n]["short"]["holds"] is False  # R<=2: infinity is not <= 2
        assert by[n]["long"]["holds"] is True  # R>2
        assert by[n]["played"]["infinite"] is False
    assert by["exact"]["win"]["value"] == Fraction(2**60 - 1, 2**60)
    assert by["double"]["win"]["value"] == 1.0  # 1 - 2^-60 rounds to 1, yet the rounds are infinite in double too
    assert by["exact"]["played"]["value"] == 1
    assert by["mod"]["played"]["value"] == 1
    # math.inf compares right with the Fractions of the other answers.
    assert by["exact"]["win"]["value"] < by["exact"]["rounds"]["value"]
