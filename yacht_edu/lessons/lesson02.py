"""Lesson 2, one roll of five dice: the sample space, counting, the complement rule, expectation.

Every expected value comes from the package's exact one-roll probabilities (counted over the
7,776 ordered rolls) or its multiset chances; every misconception's value is computed the way
the mistaken reasoning computes it.
"""

from __future__ import annotations

import math
from fractions import Fraction

from yacht_edu.dice import multisets, reroll_chances
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.probability import count_one_roll, expected_one_roll, p_one_roll
from yacht_edu.rules import score

ORDERED_ROLLS = 6**5


def orders(hand: tuple[int, ...]) -> Fraction:
    """How many of the 7,776 ordered rolls show ``hand`` (the package's chance × 7,776)."""
    return reroll_chances(())[tuple(sorted(hand))] * ORDERED_ROLLS


def every_hand_once(hand: tuple[int, ...]) -> int:
    """The mistake: each of the 252 hands from one ordered roll, as if equally likely."""
    return 1


def five_factorial(hand: tuple[int, ...]) -> int:
    """The mistake: 5! orders for every hand, even when faces repeat."""
    return math.factorial(len(hand))


def full_house_hands() -> int:
    """The mistake's count: the different full-house hands, not the ordered rolls."""
    return sum(1 for hand in multisets() if score(hand, "full_house"))


def pair_may_match_triple() -> int:
    """The mistake: the face of the two chosen from all 6, so five alike is counted too."""
    return 6 * 6 * math.comb(5, 3)


def _hands() -> list[tuple[tuple[int, ...]]]:
    return [(hand,) for hand in multisets()]


register(
    Prediction(
        "02.1",
        actual=lambda: p_one_roll("full_house"),
        value_after="02.3",  # its value would make 02.3 a multiplication
        wrong_answers=lambda: (Fraction(3, 2), -0.2),
    ),
    CodeExercise(
        "02.2",
        reference=orders,
        inputs=_hands,
        hints=("lesson.02.2.hint.1", "lesson.02.2.hint.2", "lesson.02.2.hint.3"),
        misconceptions=(
            Misconception("hands_equally_likely", lambda: every_hand_once),
            Misconception("orders_ignore_repeats", lambda: five_factorial),
        ),
        wrong_answers=lambda: (every_hand_once, five_factorial,
                               lambda hand: len(set(hand))),
    ),
    Exercise(
        "02.3",
        expected=lambda: count_one_roll("full_house"),
        hints=("lesson.02.3.hint.1", "lesson.02.3.hint.2", "lesson.02.3.hint.3"),
        misconceptions=(
            Misconception("counted_hands", full_house_hands),
            Misconception("pair_may_match_triple", pair_may_match_triple),
        ),
        wrong_answers=lambda: (6 * 5, 6 * 6 * 10, 6 * 10, 6 * 5 * 10 * 2),
    ),
    Exercise(
        "02.4",
        expected=lambda: p_one_roll("yacht"),
        hints=("lesson.02.4.hint.1", "lesson.02.4.hint.2"),
        misconceptions=(
            Misconception("one_yacht_not_six", lambda: Fraction(1, ORDERED_ROLLS)),
            Misconception("hands_equally_likely", lambda: Fraction(6, len(multisets()))),
        ),
        wrong_answers=lambda: (Fraction(1, 6), Fraction(5, ORDERED_ROLLS), Fraction(1, 7776)),
    ),
    Exercise(
        "02.5",
        expected=lambda: p_one_roll("sixes"),
        decimals=4,
        chance=True,
        hints=("lesson.02.5.hint.1", "lesson.02.5.hint.2"),
        misconceptions=(
            Misconception("forgot_complement", lambda: Fraction(5, 6) ** 5),
            Misconception("added_overlapping", lambda: 5 * Fraction(1, 6)),
        ),
        wrong_answers=lambda: (Fraction(1, 6), Fraction(1, 6) ** 5, 0.5, 0.4019),
    ),
    Exercise(
        "02.6",
        expected=lambda: expected_one_roll("sixes"),
        decimals=4,
        hints=("lesson.02.6.hint.1", "lesson.02.6.hint.2"),
        misconceptions=(
            Misconception("one_six_only", lambda: 6 * p_one_roll("sixes")),
        ),
        wrong_answers=lambda: (6, 30, 1, Fraction(35, 2)),
    ),
)
