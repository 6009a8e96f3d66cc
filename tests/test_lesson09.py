"""Lesson 9, waiting for a yacht: its figures and its exercises' values, each computed a second way
(sympy's geometric distribution, brute-force sums of the series, and a seeded simulation of the
dice within its error)."""

from __future__ import annotations

import ast
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
import sympy as sp
from sympy import stats

import yacht_edu as ye
from tests.helpers.lesson_figures import check_figures
from yacht_edu.lessons import check, exercise
from yacht_edu.lessons.lesson09 import chance_first_at, half_the_players
from yacht_edu.probability.waiting import first_yacht, simulate_first_yacht

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "09_waiting_for_a_yacht.ipynb"
# docs/rules.md#exact-chances (OEIS A096256): five of a kind within three rolls
P = Fraction(2783176, 60466176)
#: The larger run the teacher's note suggests after the lesson's 2,000 players.
LARGER_RUN = 100_000


def test_every_number_the_lesson_states_is_the_packages() -> None:
    wait = first_yacht()
    p = Fraction(str(wait.p))
    simulated = simulate_first_yacht(learners=2000, seed=0)
    misses_by = (float(wait.mean) - simulated.mean) / simulated.mean_error   # standard errors
    check_figures(LESSON, {
        "347897/7558272": P, "0.0460": p, "7558272/347897": 1 / P,
        "21.73": 1 / p, "22": round(1 / p), "21.22": float(wait.sd),
        "0.4319": 1 - (1 - p) ** 12, "0.5523": 12 * p,
        "30": max(k for k, _ in exercise("09.3").inputs()),  # type: ignore[attr-defined]
        "2,000": simulated.learners,
        # the seed-0 run: 2.3 standard errors below the mean, a miss that large (either way) in
        # about 2 runs in 100
        "20.70": simulated.mean, "2.3": misses_by, "100": 100,
        "1/2": Fraction(1, 2), "15": half_the_players(), "0.5068": 1 - (1 - p) ** 15,
        "1,296": 1 / ye.p_one_roll("yacht"),
        # the real die: a six within three rolls, 1 - (5/6)^3
        "5/6": 1 - Fraction(1, 6), "91/216": 1 - Fraction(5, 6) ** 3,
        # the teacher's note: a run of 100,000 players, its standard error sigma / sqrt(n)
        "0.07": float(wait.sd) / math.sqrt(LARGER_RUN),
    })
    assert 22 * p > 1 - (1 - p) ** 22 and 22 * p > 1   # "for 22 turns it would pass 1"
    assert round(100 * math.erfc(misses_by / math.sqrt(2))) == 2   # "about 2 runs in 100"
    assert round(float(wait.sd) / math.sqrt(2000), 1) == 0.5   # "about half a turn"


def test_the_example_waits_for_a_six_are_waits() -> None:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    typed = next("".join(cell["source"]) for cell in cells
                 if "our_waits = [" in "".join(cell["source"]))
    waits = ast.literal_eval(typed.split("=", 1)[1].split("\n", 1)[0].strip())
    assert all(isinstance(w, int) and w >= 1 for w in waits) and len(waits) == 24
    # the exact chance of a six within three rolls the lesson states: the geometric sum
    assert sum(chance_first_at(k, Fraction(1, 6)) for k in (1, 2, 3)) == Fraction(91, 216)


def test_the_waiting_time_is_sympys_geometric_distribution() -> None:
    wait_time = stats.Geometric("T", sp.Rational(P.numerator, P.denominator))
    assert stats.E(wait_time) == first_yacht().mean
    assert stats.variance(wait_time) == first_yacht().variance
    assert stats.P(wait_time <= 12) == first_yacht().chance_within(12)
    k = 11
    assert stats.density(wait_time)(k) == chance_first_at(k, P) == exercise("09.3").example()(k, P)  # type: ignore[operator]


def test_the_exercises_values_agree_with_the_series() -> None:
    p = P
    assert exercise("09.2").example() == sum((1 - p) ** (k - 1) * p for k in range(1, 13))
    after_ten = sum((1 - p) ** (k - 1) * p for k in range(11, 400))   # P(T > 10), nearly
    assert abs(float(exercise("09.4").example()) - float((1 - p) ** 10 * p / after_ten)) < 1e-9  # type: ignore[arg-type]
    shares = [1 - (1 - p) ** n for n in range(1, 40)]
    assert exercise("09.5").example() == 1 + next(i for i, s in enumerate(shares) if s >= 0.5)
    assert check("09.4", Fraction(1, 12)).misconception == "yacht_is_due"


def test_a_simulation_of_the_dice_agrees_within_its_error() -> None:
    simulated = simulate_first_yacht(learners=4000, seed=3)
    wait = first_yacht()
    assert abs(simulated.mean - float(wait.mean)) < 4 * simulated.mean_error
    within = float(wait.chance_within(12))
    assert abs(simulated.chance_within(12) - within) < 4 * math.sqrt(within * (1 - within) / 4000)


@pytest.mark.slow  # a second or more: 100,000 players chase a yacht
def test_the_larger_run_lands_within_its_smaller_standard_error() -> None:
    wait = first_yacht()
    larger = simulate_first_yacht(learners=LARGER_RUN, seed=0)
    assert round(larger.mean_error, 2) == 0.07  # the sample's own, as the exact sigma gives
    assert abs(larger.mean - float(wait.mean)) < 4 * larger.mean_error
