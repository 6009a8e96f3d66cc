"""Waiting for a yacht (yacht_edu.probability.waiting): exact values against a second method and
against a seeded simulation, within Monte-Carlo bounds (four standard errors)."""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
import sympy

from yacht_edu.probability import p_kind_within
from yacht_edu.probability.waiting import (
    BadWaitError,
    WaitingTime,
    WaitSimulation,
    first_yacht,
    simulate_first_yacht,
)

P = sympy.Rational(347897, 7558272)  # OEIS A096256: five of a kind within three rolls


@pytest.fixture(scope="module")
def simulation() -> WaitSimulation:
    return simulate_first_yacht(20_000, seed=13)


def test_the_chance_per_turn_three_ways() -> None:
    assert first_yacht().p == P
    # the "how many alike" chain's closed form in the number of rolls n
    expression = p_kind_within(5)
    (n,) = expression.free_symbols
    assert expression.subs(n, 3) == P
    # brute force: keep the most common face, over every ordered roll
    assert chase_by_brute_force() == Fraction(347897, 7558272)


def chase_by_brute_force() -> Fraction:
    """Chance of five alike in three rolls keeping the most alike, by counting ordered rolls."""
    @functools.cache
    def after(alike: int, rolls: int) -> Fraction:
        if alike == 5:
            return Fraction(1)
        if rolls == 0:
            return Fraction(0)
        total = Fraction(0)
        thrown = 5 - alike
        for roll in itertools.product(range(1, 7), repeat=thrown):
            # the kept face is face 1 (by symmetry); the thrown dice may beat it
            counts = Counter(roll)
            kept = alike + counts[1] if alike else max(counts.values())
            best = max(kept, max(counts.values()))
            total += after(best, rolls - 1)
        rolls_thrown: int = 6**thrown
        return total / rolls_thrown
    return after(0, 3)


def test_mean_variance_and_games() -> None:
    wait = first_yacht()
    assert wait.mean == 1 / P and wait.variance == (1 - P) / P**2
    assert wait.chance_within(12) == 1 - (1 - P) ** 12
    assert wait.chance_within(13) == 1 - (1 - P) ** 13
    assert float(wait.chance_within(12)) == pytest.approx(0.4319009997, abs=1e-10)
    assert float(wait.chance_within(13)) == pytest.approx(0.4580498255, abs=1e-10)
    # the chances of the turns add up to the chance within, and to 1 in the limit
    assert sum(wait.chance_at(k) for k in range(1, 13)) == wait.chance_within(12)
    k = sympy.Symbol("k", integer=True, positive=True)
    assert sympy.summation((1 - P) ** (k - 1) * P, (k, 1, sympy.oo)) == 1


def test_the_random_variable_agrees() -> None:
    from sympy.stats import E, variance

    wait = first_yacht()
    assert E(wait.random_variable()) == wait.mean
    assert variance(wait.random_variable()) == wait.variance


def test_memoryless_exactly_and_in_symbols() -> None:
    wait = first_yacht()
    for k, m in [(1, 0), (3, 10), (12, 12)]:
        assert wait.chance_none_next(k, after=m) == wait.chance_none(k)
    formulas = WaitingTime.formulas()
    assert sympy.simplify(formulas["chance_none_next"] - formulas["chance_none"]) == 0


def bound(p: float, n: int) -> float:
    return 4 * math.sqrt(p * (1 - p) / n)


def test_simulation_agrees_with_the_exact_values(simulation: WaitSimulation) -> None:
    wait = first_yacht()
    assert abs(simulation.mean - float(wait.mean)) < 4 * simulation.mean_error
    assert abs(simulation.variance - float(wait.variance)) < 4 * simulation.variance_error
    for turns in (1, 12, 13):
        exact = float(wait.chance_within(turns))
        assert abs(simulation.chance_within(turns) - exact) < bound(exact, simulation.learners)
    exact = float(wait.chance_at(5))
    assert abs(simulation.chance_at(5) - exact) < bound(exact, simulation.learners)


def test_simulated_memorylessness(simulation: WaitSimulation) -> None:
    exact = float(first_yacht().chance_none(3))
    waiting = simulation.learners_waiting(10)
    assert abs(simulation.chance_none_next(3, after=10) - exact) < bound(exact, waiting)


def test_the_simulation_is_seeded() -> None:
    first, again = simulate_first_yacht(500, seed=4), simulate_first_yacht(500, seed=4)
    assert (first.waits == again.waits).all()
    assert not (first.waits == simulate_first_yacht(500, seed=5).waits).all()


@pytest.mark.parametrize("turns", [-1, 1.5, "3", True])
def test_bad_turns_are_refused(turns: object) -> None:
    with pytest.raises(BadWaitError):
        first_yacht().chance_within(turns)  # type: ignore[arg-type]


def test_a_short_simulation_says_what_it_lacks() -> None:
    short = simulate_first_yacht(200, seed=0, max_turns=3)
    with pytest.raises(BadWaitError):
        _ = short.mean
    with pytest.raises(BadWaitError):
        short.chance_within(4)
    with pytest.raises(BadWaitError):
        WaitingTime(sympy.Rational(3, 2))


@pytest.mark.parametrize("p", ["0.5", None, [1], True, sympy.Symbol("p"), 1j, float("nan"), 0])
def test_a_waiting_time_refuses_what_is_not_a_chance_and_says_so(p: object) -> None:
    with pytest.raises(BadWaitError, match="more than 0 and at most 1"):
        WaitingTime(p)


@pytest.mark.parametrize("p", [sympy.Rational(1, 22), Fraction(1, 2), 1, 0.25])
def test_a_waiting_time_takes_any_chance_as_a_number(p: object) -> None:
    assert WaitingTime(p).chance_at(1) == p

