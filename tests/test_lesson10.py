"""Lesson 10, is this die fair?  Its figures and its exercises' values, each computed a second way
(scipy's chi-square distribution, brute force over small numbers of rolls, the binomial and
multinomial formulas, and a seeded simulation within its error)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from tests.helpers.lesson_figures import check_figures
from yacht_edu.lessons import check, exercise
from yacht_edu.lessons.lesson10 import (
    CLASS_COUNTS,
    chi_square_of,
    class_p_value,
    false_alarm_among_twenty,
)
from yacht_edu.probability.fairness import DEGREES_OF_FREEDOM, chi_square_tail, fairness

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "10_is_this_die_fair.ipynb"
LOADED = (Fraction(3, 20),) * 5 + (Fraction(1, 4),)


def stats() -> Any:
    """scipy's statistics, imported by the tests that use them: not by every pytest process that
    collects this file (scipy takes a second or more to import)."""
    from scipy import stats as scipy_stats

    return scipy_stats


def binomial_between(n: int, low: int, high: int) -> Fraction:
    return sum((Fraction(math.comb(n, k) * 5 ** (n - k), 6**n) for k in range(low, high + 1)),
               Fraction(0))


def sum_of_squares_chances(rolls: int = 60) -> npt.NDArray[np.float64]:
    """The chance of every sum of squares Σc² of the six counts of a fair die rolled ``rolls``
    times, summed over every count vector (no chi-square curve): X² = 6Σc²/rolls − rolls, so
    the sum of squares decides.  Built face by face: weight[n, s] = Σ over counts with n rolls
    and Σc² = s of Π 1/c!."""
    most = rolls * rolls
    weight = np.zeros((rolls + 1, most + 1))
    weight[0, 0] = 1.0
    for _ in range(6):
        after = np.zeros_like(weight)
        for c in range(rolls + 1):
            after[c:, c * c:] += weight[:rolls + 1 - c, :most + 1 - c * c] / math.factorial(c)
        weight = after
    chances: npt.NDArray[np.float64] = weight[rolls] * math.factorial(rolls) / 6.0**rolls
    assert abs(chances.sum() - 1) < 1e-12
    return chances


def flagged_in_sixty_rolls() -> float:
    """P(X² ≥ the 5 % critical value) for a fair die rolled 60 times, exactly."""
    least = math.ceil((stats().chi2.isf(0.05, 5) + 60) * 10)   # Σc² at the critical value
    return float(sum_of_squares_chances()[least:].sum())


def exact_p_value(counts: tuple[int, ...]) -> float:
    """P(X² ≥ the class's) for a fair die rolled as many times, exactly (every count vector)."""
    return float(sum_of_squares_chances(sum(counts))[sum(c * c for c in counts):].sum())


def simulated_classes_between(low: int, high: int) -> float:
    """The share of the lesson's 1,000 simulated classes (its cell: ``default_rng(10)``, 60
    rolls each) whose sixes lie from ``low`` to ``high``, as the cell computes it."""
    rng = np.random.default_rng(10)
    sixes = rng.multinomial(60, [1 / 6] * 6, size=1000)[:, 5]
    return float(np.mean((low <= sixes) & (sixes <= high)))


def test_the_simulated_share_is_the_exact_chance_within_its_error() -> None:
    """The 95.8 % of the lesson's 1,000 classes against the exact binomial 96.3 %: within three
    standard errors of a share of 1,000."""
    exact = float(binomial_between(60, 5, 16))
    error = math.sqrt(exact * (1 - exact) / 1000)
    assert abs(simulated_classes_between(5, 16) - exact) < 3 * error


def test_every_number_the_lesson_states_is_the_packages() -> None:
    rolls = sum(CLASS_COUNTS)
    even = Fraction(math.factorial(rolls), math.factorial(rolls // 6) ** 6 * 6**rolls)
    loaded_counts = [int(300 * p) for p in LOADED]
    loaded = fairness(loaded_counts, simulations=1)
    ours = fairness(CLASS_COUNTS)
    check_figures(LESSON, {
        "60": rolls, "13,412": round(1 / even), "1,000": 1000,
        # of the lesson's 1,000 simulated classes (its seeded cell), and exactly of all classes
        "95.8": 100 * simulated_classes_between(5, 16),
        "96.3": 100 * binomial_between(rolls, 5, 16), "16": 16, "14": CLASS_COUNTS[5],
        "21/5": chi_square_of(CLASS_COUNTS), "4.2": chi_square_of(CLASS_COUNTS),
        "5/6": Fraction(DEGREES_OF_FREEDOM, 6), "10,000": fairness(CLASS_COUNTS).simulations,
        "0.521": stats().chi2.sf(4.2, 5), "0.05": Fraction(1, 20), "0.95": Fraction(19, 20),
        # three p-values: the simulation's (10.3) with its standard error, the exact one
        "0.53": ours.simulated_p_value, "0.530": ours.simulated_p_value,
        "0.005": ours.simulated_error, "0.532": exact_p_value(CLASS_COUNTS),
        "11.07": stats().chi2.isf(0.05, 5), "0.03": Fraction(3, 100),
        "300": sum(loaded_counts), "75": loaded_counts[5], "45": loaded_counts[0],
        "15": loaded.statistic, "0.0104": stats().chi2.sf(15, 5),
        "20": 20, "0.64": 1 - Fraction(19, 20) ** 20, "0.40": 1 - Fraction(19, 20) ** 10,
        "4.78": 100 * flagged_in_sixty_rolls(), "0.9522": 1 - flagged_in_sixty_rolls(),
        "0.62": 1 - (1 - flagged_in_sixty_rolls()) ** 20,
    })
    assert loaded.p_value_float < 0.05 < fairness(CLASS_COUNTS).p_value_float
    assert round(1 - 0.9522**20, 2) == 0.62   # the lesson's arithmetic, as it writes it
    # the gap between the formula and the simulation is the formula's: the simulation lies
    # within one standard error of the exact value, the formula almost two below it
    assert abs(ours.simulated_p_value - exact_p_value(CLASS_COUNTS)) < ours.simulated_error
    assert exact_p_value(CLASS_COUNTS) - ours.p_value_float > 2 * ours.simulated_error


def test_the_p_value_is_scipys_and_the_simulations() -> None:
    for counts in [CLASS_COUNTS, (17, 23, 19, 21, 25, 15), (45, 45, 45, 45, 45, 75)]:
        result = fairness(counts, simulations=20_000, seed=4)
        exact = stats().chisquare(counts).pvalue
        assert abs(result.p_value_float - exact) < 1e-9
        assert abs(result.simulated_p_value - exact) < 4 * result.simulated_error + 0.01
    assert exercise("10.3").example() == class_p_value() == Fraction(
        fairness(CLASS_COUNTS).simulated_p_value)
    assert check("10.3", 0.51).misconception == "strictly_farther"
    assert abs(float(chi_square_tail(11.07).evalf()) - 0.05) < 1e-4


@pytest.mark.slow
def test_the_statistic_is_brute_force_and_its_mean_is_the_degrees_of_freedom() -> None:
    for counts in [CLASS_COUNTS, (1, 2, 3, 4, 5, 6), (10,) * 6]:
        e = Fraction(sum(counts), 6)
        assert chi_square_of(counts) == sum((o - e) ** 2 / e for o in counts)
    # Every sequence of 6 rolls of a fair die: the mean of X² is exactly 5, the prediction 10.2.
    total = Fraction(0)
    for roll in itertools.product(range(6), repeat=6):
        tally = Counter(roll)
        total += chi_square_of([tally[f] for f in range(6)])
    assert total / 6**6 == DEGREES_OF_FREEDOM == exercise("10.2").example()


def test_twenty_dice_and_the_named_mistakes() -> None:
    assert false_alarm_among_twenty() == 1 - Fraction(19, 20) ** 20
    rng = np.random.default_rng(7)
    counts = rng.multinomial(60, [1 / 6] * 6, size=(2000, 20))
    expected = 10
    flagged = (((counts - expected) ** 2 / expected).sum(axis=-1) >= stats().chi2.isf(0.05, 5))
    share = float(flagged.any(axis=1).mean())
    assert abs(share - float(false_alarm_among_twenty())) < 4 * math.sqrt(0.64 * 0.36 / 2000)
    assert check("10.5", 1).misconception == "added_overlapping"
    assert check("10.4", "a").misconception == "p_value_is_chance_fair"
    assert check("10.3", 1 - float(class_p_value())).misconception == "left_tail"
