"""Lesson 9, waiting for a yacht: independence, the gambler's fallacy, the geometric distribution,
memorylessness.

Every expected value comes from the package's waiting time (:func:`first_yacht`, a
:class:`WaitingTime` with the chance of a yacht in one turn, read from the turn's Markov chain);
each misconception's value is computed the way the mistaken reasoning computes it.
"""

from __future__ import annotations

import math
from fractions import Fraction

from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.probability.waiting import WaitingTime, first_yacht

GAME_TURNS = 12
#: Ravi has had no yacht in this many turns.
WAITED = 10


def chance(value: object) -> Fraction:
    """A sympy or Python rational as a Fraction."""
    return Fraction(str(value))


def chance_first_at(turn: int, p: Fraction) -> Fraction:
    """The package's P(the first success comes in turn ``turn``), each turn with chance ``p``."""
    return chance(WaitingTime(p).chance_at(turn))


def one_turn_late(turn: int, p: Fraction) -> Fraction:
    """The mistake: (1 - p)^turn · p, one failure too many."""
    return (1 - p) ** turn * p


def by_then(turn: int, p: Fraction) -> Fraction:
    """The mistake: the chance of a success *by* turn ``turn``, not first *in* it."""
    return 1 - (1 - p) ** turn


def _turns_and_chances() -> list[tuple[int, Fraction]]:
    chances = (Fraction(1, 6), Fraction(1, 2), chance(first_yacht().p))
    return [(turn, p) for p in chances for turn in range(1, 31)]


def yacht_in_game() -> Fraction:
    return chance(first_yacht().chance_within(GAME_TURNS))


def yacht_next_turn_after_waiting() -> Fraction:
    """P(a yacht in the next turn | none in the last ``WAITED``): memoryless, so p."""
    return 1 - chance(first_yacht().chance_none_next(1, after=WAITED))


def yacht_is_due() -> Fraction:
    """The gambler's fallacy: "one yacht in about 22 turns, 10 have gone, so 1 in the 12 left"."""
    return Fraction(1, round(first_yacht().mean) - WAITED)


def half_the_players() -> int:
    """The median wait: the fewest turns by which at least half of the players have a yacht."""
    wait, turns = first_yacht(), 1
    while wait.chance_within(turns) < Fraction(1, 2):
        turns += 1
    return turns


def chances_added() -> int:
    """The mistake: n·p ≥ 1/2, adding the chances of the turns."""
    return math.ceil(1 / (2 * chance(first_yacht().p)))


register(
    Prediction(
        "09.1",
        actual=lambda: first_yacht().mean,
        bounds=(1, 10_000),
        wrong_answers=lambda: (0, -3),
    ),
    Exercise(
        "09.2",
        expected=yacht_in_game,
        decimals=4,
        chance=True,
        hints=("lesson.09.2.hint.1", "lesson.09.2.hint.2"),
        misconceptions=(
            Misconception("added_overlapping", lambda: GAME_TURNS * chance(first_yacht().p)),
            Misconception("forgot_complement", lambda: 1 - yacht_in_game()),
        ),
        wrong_answers=lambda: (GAME_TURNS * chance(first_yacht().p), 1 - yacht_in_game(),
                               chance(first_yacht().p), 0.5),
    ),
    CodeExercise(
        "09.3",
        reference=chance_first_at,
        inputs=_turns_and_chances,
        hints=("lesson.09.3.hint.1", "lesson.09.3.hint.2", "lesson.09.3.hint.3"),
        misconceptions=(
            Misconception("one_turn_late", lambda: one_turn_late),
            Misconception("by_not_in", lambda: by_then),
        ),
        wrong_answers=lambda: (one_turn_late, by_then, lambda turn, p: p),
    ),
    Exercise(
        "09.4",
        expected=yacht_next_turn_after_waiting,
        decimals=4,
        chance=True,
        hints=("lesson.09.4.hint.1", "lesson.09.4.hint.2", "lesson.09.4.hint.3"),
        misconceptions=(
            Misconception("yacht_is_due", yacht_is_due),
            Misconception("forgot_the_condition",
                          lambda: chance(first_yacht().chance_at(WAITED + 1))),
        ),
        wrong_answers=lambda: (yacht_is_due(), chance(first_yacht().chance_at(WAITED + 1)),
                               chance(first_yacht().chance_within(WAITED + 1)), 0.5),
    ),
    Exercise(
        "09.5",
        expected=half_the_players,
        hints=("lesson.09.5.hint.1", "lesson.09.5.hint.2", "lesson.09.5.hint.3"),
        misconceptions=(
            Misconception("mean_wait_for_median", lambda: round(first_yacht().mean)),
            Misconception("added_overlapping", chances_added),
        ),
        wrong_answers=lambda: (round(first_yacht().mean), chances_added(), GAME_TURNS),
    ),
)
