"""The conversions: Fraction <-> C++ without loss (a 100,000-digit numerator
included), residues, rational reconstruction with one or several primes
(CRT), correctly rounded doubles, ulps, and check() on a table."""
import math
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import exactdp

SETTINGS = settings(derandomize=True, max_examples=50, deadline=None)
fractions = st.fractions(max_denominator=10**30) | st.builds(
    Fraction, st.integers(-(10**60), 10**60), st.integers(1, 10**60))


@SETTINGS
@given(fractions)
def test_round_trip(q):
    assert exactdp._Exact(q).fraction() == q
    assert exactdp._Exact(q.numerator).fraction() == q.numerator


def test_huge_round_trip():
    num = 10**99_999 + 7**100_000  # 100,000 digits (7^100000 has 84,510)
    assert 10**99_999 <= num < 10**100_000
    for q in (Fraction(num, 3**50_001), Fraction(-num, 1), Fraction(1, num)):
        back = exactdp._Exact(q).fraction()
        assert back == q and back.denominator > 0
        assert math.gcd(back.numerator, back.denominator) == 1


def test_floats_are_not_exact_numbers():
    with pytest.raises(TypeError):
        exactdp.to_residue(0.5)
    with pytest.raises(TypeError):
        exactdp._Exact("1/2")


@SETTINGS
@given(fractions, st.sampled_from([1_000_000_007, 998_244_353, 4_611_686_018_427_387_847]))
def test_to_residue(q, p):
    if q.denominator % p == 0:
        with pytest.raises(exactdp.DomainError):
            exactdp.to_residue(q, p)
        return
    assert exactdp.to_residue(q, p) == q.numerator * pow(q.denominator, -1, p) % p


def test_to_residue_without_inverse():
    with pytest.raises(exactdp.DomainError, match="1000000007"):
        exactdp.to_residue(Fraction(1, 1_000_000_007))
    with pytest.raises(ValueError, match="not prime"):
        exactdp.to_residue(Fraction(1, 3), 15)


@SETTINGS
@given(st.integers(-(10**4), 10**4), st.integers(1, 10**4))
def test_reconstruct_one_prime(n, d):
    q = Fraction(n, d)
    assert exactdp.reconstruct(exactdp.to_residue(q)) == q
    assert exactdp.reconstruct(exactdp.to_residue(q, 998_244_353), 998_244_353) == q


@SETTINGS
@given(st.integers(-(10**25), 10**25), st.integers(1, 10**25))
def test_reconstruct_several_primes(n, d):
    q = Fraction(n, d)
    primes = [1_000_000_007, 998_244_353, 4_611_686_018_427_387_847, 2_305_843_009_213_693_951]
    residues = [exactdp.to_residue(q, p) for p in primes]
    assert exactdp.reconstruct(list(zip(residues, primes))) == q
    assert exactdp.reconstruct(residues, primes) == q


def test_reconstruct_errors():
    # 1/3 needs more than one small prime to be found from a 3-bit modulus.
    with pytest.raises(exactdp.DomainError):
        exactdp.reconstruct(3, 7)
    with pytest.raises(ValueError):
        exactdp.reconstruct([(1, 6), (1, 9)])  # moduli sharing a factor
    with pytest.raises(ValueError):
        exactdp.reconstruct([1, 2], [7])


@SETTINGS
@given(fractions)
def test_to_double_is_correctly_rounded(q):
    assert exactdp.to_double(q) == float(q)  # int / int division is correctly rounded in Python
    assert exactdp.ulp_distance(float(q), q) == 0
    assert exactdp.to_fraction(float(q)) == Fraction(float(q))


def test_ulp_distance():
    third = Fraction(1, 3)
    assert exactdp.ulp_distance(1 / 3, third) == 0
    assert exactdp.ulp_distance(math.nextafter(1 / 3, 1), third) == 1
    assert exactdp.ulp_distance(math.nextafter(math.nextafter(1 / 3, 0), 0), third) == 2
    assert exactdp.ulp_distance(math.inf, third) is None
    assert exactdp.to_double(Fraction(1, 2**1076)) == 0.0
    assert exactdp.to_double(Fraction(2**1100)) == math.inf


def python_check(values, exact):
    """check() written with fractions.Fraction, one value at a time."""
    ulps, relative = [], []
    for v, q in zip(values, exact):
        v = float(v)
        ulps.append(float(exactdp.ulp_distance(v, q)))
        relative.append(float(abs((Fraction(v) - q) / q)) if q else (0.0 if v == 0 else math.inf))
    return ulps, relative


def test_check_against_a_python_loop():
    rng = random.Random(15)
    exact = [Fraction(rng.randint(-10**20, 10**20), rng.randint(1, 10**20)) for _ in range(500)] + [Fraction(0)] * 2
    values = np.array([float(q) for q in exact])
    for i in range(0, 500, 3):  # off by a few ulps
        for _ in range(i % 7):
            values[i] = math.nextafter(values[i], math.inf)
    values[-1] = 1e-300  # exact 0, value not
    ulps, relative = exactdp.check(values, exact)
    assert ulps.dtype == np.float64 and relative.dtype == np.float64
    want_ulps, want_relative = python_check(values, exact)
    assert list(ulps) == want_ulps
    assert list(relative) == want_relative
    assert ulps[3] == 3 and relative[-1] == math.inf and relative[-2] == 0


def test_check_errors():
    with pytest.raises(ValueError, match="2 values but 1"):
        exactdp.check(np.array([1.0, 2.0]), [Fraction(1)])
    ulps, relative = exactdp.check([math.nan], [Fraction(1)])
    assert math.isnan(ulps[0]) and math.isnan(relative[0])


wide_fractions = st.builds(
    lambda n, d, shift: Fraction(n, d) * Fraction(2) ** shift,
    st.integers(-(10**40), 10**40), st.integers(1, 10**40), st.integers(-1100, 1100))


@SETTINGS
@given(st.lists(wide_fractions, min_size=1, max_size=20), st.integers(-3, 3))
def test_check_on_every_range(exact, nudge):
    # Subnormal, huge, negative and zero values: ulps as the library's
    # ulp_distance counts them, relative errors as Python's correctly
    # rounded float(Fraction) gives them.
    values = []
    for q in exact:
        try:
            v = float(q)
        except OverflowError:
            v = math.inf
        for _ in range(abs(nudge)):
            v = math.nextafter(v, math.copysign(math.inf, nudge))
        values.append(v)
    ulps, relative = exactdp.check(np.array(values), exact)
    for v, q, u, r in zip(values, exact, ulps, relative):
        if not math.isfinite(v):
            assert math.isnan(u) and math.isnan(r)
            continue
        want = exactdp.ulp_distance(v, q)
        assert (math.isnan(u) and want is None) or u == want
        assert r == (float(abs((Fraction(v) - q) / q)) if q else (0.0 if v == 0 else math.inf))


def test_a_rational_that_is_not_a_fraction_is_put_in_lowest_terms():
    # Issue 25: any rational type with numerator and denominator is read, and
    # one that is not a Fraction may be unnormalised (2 / -4).
    class Ratio:
        numerator = 2
        denominator = -4

    assert exactdp._Exact(Ratio()).fraction() == Fraction(-1, 2)
    assert exactdp._Exact(Fraction(2, 4)).fraction() == Fraction(1, 2)
