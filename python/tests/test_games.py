"""Games and Grundy values against pure-Python game-tree searches."""
from fractions import Fraction
from functools import reduce

import pytest
from hypothesis import given, settings, strategies as st

import exactdp
import oracles

SETTINGS = settings(derandomize=True, max_examples=50, deadline=None)


@SETTINGS
@given(st.lists(st.integers(0, 9), max_size=5))
def test_nim(heaps):
    r = exactdp.nim(heaps)
    s = reduce(lambda a, b: a ^ b, heaps, 0)
    assert r["nim_sum"] == s and r["result"] == ("win" if s else "lose")
    if s:
        move = r["winning_move"]
        after = list(heaps)
        after[move["heap"]] -= move["remove"]
        assert move["remove"] >= 1 and reduce(lambda a, b: a ^ b, after, 0) == 0
    else:
        assert r["winning_move"] is None


def test_misere_nim_quoted():
    # Bouton: 3,4,5 win; 1,1,1 lose; 1,1 win; 1 lose.
    assert [exactdp.misere_nim(h)["result"] for h in ([3, 4, 5], [1, 1, 1], [1, 1], [1])] == [
        "win", "lose", "win", "lose"]


@SETTINGS
@given(st.lists(st.integers(-20, 20), min_size=1, max_size=9))
def test_row_games(values):
    lead = oracles.best_lead(values)
    r = exactdp.best_lead(values)
    assert r["lead"] == lead and type(r["lead"]) is int and r["total"] == sum(values)
    assert r["scores"][0] - r["scores"][1] == lead
    halves = [Fraction(v, 2) for v in values]
    assert exactdp.best_lead(halves)["lead"] == Fraction(lead, 2)
    assert abs(exactdp.best_lead([float(v) for v in values], number="double")["lead"] - lead) < 1e-9
    assert exactdp.stone_game_iii(values)["lead"] == oracles.stone_game_iii(values)
    assert exactdp.stone_game(values)["first_player_wins"] == (lead > 0)


def test_row_game_quoted_values():
    assert exactdp.stone_game_ii([2, 7, 9, 4, 4])["first_score"] == 10
    assert exactdp.stone_game_iii([1, 2, 3, 7])["winner"] == "Bob"
    assert exactdp.stone_game_vii([5, 3, 1, 4, 2])["lead"] == 6
    with pytest.raises(ValueError):
        exactdp.best_lead([])
    with pytest.raises(ValueError, match="mod"):
        exactdp.best_lead([1, 2], number="mod")


@SETTINGS
@given(st.integers(1, 8), st.integers(-2, 40))
def test_can_i_win(m, total):
    r = exactdp.can_i_win(m, total)
    assert r["first_player_wins"] == oracles.can_i_win(m, total)


@SETTINGS
@given(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True), st.integers(0, 60), st.booleans())
def test_subtraction_game(moves, n, misere):
    win = oracles.subtraction_outcomes(n, moves, misere)
    r = exactdp.subtraction_game(n, moves, misere=misere)
    assert r["result"] == ("win" if win[n] else "lose")
    if win[n] and any(k <= n for k in moves):  # misere, no move left: won without moving
        k = r["winning_move"]
        assert k in moves and not win[n - k]


@SETTINGS
@given(st.lists(st.integers(0, 12), max_size=12))
def test_mex_and_nim_sum(values):
    assert exactdp.mex(values) == oracles.mex(values)
    assert exactdp.nim_sum(values) == reduce(lambda a, b: a ^ b, values, 0)


@pytest.mark.parametrize("code", ["0.07", "0.137", "4.7", "0.6", "0.33", "0.51", "0.161"])
def test_octal_games(code):
    assert exactdp.octal_grundy_values(code, 60) == oracles.octal_grundy(code, 60)


def test_subtraction_grundy_values():
    # The subtraction game {1, 3, 4}: G = 0 1 0 1 2 3 2 0 1 0 1 2 3 2 ... (period 7).
    g = exactdp.subtraction_grundy_values([1, 3, 4], 14)
    assert g == [0, 1, 0, 1, 2, 3, 2] * 2
    with pytest.raises(ValueError):
        exactdp.octal_grundy_values("0.8", 5)
