"""Lesson 6, variants change the game: one box under three rule sets, the upper section of
Yahtzee by linearity of expectation, and why its 63-point bonus is hard to reach.

Every value comes from :func:`yacht_edu.score`, :func:`yacht_edu.probability.best_expected` or
the chances of a re-roll, :func:`yacht_edu.dice.reroll_chances`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from math import comb

from sympy import Rational

from yacht_edu.dice import reroll_chances
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.probability import best_expected
from yacht_edu.rules import RULE_SETS, get_rules, score

FOUR_SIXES = (6, 6, 6, 6, 2)
UPPER = get_rules("yahtzee").upper_section
FACES = range(1, 7)


def four_of_a_kind_scores() -> tuple[int, ...]:
    """6-6-6-6-2 scored as four of a kind in every rule set."""
    return tuple(score(FOUR_SIXES, "four_of_a_kind", rules) for rules in RULE_SETS)


def upper_box_alone(face: int) -> Rational:
    """The upper box of ``face`` played alone for three rolls, keeping every die of that face."""
    return best_expected(UPPER[face - 1], rules="yahtzee")


def upper_section_alone() -> Rational:
    """The six upper boxes, each played alone: the sum of their worths."""
    return sum((upper_box_alone(face) for face in FACES), Rational(0))


def box_with_chance(chance_of_the_face: Fraction) -> Callable[[int], Fraction]:
    """The box of a face when each die shows that face at the end with this chance."""
    return lambda face: 5 * face * chance_of_the_face


@functools.cache
def chance_of_at_least(count: int, face: int = 6, rolls: int = 3) -> Fraction:
    """The chance to end a turn with ``count`` or more dice of ``face``, keeping every one of them,
    worked roll by roll with the package's re-roll chances (only how many show ``face`` counts)."""
    alike: dict[int, Fraction] = {0: Fraction(1)}  # how many dice show the face: its chance
    for _ in range(rolls):
        after: dict[int, Fraction] = {}
        for kept, chance in alike.items():
            for hand, p in reroll_chances((face,) * kept).items():
                after[hand.count(face)] = after.get(hand.count(face), Fraction(0)) + chance * p
        alike = after
    return sum((p for kept, p in alike.items() if kept >= count), Fraction(0))


def binomial_at_least(count: int, chance: Fraction) -> Fraction:
    """The chance of ``count`` or more successes among five dice, each a success with ``chance``."""
    return sum((comb(5, k) * chance**k * (1 - chance) ** (5 - k) for k in range(count, 6)),
               Fraction(0))


def exactly_three() -> Fraction:
    """The mistake: exactly three sixes, forgetting four and five."""
    chance = 1 - Fraction(5, 6) ** 3
    return binomial_at_least(3, chance) - binomial_at_least(4, chance)


def _only(value: object) -> Callable[[], object]:
    return lambda: value


register(
    Exercise(
        "06.1",
        expected=four_of_a_kind_scores,
        hints=("lesson.06.1.hint.1", "lesson.06.1.hint.2"),
        misconceptions=(
            Misconception("four_times_the_face", lambda: (24, 24, 24)),
            Misconception("all_five_dice", lambda: (26, 26, 26)),
        ),
        wrong_answers=lambda: ((24, 24, 24), (26, 26, 26), (24, 26, 24)),
    ),
    Prediction(
        "06.2",
        actual=upper_section_alone,
        bounds=(Fraction(0), Fraction(105)),
        wrong_answers=lambda: (-1, 106),
    ),
    CodeExercise(
        "06.3",
        reference=upper_box_alone,
        inputs=lambda: [(face,) for face in FACES],
        hints=("lesson.06.3.hint.1", "lesson.06.3.hint.2", "lesson.06.3.hint.3"),
        misconceptions=(
            Misconception("added_overlapping", _only(box_with_chance(Fraction(1, 2)))),
            Misconception("face_in_one_roll", _only(box_with_chance(Fraction(1, 6)))),
            Misconception("forgot_complement", _only(box_with_chance(Fraction(125, 216)))),
        ),
        wrong_answers=lambda: (box_with_chance(Fraction(1, 2)), box_with_chance(Fraction(1, 6)),
                               lambda face: 3 * face),
    ),
    Exercise(
        "06.4",
        expected=lambda: chance_of_at_least(3),
        decimals=3,
        chance=True,
        hints=("lesson.06.4.hint.1", "lesson.06.4.hint.2", "lesson.06.4.hint.3"),
        misconceptions=(
            Misconception("or_more_forgotten", exactly_three),
            Misconception("added_overlapping",
                          lambda: binomial_at_least(3, Fraction(1, 2))),
            Misconception("three_sixes_in_one_roll",
                          lambda: binomial_at_least(3, Fraction(1, 6))),
        ),
        wrong_answers=lambda: (exactly_three(), Fraction(1, 2),
                               binomial_at_least(3, Fraction(1, 6)), Fraction(1, 3)),
    ),
)
