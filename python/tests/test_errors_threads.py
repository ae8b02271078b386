"""Every C++ error kind arrives as its Python exception (none as a bare
RuntimeError), from the functions that throw them and from the translator
itself; two threads with different moduli compute at once and right, with
the GIL released; Ctrl-C stops a long call."""
import _thread
import math
import re
import threading
import time
from fractions import Fraction

import pytest

import exactdp


def test_exception_types():
    assert issubclass(exactdp.DomainError, ArithmeticError) and issubclass(exactdp.DomainError, ValueError)
    assert issubclass(exactdp.ResourceError, MemoryError)
    assert issubclass(exactdp.InfiniteValueError, exactdp.DomainError)
    expected = {
        "invalid_argument": ValueError,
        "domain_error": exactdp.DomainError,
        "infinite_value_error": exactdp.InfiniteValueError,
        "resource_error": exactdp.ResourceError,
        "overflow_error": OverflowError,
        "out_of_range": IndexError,
        "interrupted_error": KeyboardInterrupt,
        "runtime_error": exactdp.Error,
    }
    for kind, python_type in expected.items():
        with pytest.raises(python_type, match="message of " + kind) as info:
            exactdp._throw(kind, "message of " + kind)
        assert type(info.value) is python_type


def test_errors_from_the_library():
    with pytest.raises(ValueError, match="board size"):
        exactdp.knight_probability(0, 1, 0, 0)
    # No inverse of 3 modulo 3 inside the New 21 Game recurrence.
    with pytest.raises(exactdp.DomainError, match="modulo 3"):
        exactdp.new21_probability(5, 4, 3, number="mod", modulus=3)
    with pytest.raises(exactdp.ResourceError, match="state budget"):
        exactdp.knight_probability(100_000, 10_000_000, 0, 0)
    with pytest.raises(exactdp.ResourceError):  # the memory error a user catches
        exactdp.octal_grundy_values("0.07", 10**9)
    with pytest.raises(TypeError):
        exactdp.knight_probability("8", 1, 0, 0)


def test_two_threads_two_moduli():
    exact = exactdp.knight_probability(8, 30, 0, 0)
    moduli = [998_244_353, 754_974_721, 1_000_000_007, 4_611_686_018_427_387_847]
    wrong = []

    def work(p):
        for _ in range(30):
            r = exactdp.knight_probability(8, 30, 0, 0, number="mod", modulus=p)
            if r != exactdp.to_residue(exact, p):
                wrong.append((p, r))

    threads = [threading.Thread(target=work, args=(p,)) for p in moduli]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


# A walk far longer than these tests wait for: about 1.8e10 steps in double
# (within the default work budget), tens of seconds on any machine. The
# tests below end it with Ctrl-C, so it never runs to the end when they pass;
# when they fail, it ends and the test fails (it does not hang).
LONG_WALK = dict(n=150, moves=10**5, row=0, column=0, number="double")


def test_the_gil_is_released():
    # Proof by events, not by a clock: another thread counts 20 ticks of
    # Python code, and only then presses Ctrl-C. The long call can end with
    # KeyboardInterrupt only if the other thread ran while the call was
    # running, that is, only if the call released the GIL. A call that held
    # it would run to its end and return a value.
    ticks = 0

    def ticker():
        nonlocal ticks
        while ticks < 20:
            ticks += 1
            time.sleep(0.001)
        _thread.interrupt_main()

    t = threading.Thread(target=ticker)
    try:
        with pytest.raises(KeyboardInterrupt):
            t.start()
            exactdp.knight_probability(**LONG_WALK)
    finally:
        t.join()
    assert ticks == 20


def test_ctrl_c_stops_a_long_call():
    # interrupt_main() is what Ctrl-C does: a pending SIGINT for the main
    # thread. The long walk polls for it between its layers and leaves with
    # KeyboardInterrupt instead of running to its end.
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            exactdp.knight_probability(**LONG_WALK)
    finally:
        timer.cancel()
    # Afterwards the module answers as before.
    assert exactdp.knight_probability(3, 1, 0, 0) == Fraction(1, 4)


def test_non_integers_are_refused_where_integers_are_meant():
    # A Fraction, Decimal or numpy float is not silently truncated to an int.
    import decimal
    import numpy as np
    for bad in (Fraction(7, 2), decimal.Decimal("3.9"), np.float32(3.9), 3.0):
        with pytest.raises(TypeError):
            exactdp.knight_probability(bad, 2, 0, 0)
        with pytest.raises(TypeError):
            exactdp.knight_probability(3, 2, 0, 0, number="mod", modulus=bad)
    with pytest.raises(TypeError):
        exactdp.nim([Fraction(7, 2), 4, 5])
    # numpy integers are integers.
    assert exactdp.knight_probability(np.int64(3), np.int32(2), 0, 0) == Fraction(1, 16)


def test_budgets_per_thread_from_python():
    default = exactdp.get_budgets()
    try:
        exactdp.set_budgets(state_bytes=1 << 20)
        assert exactdp.get_budgets()["state_bytes"] == 1 << 20
        with pytest.raises(exactdp.ResourceError, match=r"exactdp\.set_budgets\(state_bytes=\.\.\.\)"):
            exactdp.knight_probability(500, 10, 0, 0, number="double")
        seen = []
        t = threading.Thread(target=lambda: seen.append(exactdp.get_budgets()))
        t.start()
        t.join()
        assert seen == [default]  # another thread keeps its own budgets
        with pytest.raises(ValueError):
            exactdp.set_budgets(work_steps=0)
        # As the tool's --max-work: 1..10^18, the value shown as given.
        for bad, shown in ((math.inf, "inf"), (math.nan, "nan"), (-5.0, "-5"), (1e19, "1e+19")):
            with pytest.raises(ValueError, match=r"work_steps must be a number of steps in 1\.\.10\^18, not " +
                               re.escape(shown) + "$"):
                exactdp.set_budgets(work_steps=bad)
    finally:
        exactdp.set_budgets(**default)
    assert exactdp.get_budgets() == default


def test_messages_escape_raw_characters():
    with pytest.raises(ValueError, match=r"\\xc3"):
        exactdp.cat_mouse2(["C\u00e9MF"], cat_jump=1, mouse_jump=1)
    with pytest.raises(ValueError, match=r"\\x00"):
        exactdp.cat_mouse2(["C\x00MF"], cat_jump=1, mouse_jump=1)


def test_pig_double_stops_at_the_work_budget():
    # The double Pig solve counts its work as it goes (strategy rounds
    # included): above the budget it raises instead of running on.
    default = exactdp.get_budgets()
    try:
        exactdp.set_budgets(work_steps=1e6)
        with pytest.raises(exactdp.ResourceError, match="Pig solve"):
            exactdp.pig_game(200, number="double")
    finally:
        exactdp.set_budgets(**default)
    assert exactdp.pig_game(10, number="double") == pytest.approx(7776 / 10961, rel=1e-12)


def test_modulus_range_is_stated_once():
    for bad in (0, 1, 2**62 + 1):
        with pytest.raises(ValueError, match=r"2 < P < 2\^62"):
            exactdp.knight_probability(3, 2, 0, 0, number="mod", modulus=bad)


@pytest.mark.parametrize(
    "call",
    [
        lambda: exactdp.expected_draws_to_collect(3 * 10**6),
        lambda: exactdp.expected_rolls_to_reach(2 * 10**5, faces=1000),
    ],
    ids=["expected_draws_to_collect", "expected_rolls_to_reach"],
)
def test_ctrl_c_stops_the_long_loops_of_the_recurrences(call):
    # Issue 25: these loops did not poll (a KeyboardInterrupt came after the
    # call, 732 s late for the second). Each runs for many seconds within the
    # default work budget (the second about 35 s on this machine); it
    # must leave with KeyboardInterrupt instead of running to its end.
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
