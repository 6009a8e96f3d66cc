"""Lesson 5, the best strategy for a whole game: the states, the optimal score, what the coach's
± says (a variance and a standard deviation), the rules of thumb, and a standard error.

Every value comes from the solver (:func:`yacht_edu.optimal_expected_score`,
:func:`yacht_edu.optimal_score_distribution`), from :mod:`yacht_edu.probability` or from the
rules of thumb's exact expected scores (:func:`yacht_edu.strategies.strategy_expected_score`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction

from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.probability import Distribution, one_roll_distribution
from yacht_edu.rules import categories
from yacht_edu.solver import optimal_expected_score, optimal_score_distribution
from yacht_edu.strategies import strategy_expected_score

#: The seeded simulation of the lesson: this many games of each plan (several seconds, the
#: choices read from the decision table), so that each mean lands within a few hundredths of its
#: exact score.
GAMES = 1_000_000
#: The rules of thumb the lesson sets against the optimal player.
RULES_OF_THUMB = ("best_box_now", "chase_five", "beat_par")

Chances = Mapping[int, Fraction]


def states() -> int:
    """The scorecards the solver works over: every set of filled boxes, 2 to the 12."""
    count: int = 2 ** len(categories("yacht"))
    return count


def variance(chances: Chances) -> object:
    """The package's variance of a distribution (score -> chance)."""
    return Distribution(dict(chances)).variance


def mean_of_squares(chances: Chances) -> Fraction:
    """The mistake: E[X^2] without subtracting the square of the mean."""
    return sum((score * score * chance for score, chance in chances.items()), Fraction(0))


def deviations_unsquared(chances: Chances) -> Fraction:
    """The mistake: the average deviation from the mean, which is always 0."""
    mean = sum((score * chance for score, chance in chances.items()), Fraction(0))
    return sum(((score - mean) * chance for score, chance in chances.items()), Fraction(0))


def die() -> dict[int, Fraction]:
    return {face: Fraction(1, 6) for face in range(1, 7)}


def one_roll_sum() -> dict[int, Fraction]:
    """The sum of five dice thrown once (the choice box after one roll)."""
    chances = one_roll_distribution("choice")
    return {total: Fraction(int(p.p), int(p.q)) for total, p in chances.items()}


def optimal_final_score() -> dict[int, Fraction]:
    """The exact chance of every final score of Yacht under optimal play."""
    found = optimal_score_distribution("yacht")
    return {score: found.fraction(score) for score in found}


def _distributions() -> list[tuple[dict[int, Fraction]]]:
    return [(die(),), (one_roll_sum(),), (optimal_final_score(),)]


def optimal_score() -> Fraction:
    """The optimal expected score of Yacht, exactly (the prediction's feedback shows it as a
    decimal: its fraction has numbers of over a hundred digits)."""
    mean = optimal_expected_score("yacht", exact=True).mean
    return Fraction(mean)


def weakest_rule_of_thumb() -> str:
    """The rule of thumb with the lowest expected score (the package's tie rule: the later box,
    the keep with more dice)."""
    return min(RULES_OF_THUMB, key=lambda name: strategy_expected_score(name).mean)


def optimal_sd() -> float:
    return optimal_expected_score("yacht").sd


def standard_error(spread: float) -> Fraction:
    """How far the mean of the lesson's games typically strays: ``spread / sqrt(GAMES)``."""
    return Fraction(spread / math.sqrt(GAMES))


def _only(value: object) -> Callable[[], object]:
    return lambda: value


register(
    Prediction(
        "05.1",
        actual=optimal_score,
        bounds=(Fraction(0), Fraction(297)),
        wrong_answers=lambda: (-1, 300),
    ),
    Exercise(
        "05.2",
        expected=states,
        hints=("lesson.05.2.hint.1", "lesson.05.2.hint.2", "lesson.05.2.hint.3"),
        misconceptions=(
            Misconception("order_of_boxes", lambda: math.factorial(len(categories("yacht")))),
            Misconception("boxes_not_sets", lambda: len(categories("yacht"))),
        ),
        wrong_answers=lambda: (12, math.factorial(12), 2**13, 12 * 12),
    ),
    CodeExercise(
        "05.3",
        reference=variance,
        inputs=_distributions,
        hints=("lesson.05.3.hint.1", "lesson.05.3.hint.2", "lesson.05.3.hint.3"),
        misconceptions=(
            Misconception("mean_of_squares", _only(mean_of_squares)),
            Misconception("deviations_unsquared", _only(deviations_unsquared)),
        ),
        wrong_answers=lambda: (mean_of_squares, deviations_unsquared),
    ),
    Exercise(
        "05.4",
        expected=weakest_rule_of_thumb,
        hints=("lesson.05.4.hint.1", "lesson.05.4.hint.2", "lesson.05.4.hint.3"),
        misconceptions=(
            Misconception("greedy_is_worst", lambda: "best_box_now"),
            Misconception("optimal_is_no_rule_of_thumb", lambda: "optimal"),
        ),
        wrong_answers=lambda: ("best_box_now", "beat_par", "optimal"),
    ),
    Exercise(
        "05.5",
        expected=lambda: standard_error(optimal_sd()),
        decimals=3,
        hints=("lesson.05.5.hint.1", "lesson.05.5.hint.2", "lesson.05.5.hint.3"),
        misconceptions=(
            Misconception("sd_of_one_game", lambda: Fraction(optimal_sd())),
            Misconception("divided_by_n", lambda: Fraction(optimal_sd() / GAMES)),
            Misconception("variance_of_the_mean", lambda: Fraction(optimal_sd() ** 2 / GAMES)),
        ),
        wrong_answers=lambda: (35.0, 0.0, 0.001, 0.35),
    ),
)
