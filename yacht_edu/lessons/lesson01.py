"""Lesson 1, playing Yacht: the boxes and their edge cases, a scoring function, the best game.

Every expected value is computed with :func:`yacht_edu.score` over the 252 hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from yacht_edu.dice import multisets
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.rules import categories, score

FULL_HOUSE = (6, 6, 6, 5, 5)
STRAIGHT = (1, 2, 3, 4, 5)


def best_box(dice: tuple[int, ...]) -> tuple[str, int]:
    """The box that scores ``dice`` highest, with its points (the first of equals)."""
    box = max(categories("yacht"), key=lambda name: score(dice, name))
    return box, score(dice, box)


def best_total() -> int:
    """The highest total a game of Yacht can reach: each box with its best hand."""
    return sum(max(score(hand, box) for hand in multisets()) for box in categories("yacht"))


def scored_as_full_house(dice: tuple[int, ...]) -> int:
    """The package's own full house, as the learner's function is called: ``(dice) -> points``."""
    return score(dice, "full_house")


def five_alike_is_a_full_house(dice: tuple[int, ...]) -> int:
    """The mistake: any hand with no face alone (3 + 2 or 5 alike) counted as a full house."""
    return sum(dice) if 1 not in Counter(dice).values() and len(set(dice)) <= 2 else 0


def fixed_twenty_five(dice: tuple[int, ...]) -> int:
    """The mistake: Yahtzee's fixed 25 points for a full house, in Yacht."""
    return 25 if score(dice, "full_house") else 0


def _hands() -> list[tuple[tuple[int, ...]]]:
    return [(hand,) for hand in multisets()]


def _only(value: object) -> Callable[[], object]:
    return lambda: value


register(
    Exercise(
        "01.1",
        expected=lambda: score(FULL_HOUSE, "full_house"),
        hints=("lesson.01.1.hint.1", "lesson.01.1.hint.2"),
        misconceptions=(
            Misconception("yahtzee_full_house", lambda: score(FULL_HOUSE, "full_house", "yahtzee")),
        ),
        wrong_answers=lambda: (18, 10, 30),
    ),
    Exercise(
        "01.2",
        expected=lambda: best_box(STRAIGHT),
        hints=("lesson.01.2.hint.1", "lesson.01.2.hint.2"),
        misconceptions=(
            Misconception("straight_is_big", lambda: ("big_straight", 30)),
        ),
        wrong_answers=lambda: (("choice", 15), ("little_straight", 15), "little_straight"),
    ),
    CodeExercise(
        "01.3",
        reference=scored_as_full_house,
        inputs=_hands,
        hints=("lesson.01.3.hint.1", "lesson.01.3.hint.2", "lesson.01.3.hint.3"),
        misconceptions=(
            Misconception("five_alike_full_house", _only(five_alike_is_a_full_house)),
            Misconception("yahtzee_full_house", _only(fixed_twenty_five)),
        ),
        wrong_answers=lambda: (five_alike_is_a_full_house, fixed_twenty_five, sum),
    ),
    Prediction(
        "01.4",
        actual=best_total,
        bounds=(0, 12 * 50),
        wrong_answers=lambda: (-10, 1000),
    ),
    Exercise(
        "01.5",
        expected=best_total,
        hints=("lesson.01.5.hint.1", "lesson.01.5.hint.2", "lesson.01.5.hint.3"),
        misconceptions=(
            Misconception("yacht_in_every_box", lambda: 12 * 50),
        ),
        wrong_answers=lambda: (best_total() - 50, 12 * 30, best_total() + 2),
    ),
)
