"""Decision processes and Pig against pure-Python oracles: closed forms (the
gambler's ruin with two coins), exhaustive search over every memoryless
deterministic strategy with each strategy's chain solved in Fractions (random
MDPs and stochastic games), and Pig's optimality equations checked exactly
on the solution; the three number systems against each other."""
import itertools
import json
import math
import pathlib
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import exactdp
import oracles

SETTINGS = settings(derandomize=True, max_examples=20, deadline=None)
ROOT = pathlib.Path(__file__).resolve().parents[2]
REL = 1e-12  # the double runs agree with the exact values within this relative error (stated tolerance)


# ---- the oracle: every memoryless deterministic strategy, solved exactly ----


def model_dict(states, terminals, labels, start=None):
    """states: {id: (kind, [(action, {to: Fraction}, reward), ...])};
    terminals: {id: payoff}."""
    nodes = []
    for s, (kind, choices) in states.items():
        nodes.append(
            {
                "id": s,
                "kind": kind,
                "choices": [
                    {"action": a, "to": {t: str(p) for t, p in to.items()}, "reward": str(r)} for a, to, r in choices
                ],
            }
        )
    for s, payoff in terminals.items():
        nodes.append({"id": s, "kind": "terminal", "payoff": str(payoff)})
    d = {"nodes": nodes, "labels": labels}
    if start:
        d["start"] = start
    return d


def chain_values(rows, fixed, reward):
    """Values of a Markov chain: rows {s: ({t: p}, r)} for the open states,
    fixed {s: value} for the others (0 where a play never gets there). For
    reachability (reward False) the open states that cannot reach a fixed
    state of nonzero value get 0; with rewards every open state must reach a
    fixed state with probability 1 (the callers make sure)."""
    open_ = list(rows)
    if not reward:
        good = {s for s, v in fixed.items() if v != 0}
        changed = True
        while changed:
            changed = False
            for s in open_:
                if s not in good and any(t in good for t in rows[s][0]):
                    good.add(s)
                    changed = True
        fixed = dict(fixed)
        for s in open_:
            if s not in good:
                fixed[s] = Fraction(0)
        open_ = [s for s in open_ if s in good]
    index = {s: i for i, s in enumerate(open_)}
    n = len(open_)
    a = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    b = [Fraction(rows[s][1]) if reward else Fraction(0) for s in open_]
    for s in open_:
        for t, p in rows[s][0].items():
            if t in index:
                a[index[s]][index[t]] -= p
            else:
                b[index[s]] += p * fixed[t]
    x = oracles.solve_linear(a, b) if n else []
    out = dict(fixed)
    out.update({s: x[index[s]] for s in open_})
    return out


def strategies(states, owner):
    ids = [s for s, (kind, _) in states.items() if kind == owner]
    for pick in itertools.product(*[range(len(states[s][1])) for s in ids]):
        yield dict(zip(ids, pick))


def values_of(states, terminals, target, fixed_choice, reward, payoff=False):
    rows, fixed = {}, {}
    for s, (kind, choices) in states.items():
        if not payoff and s in target:
            fixed[s] = Fraction(0) if reward else Fraction(1)
            continue
        _, to, r = choices[fixed_choice.get(s, 0)]
        rows[s] = (to, r)
    for s, v in terminals.items():
        fixed[s] = Fraction(v) if payoff else (Fraction(0) if reward else Fraction(int(s in target)))
    return chain_values(rows, fixed, reward)


def brute_force(states, terminals, target, objective):
    """The optimal value of every state by trying every strategy."""
    reward = objective in ("rmax", "rmin")
    payoff = objective == "payoff"
    if objective in ("reach", "payoff"):
        best = None
        for sigma in strategies(states, "max"):
            worst = None
            for tau in strategies(states, "min"):
                v = values_of(states, terminals, target, {**sigma, **tau}, reward, payoff)
                worst = v if worst is None else {s: min(worst[s], v[s]) for s in v}
            best = worst if best is None else {s: max(best[s], worst[s]) for s in worst}
        return best
    pick = max if objective in ("pmax", "rmax") else min
    best = None
    for sigma in strategies(states, "max"):
        v = values_of(states, terminals, target, sigma, reward)
        best = v if best is None else {s: pick(best[s], v[s]) for s in v}
    return best


def build_model(integer, sample, owners, proper):
    """States s0..s(n-1) with 1-2 choices of 1-3 successors among the states,
    'goal' and (unless proper) 'trap'. proper: every choice also moves
    forward (s(i+1), the last to goal), so every strategy reaches goal.
    integer(a, b) and sample(items, k) draw the random choices."""
    n = integer(1, 5)
    ids = [f"s{i}" for i in range(n)]
    ends = ["goal"] if proper else ["goal", "trap"]
    states = {}
    for i, s in enumerate(ids):
        kind = owners[integer(0, len(owners) - 1)]
        choices = []
        for c in range(1 if kind == "chance" else integer(1, 2)):
            succ = sample(ids + ends, integer(1, 3))
            if proper:
                forward = ids[i + 1] if i + 1 < n else "goal"
                if forward not in succ:
                    succ.append(forward)
            w = [integer(1, 4) for _ in succ]
            to = {t: Fraction(x, sum(w)) for t, x in zip(succ, w)}
            choices.append((f"a{c}", to, integer(0, 3)))
        states[s] = (kind, choices)
    payoffs = {e: integer(-2, 3) for e in ends}
    return states, payoffs


@st.composite
def random_models(draw, owners=("max",), proper=False):
    def integer(a, b):
        return draw(st.integers(a, b))

    def sample(items, k):
        k = min(k, len(items))
        return draw(st.lists(st.sampled_from(items), min_size=k, max_size=k, unique=True))

    return build_model(integer, sample, owners, proper)


def seeded_model(seed, owners=("max",), proper=False):
    rng = random.Random(seed)
    return build_model(rng.randint, lambda items, k: rng.sample(items, min(k, len(items))), owners, proper)


def check_all_numbers(model, query, target, expected, **kw):
    r = exactdp.optimal_decision(model, query, target, **kw)
    assert r["value"] == expected
    d = exactdp.optimal_decision(model, query, target, number="double", **kw)["value"]
    for s, v in expected.items():
        assert math.isclose(d[s], v, rel_tol=REL, abs_tol=REL)
    for p in (1_000_000_007, 998_244_353):
        m = exactdp.optimal_decision(model, query, target, number="mod", modulus=p, **kw)["value"]
        assert m == {s: exactdp.to_residue(v, p) for s, v in expected.items()}
    return r


# ---- closed forms ----


def gamblers_ruin(n):
    """Capital 1..n-1; each step bets 1 with a fair coin or a 2/3 coin."""
    states = {}
    for i in range(1, n):
        up, down = str(i + 1), str(i - 1)
        states[str(i)] = (
            "max",
            [
                ("fair", {up: Fraction(1, 2), down: Fraction(1, 2)}, 1),
                ("biased", {up: Fraction(2, 3), down: Fraction(1, 3)}, 1),
            ],
        )
    return states, {"0": 0, str(n): 0}


def test_gamblers_ruin_closed_form():
    n = 6
    states, terminals = gamblers_ruin(n)
    model = model_dict(states, terminals, {"rich": [str(n)], "end": ["0", str(n)]}, start="3")
    # Pmax: the 2/3 coin everywhere, (1 - 2^-i) / (1 - 2^-n) (concave, so no
    # deviation improves); Pmin: the fair coin everywhere, i / n.
    pmax = {str(i): (1 - Fraction(1, 2**i)) / (1 - Fraction(1, 2**n)) for i in range(n + 1)}
    pmin = {str(i): Fraction(i, n) for i in range(n + 1)}
    r = check_all_numbers(model, "pmax", "rich", pmax)
    assert set(r["strategy"].values()) == {"biased"}
    r = check_all_numbers(model, "pmin", "rich", pmin)
    assert set(r["strategy"].values()) == {"fair"}
    # Expected number of bets until ruin or riches: with the fair coin
    # everywhere i (n - i); the longest mixes the coins (the 2/3 coin near
    # ruin), so the optimum is checked against every strategy.
    fair = values_of(states, terminals, {"0", "6"}, {s: 0 for s in states}, True)
    assert fair == {str(i): Fraction(i * (n - i)) for i in range(n + 1)}
    for objective in ("rmax", "rmin"):
        expected = brute_force(states, terminals, {"0", "6"}, objective)
        check_all_numbers(model, objective, "end", expected)
    assert check_all_numbers(model, "rmax", "end", brute_force(states, terminals, {"0", "6"}, "rmax"))["value"]["3"] > 9


def test_payoff_game_default():
    model = {
        "nodes": [
            {
                "id": "s",
                "kind": "max",
                "choices": [{"action": "loop", "to": {"s": 1}}, {"action": "stop", "to": {"t": 1}}],
            },
            {"id": "t", "kind": "terminal", "payoff": "1/2"},
        ]
    }
    assert exactdp.optimal_decision(model, "payoff")["value"]["s"] == Fraction(1, 2)
    r = exactdp.optimal_decision(model, "payoff", default_payoff=1)
    assert r["value"]["s"] == 1 and r["strategy"]["s"] == "loop"
    assert exactdp.optimal_decision(model, "payoff", default_payoff=Fraction(1, 3), number="mod")["value"]["s"] == (
        exactdp.to_residue(Fraction(1, 2))
    )


@pytest.mark.parametrize("default", [0, 1, -1, Fraction(1, 3), 10**20, -(10**20), 10**300, -(10**300)])
def test_payoff_game_double_beside_a_large_default(default):
    # Issue 25: the solver shifted every payoff by the default and back, so
    # the double lost the payoffs beside 10^20 (the duel gave 16384 or 0).
    duel = exactdp.load_decision_model(str(ROOT / "examples" / "decision" / "duel.json"))
    exact = exactdp.optimal_decision(duel, "payoff", default_payoff=default)["value"]
    approx = exactdp.optimal_decision(duel, "payoff", default_payoff=default, number="double")["value"]
    assert exact["max to shoot"] == Fraction(1, 2) and approx["max to shoot"] == 0.5
    for s, v in exact.items():
        assert approx[s] == pytest.approx(float(v), rel=REL, abs=REL)
    # Max picks a payoff of 0 or 1 (through Min, who may loop forever, worth the default).
    pick = {
        "nodes": [
            {
                "id": "max",
                "kind": "max",
                "choices": [{"action": "zero", "to": {"zero": 1}}, {"action": "on", "to": {"min": 1}}],
            },
            {
                "id": "min",
                "kind": "min",
                "choices": [{"action": "loop", "to": {"min": 1}}, {"action": "go", "to": {"one": "1/2", "max": "1/2"}}],
            },
            {"id": "zero", "kind": "terminal", "payoff": 0},
            {"id": "one", "kind": "terminal", "payoff": 1},
        ]
    }
    expected = min(max(Fraction(default), 0), 1)
    assert exactdp.optimal_decision(pick, "payoff", default_payoff=default)["value"]["max"] == expected
    got = exactdp.optimal_decision(pick, "payoff", default_payoff=default, number="double")["value"]["max"]
    assert got == pytest.approx(float(expected), rel=REL, abs=REL)


# ---- exhaustive search ----


@pytest.mark.parametrize("objective", ["pmax", "pmin"])
@SETTINGS
@given(m=random_models())
def test_random_mdps_reachability(objective, m):
    states, terminals = m
    expected = brute_force(states, terminals, {"goal"}, objective)
    check_all_numbers(model_dict(states, terminals, {}), objective, "goal", expected)


@pytest.mark.parametrize("objective", ["rmax", "rmin"])
@SETTINGS
@given(m=random_models(proper=True))
def test_random_mdps_rewards(objective, m):
    states, terminals = m
    expected = brute_force(states, terminals, {"goal"}, objective)
    check_all_numbers(model_dict(states, terminals, {"g": ["goal"]}), objective, "g", expected)


@SETTINGS
@given(m=random_models(owners=("max", "min", "chance")))
def test_random_reach_games(m):
    states, terminals = m
    expected = brute_force(states, terminals, {"goal"}, "reach")
    check_all_numbers(model_dict(states, terminals, {}), "reach", ["goal"], expected)


@SETTINGS
@given(m=random_models(owners=("max", "min")))
def test_random_payoff_games(m):
    states, terminals = m
    expected = brute_force(states, terminals, set(), "payoff")
    check_all_numbers(model_dict(states, terminals, {}), "payoff", None, expected)


@pytest.mark.parametrize("seed", range(40))
def test_seeded_models(seed):
    # Larger random models than hypothesis's (which favours small ones):
    # every objective against the exhaustive search.
    states, terminals = seeded_model(seed)
    for objective in ("pmax", "pmin"):
        expected = brute_force(states, terminals, {"goal"}, objective)
        check_all_numbers(model_dict(states, terminals, {}), objective, "goal", expected)
    states, terminals = seeded_model(seed, proper=True)
    for objective in ("rmax", "rmin"):
        expected = brute_force(states, terminals, {"goal"}, objective)
        check_all_numbers(model_dict(states, terminals, {}), objective, "goal", expected)
    states, terminals = seeded_model(seed, owners=("max", "min", "chance"))
    model = model_dict(states, terminals, {})
    check_all_numbers(model, "reach", "goal", brute_force(states, terminals, {"goal"}, "reach"))
    check_all_numbers(model, "payoff", None, brute_force(states, terminals, set(), "payoff"))


# ---- files ----

PRISM_TRA = """9 12 16
0 0 2 1
0 1 0 0.6
0 1 1 0.3
0 1 2 0.1
1 0 3 0.3
1 0 4 0.7
2 0 5 1
3 0 4 1
4 0 1 1
4 1 3 1
4 2 6 1
5 0 7 1
6 0 8 0.5
6 0 6 0.5
7 0 7 1
8 0 8 1
"""


def test_files(tmp_path):
    (tmp_path / "m.tra").write_text(PRISM_TRA)
    (tmp_path / "m.lab").write_text('0="init" 1="goal"\n0: 0\n8: 1\n')
    m = exactdp.load_decision_model(tmp_path / "m.tra")
    assert m.size == 9 and m.start == "0" and m.labels == {"init": ["0"], "goal": ["8"]}
    # The same MDP in the oracle's terms, from the .tra lines.
    states = {}
    for line in PRISM_TRA.splitlines()[1:]:
        s, c, t, p = line.split()
        states.setdefault(s, ("max", []))
        choices = states[s][1]
        if int(c) == len(choices):
            choices.append((f"#{c}", {}, 0))
        choices[int(c)][1][t] = Fraction(p)
    for objective in ("pmax", "pmin"):
        expected = brute_force(states, {}, {"8"}, objective)
        assert exactdp.optimal_decision(m, objective, "goal")["value"] == expected
    r = exactdp.optimal_decision(m, "pmax", "goal")
    assert r["value"]["0"] == Fraction(3, 4) and r["strategy"]["0"] == "#1"  # unnamed choices are "#i"
    states, terminals = gamblers_ruin(4)
    path = tmp_path / "ruin.json"
    path.write_text(json.dumps(model_dict(states, terminals, {"rich": ["4"]})))
    for source in (exactdp.load_decision_model(str(path)), exactdp.load_decision_model(path, format="json")):
        assert source.owner("1") == "max" and source.owner("4") == "terminal"
        assert exactdp.optimal_decision(source, "pmin", "rich")["value"]["1"] == Fraction(1, 4)


# ---- errors ----


def test_errors():
    states, terminals = gamblers_ruin(3)
    model = model_dict(states, terminals, {"rich": ["3"]})
    with pytest.raises(ValueError, match="unknown key 'bogus'"):
        exactdp.optimal_decision({**model, "bogus": 1}, "pmax", "rich")
    bad = model_dict({"s": ("max", [("a", {"s": Fraction(1, 2)}, 0)])}, {}, {})
    with pytest.raises(ValueError, match="1/2"):  # the exact sum is named
        exactdp.decision_model(bad)
    with pytest.raises(TypeError, match="float"):
        exactdp.decision_model({"nodes": [{"id": "t", "kind": "terminal", "payoff": 0.5}]})
    with pytest.raises(ValueError, match="query"):
        exactdp.optimal_decision(model, "pbest", "rich")
    with pytest.raises(ValueError, match="needs a target"):
        exactdp.optimal_decision(model, "pmax")
    with pytest.raises(ValueError, match="neither a label nor a state"):
        exactdp.optimal_decision(model, "pmax", "nowhere")
    with pytest.raises(ValueError, match=r"both a label of .* \(its states: 3\) and a different state"):
        exactdp.optimal_decision(model_dict(states, terminals, {"1": ["3"]}), "pmax", "1")
    with pytest.raises(ValueError, match="no target"):
        exactdp.optimal_decision(model, "payoff", "rich")
    with pytest.raises(ValueError, match="default_payoff"):
        exactdp.optimal_decision(model, "pmax", "rich", default_payoff=1)
    game = model_dict({"s": ("min", [("a", {"t": Fraction(1)}, 0)])}, {"t": 0}, {})
    with pytest.raises(ValueError):  # an MDP query on a game with a min state
        exactdp.optimal_decision({**game, "nodes": game["nodes"] + model["nodes"]}, "pmax", "rich")
    with pytest.raises(ValueError, match="2\\^31"):
        exactdp.optimal_decision(model, "pmax", "rich", number="mod", modulus=4611686018427387847)
    with pytest.raises(exactdp.DomainError):  # the coin's 2/3 has no residue mod 3
        exactdp.optimal_decision(model, "pmax", "rich", number="mod", modulus=3)
    with pytest.raises(ValueError):
        exactdp.load_decision_model("/nonexistent/model.json")


# ---- Pig (Neller and Presser 2004) ----


def pig_bellman_holds(sol):
    """Every P(i, j, k) recomputed from the solution's P(., ., 0) by the
    optimality equations: max(roll, hold) for k > 0, roll at k = 0; the
    recomputed P(i, j, 0) must be the solution's, and the solution's action
    must reach the max."""
    t, f = sol.target, sol.faces
    for i in range(t):
        for j in range(t):
            x = {}
            for k in range(t - i - 1, -1, -1):
                roll = (1 - sol.turn_start(j, i)) / f
                roll += sum((x[k + d] if i + k + d < t else Fraction(1)) for d in range(2, f + 1)) / f
                hold = 1 - sol.turn_start(j, i + k) if k > 0 else None
                x[k] = roll if hold is None else max(roll, hold)
                best = "roll" if hold is None or roll >= hold else "hold"
                if hold is None or roll != hold:
                    assert sol.action(i, j, k) == best
            if x[0] != sol.turn_start(i, j):
                return False
    return True


def test_pig_quoted_value():
    assert exactdp.pig_game(10) == Fraction(7776, 10961)  # Neller and Presser (2004)


@pytest.mark.parametrize("target,faces", [(10, 6), (7, 3), (12, 2)])
def test_pig_optimality_equations(target, faces):
    sol = exactdp.pig_strategy(target, faces)
    assert pig_bellman_holds(sol)
    assert sol.turn_start(0, 0) == exactdp.pig_game(target, faces)
    v = sol.values(0, 0, 1)
    assert v["win"] == max(v["roll"], v["hold"]) and v["best"] == sol.action(0, 0, 1)


@SETTINGS
@given(st.integers(1, 20), st.integers(2, 6))
def test_pig_number_systems_agree(target, faces):
    exact = exactdp.pig_game(target, faces)
    assert math.isclose(exactdp.pig_game(target, faces, number="double"), exact, rel_tol=REL)
    assert exactdp.pig_game(target, faces, number="mod") == exactdp.to_residue(exact)
    assert exactdp.pig_game(target, faces, number="mod", modulus=998_244_353) == exactdp.to_residue(exact, 998_244_353)


def test_pig_errors():
    with pytest.raises(ValueError):
        exactdp.pig_game(10, 1)
    with pytest.raises(ValueError):
        exactdp.pig_game(0)
    with pytest.raises(ValueError, match="outside"):
        exactdp.pig_strategy(5).action(0, 0, 5)


def test_threads_with_different_moduli():
    # Each call sets its modulus for its own thread, with the GIL released.
    from concurrent.futures import ThreadPoolExecutor

    states, terminals = gamblers_ruin(6)
    model = exactdp.decision_model(model_dict(states, terminals, {"rich": ["6"]}))
    exact = exactdp.optimal_decision(model, "pmax", "rich")["value"]["3"]
    primes = [1_000_000_007, 998_244_353, 1_000_003, 65537] * 4

    def residue_at_3(model, p):
        return exactdp.optimal_decision(model, "pmax", "rich", number="mod", modulus=p)["value"]["3"]

    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda p: residue_at_3(model, p), primes))
    assert got == [exactdp.to_residue(exact, p) for p in primes]
