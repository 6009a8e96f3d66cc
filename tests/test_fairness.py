"""Is this die fair? (yacht_edu.probability.fairness): the exact chi-square p-value against
scipy and against numerical integration of the chi-square density, the simulation against both."""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
import pytest
import sympy

from yacht_edu import RuleError, fairness
from yacht_edu.i18n import LANGUAGES
from yacht_edu.probability.fairness import (
    BadCountsError,
    FewRollsWarning,
    chi_square,
    chi_square_tail,
    face_counts,
)


def scipy_stats() -> Any:
    """scipy's statistics (the test extra only), imported by the test that uses them: not by
    every pytest process that collects this file."""
    return pytest.importorskip("scipy.stats")


def density_tail(x: float) -> float:
    """P(X² ≥ x), 5 degrees of freedom, by integrating the density numerically (mpmath)."""
    s = sympy.Symbol("s", positive=True)
    k = sympy.Rational(5, 2)
    density = s ** (k - 1) * sympy.exp(-s / 2) / (2**k * sympy.gamma(k))
    return float(sympy.Integral(density, (s, x, sympy.oo)).evalf(25))


@pytest.mark.parametrize("counts", [
    [10, 10, 10, 10, 10, 10], [8, 9, 12, 11, 6, 14], [30, 5, 5, 5, 5, 10], [100, 95, 103, 99,
                                                                          110, 93]])
def test_the_p_value_three_ways(counts: list[int]) -> None:
    result = fairness(counts, simulations=20_000, seed=3)
    x = float(result.statistic)
    assert result.p_value_float == pytest.approx(scipy_stats().chi2.sf(x, 5), abs=1e-12)
    assert result.p_value_float == pytest.approx(density_tail(x), abs=1e-12)
    assert result.degrees_of_freedom == 5
    bound = 4 * math.sqrt(max(result.p_value_float * (1 - result.p_value_float), 1e-4) / 20_000)
    if result.reliable:
        assert abs(result.simulated_p_value - result.p_value_float) < bound + 0.01


def test_the_statistic_is_an_exact_fraction() -> None:
    result = fairness([8, 9, 12, 11, 6, 14])
    # E = 10 each: (4 + 1 + 4 + 1 + 16 + 16) / 10 = 42/10
    assert result.statistic == sympy.Rational(21, 5)
    assert chi_square([10] * 6) == 0 and fairness([10] * 6).p_value == 1
    with pytest.warns(FewRollsWarning):
        assert fairness({1: 3, 6: 3}).statistic == chi_square([3, 0, 0, 0, 0, 3])


def test_the_closed_form_is_the_regularised_gamma() -> None:
    x = sympy.Symbol("x", positive=True)
    gamma = sympy.uppergamma(sympy.Rational(5, 2), x / 2) / sympy.gamma(sympy.Rational(5, 2))
    for value in (sympy.Rational(1, 3), 4, sympy.Rational(221, 10)):
        assert sympy.N(chi_square_tail(value) - gamma.subs(x, value), 40) == pytest.approx(
            0, abs=1e-35)


def test_the_simulation_is_the_exact_distribution_of_a_few_rolls() -> None:
    # With 6 rolls the statistic's exact distribution can be counted over all 6^6 outcomes.
    counts = [3, 1, 1, 1, 0, 0]
    observed = chi_square(counts)
    outcomes = np.indices((6,) * 6).reshape(6, -1).T + 1
    per_face = np.stack([(outcomes == f).sum(axis=1) for f in range(1, 7)], axis=1)
    statistics = 6 * (per_face**2).sum(axis=1) - 36
    exact = float(np.mean(statistics >= int(observed * 6)))
    with pytest.warns(FewRollsWarning):
        result = fairness(counts, simulations=40_000, seed=5)
    assert not result.reliable
    assert abs(result.simulated_p_value - exact) < 4 * math.sqrt(exact * (1 - exact) / 40_000)
    # ...and the chi-square approximation is visibly off: the test means little here
    assert abs(result.p_value_float - exact) > 0.05


def test_a_loaded_die_is_caught() -> None:
    result = fairness([10, 10, 10, 10, 10, 40], simulations=2_000)
    assert result.p_value_float < 1e-6 and result.simulated_p_value == 0.0


def test_enough_rolls_raise_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fairness([5] * 6).reliable


@pytest.mark.parametrize("counts", [[1, 2, 3], [1, 2, 3, 4, 5, 6, 7], [1, -2, 3, 4, 5, 6],
                                    [1, 2.5, 3, 4, 5, 6], [0] * 6, {7: 3}, [True] * 6])
def test_bad_counts_are_refused_in_every_language(counts: object) -> None:
    with pytest.raises(BadCountsError) as raised:
        fairness(counts)  # type: ignore[arg-type]
    assert isinstance(raised.value, RuleError)
    for lang in LANGUAGES:
        assert not raised.value.message(lang).startswith("fairness.")


def test_faces_become_counts() -> None:
    assert face_counts([1, 6, 6, 3]) == (1, 0, 1, 0, 0, 2)
    with pytest.raises(BadCountsError):
        face_counts([1, 7])


def test_the_simulation_is_seeded() -> None:
    first = fairness([8, 9, 12, 11, 6, 14], simulations=500, seed=9)
    assert first.simulated_p_value == fairness([8, 9, 12, 11, 6, 14], simulations=500,
                                               seed=9).simulated_p_value
