"""Lesson 10, is this die fair?  The chi-square statistic built step by step, its p-value, and
why testing many dice "finds" an unfair one by chance.

Every expected value comes from the package's fairness test (:func:`fairness`,
:func:`chi_square`, :data:`DEGREES_OF_FREEDOM`) or its waiting time (the chance of at least one
false alarm among twenty tests is the chance of at least one success in twenty tries); each
misconception's value is computed the way the mistaken reasoning computes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.probability.fairness import DEGREES_OF_FREEDOM, chi_square, fairness
from yacht_edu.probability.waiting import WaitingTime

#: A classroom die rolled 60 times: how often each face 1..6 came up.
CLASS_COUNTS = (8, 9, 12, 11, 6, 14)
#: The level at which a test calls a die unfair: p-values below it.
LEVEL = Fraction(5, 100)
DICE_TESTED = 20
#: The meanings of a p-value offered in exercise 10.4; "b" is right.
MEANINGS = {"a": "the chance that the die is fair",
            "b": "the chance that a fair die strays at least this far",
            "c": "the chance that the die is loaded",
            "d": "the chance of exactly these counts"}


def chi_square_of(counts: Sequence[int]) -> Fraction:
    """The package's chi-square statistic, as a Fraction."""
    return Fraction(str(chi_square(counts)))


def signed_differences(counts: Sequence[int]) -> Fraction:
    """The mistake: Σ (O − E)/E, the differences not squared; they cancel to 0."""
    expected = Fraction(sum(counts), len(counts))
    return sum(((count - expected) / expected for count in counts), Fraction(0))


def not_divided(counts: Sequence[int]) -> Fraction:
    """The mistake: Σ (O − E)², never divided by E."""
    expected = Fraction(sum(counts), len(counts))
    return sum(((count - expected) ** 2 for count in counts), Fraction(0))


def divided_by_observed(counts: Sequence[int]) -> Fraction:
    """The mistake: Σ (O − E)²/O, divided by the count seen instead of the count expected."""
    expected = Fraction(sum(counts), len(counts))
    return sum(((count - expected) ** 2 / count for count in counts), Fraction(0))


def _counts() -> list[tuple[tuple[int, ...]]]:
    return [(CLASS_COUNTS,), ((10, 10, 10, 10, 10, 10),), ((1, 2, 3, 4, 5, 6),),
            ((45, 45, 45, 45, 45, 75),), ((17, 23, 19, 21, 25, 15),), ((3, 1, 1, 2, 4, 1),)]


def class_p_value() -> Fraction:
    """The p-value of the class's counts by simulation: the share of the package's seeded fair
    dice (the lesson's ``ye.fairness(our_counts)``) whose statistic is at least the class's."""
    return Fraction(fairness(CLASS_COUNTS).simulated_p_value)


def strictly_farther() -> Fraction:
    """The mistake: the share of simulated fair dice whose statistic is *more* than the class's,
    leaving out the many that equal it (counts are whole, so statistics repeat)."""
    test = fairness(CLASS_COUNTS)
    return Fraction(float((test.simulated > float(test.statistic)).mean()))


def false_alarm_among_twenty() -> Fraction:
    """P(at least one of twenty fair dice is called unfair at the 5 % level)."""
    return Fraction(str(WaitingTime(LEVEL).chance_within(DICE_TESTED)))


register(
    CodeExercise(
        "10.1",
        reference=chi_square_of,
        inputs=_counts,
        hints=("lesson.10.1.hint.1", "lesson.10.1.hint.2", "lesson.10.1.hint.3"),
        misconceptions=(
            Misconception("signed_differences_cancel", lambda: signed_differences),
            Misconception("not_divided_by_expected", lambda: not_divided),
            Misconception("divided_by_observed", lambda: divided_by_observed),
        ),
        wrong_answers=lambda: (signed_differences, not_divided, divided_by_observed),
    ),
    Prediction(
        "10.2",
        actual=lambda: DEGREES_OF_FREEDOM,
        bounds=(0, 1000),
        wrong_answers=lambda: (-1, 1001),
    ),
    Exercise(
        "10.3",
        expected=class_p_value,
        decimals=2,
        chance=True,
        hints=("lesson.10.3.hint.1", "lesson.10.3.hint.2"),
        misconceptions=(
            Misconception("left_tail", lambda: 1 - class_p_value()),
            Misconception("statistic_not_p_value", lambda: chi_square_of(CLASS_COUNTS)),
            Misconception("strictly_farther", strictly_farther),
        ),
        wrong_answers=lambda: (1 - class_p_value(), chi_square_of(CLASS_COUNTS), LEVEL,
                               strictly_farther()),
    ),
    Exercise(
        "10.4",
        expected=lambda: next(key for key, text in MEANINGS.items() if "fair die" in text),
        hints=("lesson.10.4.hint.1", "lesson.10.4.hint.2"),
        misconceptions=(
            Misconception("p_value_is_chance_fair", lambda: "a"),
            Misconception("p_value_is_chance_loaded", lambda: "c"),
            Misconception("p_value_is_chance_of_data", lambda: "d"),
        ),
        wrong_answers=lambda: ("a", "c", "d"),
    ),
    Exercise(
        "10.5",
        expected=false_alarm_among_twenty,
        decimals=2,
        chance=True,
        hints=("lesson.10.5.hint.1", "lesson.10.5.hint.2"),
        misconceptions=(
            Misconception("added_overlapping", lambda: DICE_TESTED * LEVEL),
            Misconception("forgot_complement", lambda: (1 - LEVEL) ** DICE_TESTED),
            Misconception("every_test_not_one", lambda: LEVEL**DICE_TESTED),
        ),
        wrong_answers=lambda: (DICE_TESTED * LEVEL, (1 - LEVEL) ** DICE_TESTED,
                               LEVEL**DICE_TESTED, LEVEL),
    ),
)
