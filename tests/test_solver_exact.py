"""The exact solve of yacht and yacht_sum4, and the exact distribution of the optimal score.

docs/rules.md#published-figures: no optimal score of ``yacht`` or ``yacht_sum4`` is published
that we could find, so the checks are the float solve (equal at every state), the distribution
played forward (its mean and variance equal the backward solve's, exactly) and a seeded simulation.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import sympy

from yacht_edu import categories, get_rules, optimal_expected_score, score
from yacht_edu.dice import multisets
from yacht_edu.solver import exact_solution, optimal_score_distribution, solve
from yacht_edu.solver.cache import clear_memory
from yacht_edu.solver.exact import TURN_DENOMINATOR
from yacht_edu.strategies import simulate

pytestmark = pytest.mark.slow  # whole solves: seconds to minutes each

BONUS_FREE = ["yacht", "yacht_sum4"]



@pytest.mark.parametrize("rules", BONUS_FREE)
def test_exact_equals_the_float_solve_at_every_state(rules: str) -> None:
    exact = exact_solution(rules)
    table = solve(rules)
    space = exact.space
    denominators = [exact.denominator(s) for s in range(space.size)]
    means = np.array([float(Fraction(n, d)) for n, d in zip(exact.mean, denominators,
                                                            strict=True)])
    seconds = np.array([float(Fraction(n, d)) for n, d in zip(exact.mean_square, denominators,
                                                              strict=True)])
    assert np.allclose(means, table.mean, rtol=1e-12, atol=1e-11)
    assert np.allclose(seconds, table.mean_square, rtol=1e-12, atol=1e-9)


@pytest.mark.parametrize("rules", BONUS_FREE)
def test_the_exact_mean_is_a_rational_over_a_power_of_six(rules: str) -> None:
    result = optimal_expected_score(rules, exact=True)
    assert isinstance(result.mean, sympy.Rational)
    assert (TURN_DENOMINATOR**12) % result.mean.q == 0  # 12 turns of 6**15 each
    assert float(result.mean) == pytest.approx(optimal_expected_score(rules).mean, abs=1e-9)
    assert result.sd == pytest.approx(math.sqrt(result.variance), rel=1e-15)
    assert result.sd == pytest.approx(optimal_expected_score(rules).sd, abs=1e-9)


def test_four_of_a_kind_summing_all_five_is_worth_more() -> None:
    yacht = optimal_expected_score("yacht", exact=True).mean
    folk = optimal_expected_score("yacht_sum4", exact=True).mean
    assert 0 < folk - yacht < 5


@pytest.mark.parametrize("rules", BONUS_FREE)
def test_distribution_agrees_with_the_backward_solve(rules: str) -> None:
    distribution = optimal_score_distribution(rules)
    exact = optimal_expected_score(rules, exact=True)
    assert sum(distribution.numerators.values()) == distribution.denominator  # sums to 1
    assert distribution.mean == exact.mean
    assert distribution.variance == exact.variance
    assert all(distribution[score] > 0 for score in distribution)
    most = sum(max(score(hand, c, rules) for hand in multisets()) for c in categories(rules))
    assert min(distribution) >= 0 and max(distribution) <= most  # the most a card can hold


@pytest.mark.parametrize("rules", BONUS_FREE)
def test_distribution_against_seeded_simulation(rules: str) -> None:
    # Monte-Carlo bound: the simulated frequency of "at least x" within 4 standard errors.
    games = simulate("optimal", rules, games=20_000, seed=17)
    distribution = optimal_score_distribution(rules)
    for threshold in (100, 140, 160, 170, 180, 200, 230):
        p = float(distribution.at_least(threshold))
        seen = float(np.mean(games.scores >= threshold))
        assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / games.games) + 1e-12


def test_distribution_has_its_own_chances() -> None:
    distribution = optimal_score_distribution("yacht")
    # A game of all zeros is impossible: choice alone scores at least 5.
    assert distribution[0] == 0 and distribution.fraction(0) == 0
    assert distribution.at_least(0) == 1
    assert "mean 166.9551" in repr(distribution)


def test_distribution_is_saved_and_reloaded(solver_cache: Path) -> None:
    first = optimal_score_distribution("yacht_sum4")
    clear_memory()
    again = optimal_score_distribution("yacht_sum4")
    assert again is not first and again.numerators == first.numerators
    assert any(p.name.startswith("yacht_sum4-distribution") for p in solver_cache.iterdir())


def test_exact_is_refused_where_there_are_bonuses() -> None:
    with pytest.raises(ValueError, match="float solve"):
        optimal_expected_score(get_rules("yahtzee"), exact=True)
