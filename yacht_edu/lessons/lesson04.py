"""Lesson 4, expected value: what one die, the choice box and the sixes box are worth, and one
Bellman step of the endgame.

Every expected value comes from :func:`yacht_edu.probability.best_expected` (the turn worked
backward over the 252 hands) or from the coach, :func:`yacht_edu.advise`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from sympy import Rational

from yacht_edu.coach import advise
from yacht_edu.dice import multisets
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.probability import best_expected
from yacht_edu.rules import categories, score

FACES = range(1, 7)
#: The endgame of exercise 04.5: only these two boxes are open, the last roll of a turn is made.
LAST_TWO = ("big_straight", "yacht")
#: What the other boxes hold in that endgame (choice cannot hold 0: no hand sums to 0).
FILLED: dict[str, int] = {box: 0 for box in categories("yacht") if box not in LAST_TWO}
FILLED["choice"] = 22


def one_die_worth(rolls: int) -> Rational:
    """What one die is worth in the choice box with ``rolls`` rolls: a fifth of the box's worth."""
    return best_expected("choice", rolls=rolls) / 5


def best_of_rolls(rolls: int) -> Fraction:
    """The mistake: the best face of ``rolls`` throws, as if the first throw could be taken back."""
    below = [Fraction(face, 6) ** rolls for face in range(7)]  # chance that every throw <= face
    return sum((face * (below[face] - below[face - 1]) for face in FACES), Fraction(0))


def never_keeps(rolls: int) -> Fraction:
    """The mistake: the loop that never uses the choice, so every roll is worth 7/2."""
    return Fraction(7, 2)


def keeps_only_five_and_six(rolls: int) -> Fraction:
    """The mistake: rolling a 4 again, although 4 beats the 7/2 a new roll is worth."""
    worth = Fraction(7, 2)
    for _ in range(rolls - 1):
        worth = sum((Fraction(face) if face >= 5 else worth for face in FACES), Fraction(0)) / 6
    return worth


def sixes_worth(chance_a_six: Fraction) -> Fraction:
    """The sixes box played alone: five dice, each worth 6 points with this chance."""
    return 5 * 6 * chance_a_six


def coach_box(dice: tuple[int, ...]) -> str:
    """The coach's box for ``dice`` after the last roll, with only the last two boxes open."""
    choice = advise(dice, rolls_left=0, filled=FILLED)[0].choice
    assert isinstance(choice, str)
    return choice


def most_points_now(dice: tuple[int, ...]) -> str:
    """The mistake: the box that scores most now (the first on a tie), blind to the next turn."""
    return max(LAST_TWO, key=lambda box: score(dice, box))


def always_yacht(dice: tuple[int, ...]) -> str:
    """The mistake: always give up the yacht box, even on a big straight."""
    return "yacht"


def _some_hands() -> list[tuple[tuple[int, ...]]]:
    """Every hand that makes one of the two boxes, and a few that make neither."""
    made = [hand for hand in multisets() if any(score(hand, box) for box in LAST_TWO)]
    return [(hand,) for hand in [(2, 3, 4, 5, 5), *made, (1, 2, 3, 4, 5), (1, 1, 6, 6, 6)]]


def _only(value: object) -> Callable[[], object]:
    return lambda: value


register(
    Prediction(
        "04.1",
        actual=lambda: best_expected("choice", rolls=3),
        bounds=(Fraction(5), Fraction(30)),
        wrong_answers=lambda: (0, 31),
    ),
    Exercise(
        "04.2",
        expected=lambda: one_die_worth(2),
        hints=("lesson.04.2.hint.1", "lesson.04.2.hint.2", "lesson.04.2.hint.3"),
        misconceptions=(
            Misconception("one_throw_only", lambda: one_die_worth(1)),
            Misconception("take_back_a_roll", lambda: best_of_rolls(2)),
            Misconception("reroll_a_four", lambda: keeps_only_five_and_six(2)),
        ),
        wrong_answers=lambda: (Fraction(7, 2), best_of_rolls(2), Fraction(25, 6), 5),
    ),
    CodeExercise(
        "04.3",
        reference=one_die_worth,
        inputs=lambda: [(rolls,) for rolls in (1, 2, 3, 4)],
        hints=("lesson.04.3.hint.1", "lesson.04.3.hint.2", "lesson.04.3.hint.3"),
        misconceptions=(
            Misconception("never_keeps", _only(never_keeps)),
            Misconception("take_back_a_roll", _only(best_of_rolls)),
        ),
        wrong_answers=lambda: (never_keeps, best_of_rolls, keeps_only_five_and_six),
    ),
    Exercise(
        "04.4",
        expected=lambda: best_expected("sixes", rolls=3),
        hints=("lesson.04.4.hint.1", "lesson.04.4.hint.2", "lesson.04.4.hint.3"),
        misconceptions=(
            Misconception("added_overlapping", lambda: sixes_worth(3 * Fraction(1, 6))),
            Misconception("sixes_in_one_roll", lambda: sixes_worth(Fraction(1, 6))),
            Misconception("forgot_complement", lambda: sixes_worth(Fraction(5, 6) ** 3)),
        ),
        wrong_answers=lambda: (15, 5, sixes_worth(Fraction(5, 6) ** 3), 30),
    ),
    CodeExercise(
        "04.5",
        reference=coach_box,
        inputs=_some_hands,
        hints=("lesson.04.5.hint.1", "lesson.04.5.hint.2", "lesson.04.5.hint.3"),
        misconceptions=(
            Misconception("points_now_only", _only(most_points_now)),
        ),
        wrong_answers=lambda: (most_points_now, always_yacht),
    ),
)
