"""The probability recurrences against the pure-Python oracles, in the three
number systems: exact equals the oracle, the residue equals the exact value
mapped to a residue, the double is within a stated relative tolerance."""
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import exactdp
import oracles

# The double runs of these recurrences keep a relative error of a few ulps
# per step; on the small inputs below 1e-12 is far above that.
RELATIVE = 1e-12
SETTINGS = settings(derandomize=True, max_examples=40, deadline=None)
PRIMES = [1_000_000_007, 998_244_353, 2_147_483_647, 4_611_686_018_427_387_847]


def agree(f, args, exact, kwargs=None, relative=RELATIVE):
    """f(*args) in the three systems agrees with the exact value."""
    kwargs = kwargs or {}
    got = f(*args, **kwargs)
    assert got == exact and type(got) is type(exact)
    d = f(*args, number="double", **kwargs)
    assert isinstance(d, float)
    assert math.isclose(d, exact, rel_tol=relative, abs_tol=0 if exact else 1e-300)
    for p in PRIMES:
        try:
            expected = exactdp.to_residue(exact, p)
        except exactdp.DomainError:
            continue
        r = f(*args, number="mod", modulus=p, **kwargs)
        assert isinstance(r, int) and r == expected
    assert f(*args, number="mod", **kwargs) == exactdp.to_residue(exact)


@SETTINGS
@given(st.integers(1, 7), st.integers(0, 8), st.data())
def test_knight(n, moves, data):
    row, col = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
    agree(exactdp.knight_probability, (n, moves, row, col), oracles.knight_probability(n, moves, row, col))
    agree(exactdp.knight_paths, (n, moves, row, col), oracles.knight_paths(n, moves, row, col))


def test_knight_quoted_values():
    # LeetCode 688: n = 3, k = 2 from (0, 0) is 0.0625; n = 1, k = 0 is 1.
    assert exactdp.knight_probability(3, 2, 0, 0) == Fraction(1, 16)
    assert exactdp.knight_probability(1, 0, 0, 0) == 1


@SETTINGS
@given(st.integers(1, 12), st.data())
def test_new21(max_pts, data):
    k = data.draw(st.integers(0, 12))
    n = data.draw(st.integers(k, 25))
    exact = oracles.new21(n, k, max_pts)
    agree(exactdp.new21_probability, (n, k, max_pts), exact)


def test_new21_quoted_values():
    # LeetCode 837: (10, 1, 10) -> 1, (6, 1, 10) -> 0.6, (21, 17, 10) -> 0.73278.
    assert exactdp.new21_probability(10, 1, 10) == 1
    assert exactdp.new21_probability(6, 1, 10) == Fraction(3, 5)
    assert abs(exactdp.new21_probability(21, 17, 10, number="double") - 0.73278) < 1e-5


@SETTINGS
@given(st.integers(0, 400))
def test_soup(n):
    agree(exactdp.soup_servings, (n,), oracles.soup(n))


@SETTINGS
@given(st.integers(1, 8), st.integers(1, 8))
def test_runs_and_totals(k, faces):
    # The run's double follows the closed form's order of operations, which
    # loses about f^k ulps in 1 - b (the C++ test states 1e-6 too).
    agree(exactdp.expected_rolls_for_run, (k, faces), oracles.rolls_for_run(k, faces), relative=1e-6)
    agree(exactdp.expected_rolls_to_reach, (k, faces), oracles.rolls_to_reach(k, faces))
    assert exactdp.expected_rolls_for_run(2) == 42  # two sixes in a row


@SETTINGS
@given(st.integers(0, 7), st.lists(st.integers(1, 15), min_size=6, max_size=6))
def test_dice_sequences(n, roll_max):
    agree(exactdp.dice_sequences, (n, roll_max), oracles.dice_sequences(n, roll_max))


@SETTINGS
@given(st.integers(1, 5), st.integers(1, 5), st.integers(0, 7), st.data())
def test_boundary_paths(m, n, moves, data):
    row, col = data.draw(st.integers(0, m - 1)), data.draw(st.integers(0, n - 1))
    agree(exactdp.boundary_paths, (m, n, moves, row, col), oracles.boundary_paths(m, n, moves, row, col))


@SETTINGS
@given(st.integers(0, 60))
def test_counts_of_permutations_and_coupons(n):
    agree(exactdp.expected_fixed_points, (n,), oracles.expected_fixed_points(n))
    agree(exactdp.expected_draws_to_collect, (n,), oracles.expected_draws_to_collect(n))


def test_bad_number_kind():
    with pytest.raises(ValueError, match="number must be"):
        exactdp.knight_probability(3, 2, 0, 0, number="decimal")
    with pytest.raises(ValueError, match="not prime"):
        exactdp.knight_probability(3, 2, 0, 0, number="mod", modulus=1_000_000_008)


def test_every_call_checks_its_modulus():
    # The module remembers the last prime modulus it checked (a primality
    # test costs more than a small call): a call with another value is
    # checked all the same, before and after a good one.
    exact = exactdp.knight_probability(3, 2, 0, 0)
    for p in (998_244_353, 998_244_353, 2**61 - 1, 1_000_000_007, 2**61 - 1):
        assert exactdp.knight_probability(3, 2, 0, 0, number="mod", modulus=p) == exactdp.to_residue(exact, p)
        with pytest.raises(ValueError, match="not prime"):
            exactdp.knight_probability(3, 2, 0, 0, number="mod", modulus=p + 1)
        with pytest.raises(ValueError, match=r"^the modulus must be a prime P with 2 < P < 2\^62"):
            exactdp.knight_probability(3, 2, 0, 0, number="mod", modulus=2**62 + p)
    assert exactdp.knight_probability(3, 2, 0, 0, number="mod") == exactdp.to_residue(exact)


def _residue(q, p):
    q = Fraction(q)
    return q.numerator * pow(q.denominator, -1, p) % p


@pytest.mark.parametrize(
    "call, exact",
    [
        (lambda **k: exactdp.expected_rolls_for_run(2, **k), Fraction(42)),
        (lambda **k: exactdp.expected_fixed_points(30, **k), Fraction(1)),
        (lambda **k: exactdp.expected_draws_to_collect(3, **k), Fraction(11, 2)),
        (lambda **k: exactdp.pig_game(10, **k), Fraction(7776, 10961)),
        (lambda **k: exactdp.expected_steps(
            {"start": "a", "transitions": {"a": {"a": "5/6", "b": "1/6"}, "b": {"a": "5/6", "c": "1/6"}},
             "absorbing": ["c"]}, **k), Fraction(42)),
    ],
)
def test_a_residue_is_taken_from_the_exact_value_when_the_recurrence_divides_by_p(call, exact):
    # Issue 25: the recurrence divides by a multiple of 3 on its way to a
    # value that has a residue mod 3; the tool prints it, so must Python.
    assert call() == exact
    assert call(number="mod", modulus=3) == _residue(exact, 3)
    assert call(number="mod", modulus=1_000_000_007) == _residue(exact, 1_000_000_007)


def test_a_value_without_a_residue_is_still_a_domain_error():
    # 137/12 (the coupon collector for 5 kinds) has no residue mod 3.
    with pytest.raises(exactdp.DomainError):
        exactdp.expected_draws_to_collect(5, number="mod", modulus=3)
