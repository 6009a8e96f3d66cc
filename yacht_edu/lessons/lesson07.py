"""Lesson 7, a classroom game: the roll-off, three plans, the analysis of every decision, and a
good decision told apart from a good outcome.

The game is :func:`yacht_edu.lessons.plans.classroom_game`; the head-to-head share comes from two
seeded simulations of :func:`yacht_edu.strategies.simulate`, and its normal approximation from the
exact means and standard deviations of the two plans.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from statistics import NormalDist

import numpy as np
from sympy import Rational

from yacht_edu.coach import analyse
from yacht_edu.lessons.exercise import (
    CodeExercise,
    Exercise,
    Misconception,
    Prediction,
    register,
)
from yacht_edu.lessons.plans import PLANS, classroom_game
from yacht_edu.probability import one_roll_distribution
from yacht_edu.solver import optimal_expected_score
from yacht_edu.strategies import simulate, strategy_expected_score

#: The seed of the lesson's game, and the seeds of the forty games played after it.
SEED = 2031
SEEDS = range(2026, 2066)
#: The head-to-head simulation: games of each plan (a few seconds, the choices read from the
#: decision table: the share to about 0.001, finer than the normal curve's miss), and the seeds of
#: the two players' dice.
GAMES = 1_000_000
GREEDY_SEED, OPTIMAL_SEED = 1, 2


Chances = Mapping[int, Rational]


def tie_chance(totals: Chances) -> Rational:
    """The chance that two independent throws give the same total: every pair of equal totals."""
    return sum((p * q for s, p in totals.items() for r, q in totals.items() if s == r),
               Rational(0))


def equally_likely(totals: Chances) -> Rational:
    """The mistake: one total in ``len(totals)``, as if every total were equally likely."""
    return Rational(1, len(totals))


def first_total_only(totals: Chances) -> Rational:
    """The mistake: the chance of one total (the commonest), not of any tie."""
    return max(totals.values())


def _totals() -> list[tuple[dict[int, Rational]]]:
    """One die, the sum of two dice, and the sum of five dice (the roll-off)."""
    die = {face: Rational(1, 6) for face in range(1, 7)}
    two: dict[int, Rational] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            two[a + b] = two.get(a + b, Rational(0)) + Rational(1, 36)
    return [(die,), (two,), (dict(one_roll_distribution("choice")),)]


def roll_off_tie() -> Rational:
    """The chance that two players throw the same total of five dice."""
    return tie_chance(dict(one_roll_distribution("choice")))


def wins() -> Counter[str]:
    """How many of the forty games each player won (a shared win counts for each)."""
    return Counter(name for seed in SEEDS for name in classroom_game(seed).winners)


def best_decisions() -> str:
    """The player of the lesson's game who gave up the fewest expected points."""
    analysis = analyse(classroom_game(SEED))
    return min(PLANS, key=analysis.loss)


def winner() -> str:
    return classroom_game(SEED).winners[0]


def greedy_beats_optimal() -> Fraction:
    """The share of the simulated pairs of games in which ``best_box_now`` scores more."""
    greedy = simulate("best_box_now", games=GAMES, seed=GREEDY_SEED).scores
    optimal = simulate("optimal", games=GAMES, seed=OPTIMAL_SEED).scores
    return Fraction(int(np.count_nonzero(greedy > optimal)), GAMES)


def variances_add(first: float, second: float) -> float:
    """The spread of the difference of two independent scores: the variances add."""
    return math.sqrt(first**2 + second**2)


def sds_add(first: float, second: float) -> float:
    """The mistake: the standard deviations added, as if the two games moved together."""
    return first + second


def one_game_only(first: float, second: float) -> float:
    """The mistake: the spread of one game, as if the other were certain."""
    return second


def normal_share(spread: Callable[[float, float], float]) -> Fraction:
    """P(D > 0) for D, best_box_now's score minus the optimal one, taken as normal with the
    exact mean of D and the standard deviation ``spread`` gives."""
    greedy, optimal = strategy_expected_score("best_box_now"), optimal_expected_score("yacht")
    difference = NormalDist(greedy.mean - optimal.mean, spread(greedy.sd, optimal.sd))
    return Fraction(1 - difference.cdf(0))


register(
    CodeExercise(
        "07.1",
        reference=tie_chance,
        inputs=_totals,
        hints=("lesson.07.1.hint.1", "lesson.07.1.hint.2", "lesson.07.1.hint.3"),
        misconceptions=(
            Misconception("sums_equally_likely", lambda: equally_likely),
        ),
        wrong_answers=lambda: (equally_likely, first_total_only),
    ),
    Exercise(
        "07.2",
        expected=best_decisions,
        hints=("lesson.07.2.hint.1", "lesson.07.2.hint.2"),
        misconceptions=(
            Misconception("outcome_is_the_decision", winner),
        ),
        wrong_answers=lambda: (winner(), "Ravi"),
    ),
    Prediction(
        "07.3",
        actual=lambda: wins()["Asha"],
        bounds=(Fraction(0), Fraction(len(SEEDS))),
        wrong_answers=lambda: (-1, len(SEEDS) + 1),
    ),
    Prediction(
        "07.4",
        actual=greedy_beats_optimal,
        wrong_answers=lambda: (-0.1, 1.5),
    ),
    Exercise(
        "07.5",
        expected=lambda: normal_share(variances_add),
        decimals=3,
        chance=True,
        hints=("lesson.07.5.hint.1", "lesson.07.5.hint.2", "lesson.07.5.hint.3"),
        misconceptions=(
            Misconception("added_standard_deviations", lambda: normal_share(sds_add)),
            Misconception("one_game_spread", lambda: normal_share(one_game_only)),
        ),
        wrong_answers=lambda: (normal_share(sds_add), normal_share(one_game_only), 0.5),
    ),
)
