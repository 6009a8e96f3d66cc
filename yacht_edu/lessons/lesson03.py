"""Lesson 3, re-rolls are a Markov chain: a row of the "how many alike" matrix counted by hand and
by code, a yacht within three rolls, four of a kind, and how many rolls a yacht takes.

Every expected value comes from the package's chain (:func:`kind_chain`, :func:`p_kind_within`)
or its turn computed roll by roll (:func:`p_within`).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.probability import (
    expected_rolls_to_kind,
    kind_chain,
    n,
    p_kind_within,
    p_within,
)

DICE = 5


def row(alike: int) -> tuple[object, ...]:
    """The package's row of the chain: from ``alike`` alike, the chance of 1 … 5 alike next."""
    return tuple(kind_chain(DICE).row(alike)[1:])


def from_three() -> tuple[object, ...]:
    """From 3 alike, rolling the other two: the chances of 3, 4 and 5 alike."""
    return tuple(kind_chain(DICE).row(3)[3:])


def matches_only(alike: int) -> tuple[Fraction, ...]:
    """The mistake: only dice matching the kept face count; a new pair among the thrown dice
    (which can overtake a single kept die) is ignored."""
    rolls = list(itertools.product(range(1, 7), repeat=DICE - alike))
    after = Counter(alike + thrown.count(1) for thrown in rolls)
    return tuple(Fraction(after[k], len(rolls)) for k in range(1, DICE + 1))


def counts_not_chances(alike: int) -> tuple[int, ...]:
    """The mistake: how many of the rolls lead to each state, not divided by how many there are."""
    rolls = list(itertools.product(range(1, 7), repeat=DICE - alike))
    after = Counter(max([alike + t.count(1), *Counter(f for f in t if f != 1).values()])
                    for t in rolls)
    return tuple(after[k] for k in range(1, DICE + 1))


def one_order_only() -> tuple[Fraction, ...]:
    """The mistake: one match among two dice counted once, not in either of two places."""
    return (Fraction(25, 36), Fraction(5, 36), Fraction(1, 36))


def median_rolls() -> int:
    """The fewest rolls after which a yacht (same plan) is more likely than not."""
    within = p_kind_within(DICE)
    return next(k for k in itertools.count(1) if within.subs(n, k) > Fraction(1, 2))


def _alike() -> list[tuple[int]]:
    return [(alike,) for alike in range(1, DICE + 1)]


register(
    Prediction(
        "03.1",
        actual=lambda: p_within("yacht", rolls=3, strategy="keep_most_common"),
        wrong_answers=lambda: (2, -0.05),
    ),
    Exercise(
        "03.2",
        expected=from_three,
        hints=("lesson.03.2.hint.1", "lesson.03.2.hint.2", "lesson.03.2.hint.3"),
        misconceptions=(
            Misconception("one_order_only", one_order_only),
        ),
        wrong_answers=lambda: ((Fraction(1, 3),) * 3, (Fraction(2, 3), Fraction(1, 3), 0),
                               (Fraction(25, 36), Fraction(10, 36))),
    ),
    CodeExercise(
        "03.3",
        reference=row,
        inputs=_alike,
        hints=("lesson.03.3.hint.1", "lesson.03.3.hint.2", "lesson.03.3.hint.3"),
        misconceptions=(
            Misconception("new_pairs_ignored", lambda: matches_only),
        ),
        wrong_answers=lambda: (matches_only, counts_not_chances,
                               lambda alike: (Fraction(1, 5),) * 5),
    ),
    Exercise(
        "03.4",
        expected=lambda: p_within("four_of_a_kind", rolls=3, strategy="keep_most_common"),
        decimals=4,
        chance=True,
        hints=("lesson.03.4.hint.1", "lesson.03.4.hint.2", "lesson.03.4.hint.3"),
        misconceptions=(
            Misconception("exactly_four", lambda: (kind_chain(DICE) ** 3)[0, 4]),
        ),
        wrong_answers=lambda: ((kind_chain(DICE) ** 3)[0, 5], Fraction(13, 648), 0.5),
    ),
    Exercise(
        "03.5",
        expected=median_rolls,
        hints=("lesson.03.5.hint.1", "lesson.03.5.hint.2", "lesson.03.5.hint.3"),
        misconceptions=(
            Misconception("mean_rolls_for_median", lambda: round(expected_rolls_to_kind(DICE))),
            Misconception("mean_rolls_for_median", lambda: math.ceil(expected_rolls_to_kind(DICE))),
        ),
        wrong_answers=lambda: (3, 5, 20),
    ),
)
