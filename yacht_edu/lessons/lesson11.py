"""Lesson 11, design your own Yacht: predict, then measure, what a rule change does to the
optimal player, where its points come from, and what makes a variant balanced.

Every expected value is the package's: the optimal player's expected score, standard deviation
and box contributions from :func:`yacht_edu.compare_rules`, the full houses from the rule set's
own scores.  The variants are solved once each (about a second) and kept for the session.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from yacht_edu.custom import custom_rules
from yacht_edu.dice import multisets
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.rules import score

if TYPE_CHECKING:
    from yacht_edu.compare import RulesSummary

#: Fixed points of the full house in the lesson's variant (Yahtzee's).
FIXED_FULL_HOUSE = 25


def two_pairs(hand: Sequence[int]) -> int:
    """The lesson's new box: two different faces, each on at least two dice, scores the sum of
    all five dice (3-3-5-5-1 → 17, a full house 3-3-3-5-5 → 19); otherwise 0."""
    pairs = [face for face in set(hand) if hand.count(face) >= 2]
    return sum(hand) if len(pairs) == 2 else 0


def yacht() -> RulesSummary:
    """Yacht under optimal play (the yardstick)."""
    from yacht_edu.compare import summarise

    return summarise("yacht")


def four_rolls() -> RulesSummary:
    """Yacht with a fourth roll in every turn, under optimal play."""
    from yacht_edu.compare import summarise
    return summarise(custom_rules("yacht", rolls=4))


def fourth_roll_gain() -> Fraction:
    """What a fourth roll adds to the optimal expected score, in whole points (what a guess is
    compared with)."""
    return Fraction(round(four_rolls().mean - yacht().mean))


def yacht_box_gain() -> Fraction:
    """What a fourth roll adds to the yacht box's average points under optimal play."""
    return Fraction(four_rolls().points["yacht"] - yacht().points["yacht"])


def same_gain_for_every_box() -> Fraction:
    """The mistake: the fourth roll's gain shared out equally among the 12 boxes."""
    return Fraction(four_rolls().mean - yacht().mean) / len(yacht().points)


def full_houses_above(points: int = FIXED_FULL_HOUSE) -> int:
    """How many of the full-house hands score more than ``points`` in Yacht (their sum)."""
    return sum(1 for hand in multisets() if score(hand, "full_house") > points)


def full_house_hands() -> int:
    """All the different full-house hands (the mistake's answer when every one is counted)."""
    return full_houses_above(0)


def exactly_two_alike(hand: Sequence[int]) -> int:
    """The mistake: a pair is a face on *exactly* two dice, so a full house is no two pairs."""
    pairs = [face for face in set(hand) if hand.count(face) == 2]
    return sum(hand) if len(pairs) == 2 else 0


def four_alike_counts_twice(hand: Sequence[int]) -> int:
    """The mistake: four alike make two pairs (and a yacht too)."""
    pairs = sum(hand.count(face) // 2 for face in set(hand))
    return sum(hand) if pairs >= 2 else 0


def only_the_pairs(hand: Sequence[int]) -> int:
    """A wrong answer: the box scores the four dice of the pairs, not all five."""
    pairs = [face for face in set(hand) if hand.count(face) >= 2]
    return 2 * sum(pairs) if len(pairs) == 2 else 0


def luck_share(summary: RulesSummary) -> Fraction:
    """Standard deviation over mean of the final score (the coefficient of variation)."""
    return Fraction(summary.sd) / Fraction(summary.mean)


def four_rolls_luck_share() -> Fraction:
    """The coefficient of variation of Yacht with four rolls."""
    return luck_share(four_rolls())


def _hands() -> list[tuple[tuple[int, ...]]]:
    return [(hand,) for hand in multisets()]


register(
    Prediction(
        "11.1",
        actual=fourth_roll_gain,
        bounds=(0, 300),
        wrong_answers=lambda: (-10, 1000),
    ),
    Exercise(
        "11.2",
        expected=yacht_box_gain,
        decimals=1,
        hints=("lesson.11.2.hint.1", "lesson.11.2.hint.2", "lesson.11.2.hint.3"),
        misconceptions=(
            Misconception("more_rolls_same_gain", same_gain_for_every_box),
        ),
        wrong_answers=lambda: (Fraction(four_rolls().points["yacht"]),
                               Fraction(four_rolls().chance_to_score["yacht"]
                                        - yacht().chance_to_score["yacht"]),
                               fourth_roll_gain(), 50),
    ),
    Exercise(
        "11.3",
        expected=full_houses_above,
        hints=("lesson.11.3.hint.1", "lesson.11.3.hint.2", "lesson.11.3.hint.3"),
        misconceptions=(
            Misconception("fixed_always_more", lambda: 0),
            Misconception("counted_all_full_houses", full_house_hands),
        ),
        wrong_answers=lambda: (1, full_houses_above(FIXED_FULL_HOUSE - 2), 6),
    ),
    CodeExercise(
        "11.4",
        reference=two_pairs,
        inputs=_hands,
        hints=("lesson.11.4.hint.1", "lesson.11.4.hint.2", "lesson.11.4.hint.3"),
        misconceptions=(
            Misconception("pair_means_exactly_two", lambda: exactly_two_alike),
            Misconception("four_alike_two_pairs", lambda: four_alike_counts_twice),
        ),
        wrong_answers=lambda: (exactly_two_alike, four_alike_counts_twice, only_the_pairs,
                               lambda hand: sum(hand)),
    ),
    Exercise(
        "11.5",
        expected=four_rolls_luck_share,
        decimals=3,
        hints=("lesson.11.5.hint.1", "lesson.11.5.hint.2", "lesson.11.5.hint.3"),
        misconceptions=(
            Misconception("spread_alone_is_luck", lambda: Fraction(four_rolls().sd)),
        ),
        wrong_answers=lambda: (1 / four_rolls_luck_share(), luck_share(yacht()),
                               Fraction(four_rolls().sd) ** 2 / Fraction(four_rolls().mean)),
    ),
)
