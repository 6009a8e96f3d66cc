"""Lesson 8, play to win: the expected score against the chance of reaching a target.

Every expected value comes from the package: the target table
(:func:`~yacht_edu.reach.reach_probability`), the chances of a re-roll
(:func:`~yacht_edu.dice.reroll_chances`), the target player's advice (``advise(..., target=)``)
and its seeded games (``simulate(target=...)``), which break a tie between choices of equal
chance by the expected final score.  Each misconception's value is computed the way the
mistaken reasoning computes it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from fractions import Fraction

from yacht_edu.coach import advise
from yacht_edu.dice import reroll_chances
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Misconception, Prediction, register
from yacht_edu.rules import categories

#: Ben's last turn: every box but choice filled, 147 points scored; Asha finished with 174.
BEN_FILLED = {"ones": 2, "twos": 6, "threes": 9, "fours": 12, "fives": 20, "sixes": 24,
              "full_house": 24, "four_of_a_kind": 20, "little_straight": 30,
              "big_straight": 0, "yacht": 0}
ASHA_TOTAL = 174
#: Ben's second roll of his last turn: one roll is left.
BEN_DICE = (2, 4, 5, 5, 6)
SIX = 6


def ben_target() -> int:
    """The score Ben must reach to win outright: Asha's total plus one (her total itself is a
    tie, a shared win)."""
    return ASHA_TOTAL + 1


def ben_advice(target: int | None) -> object:
    """The coach's ranking of Ben's keeps with one roll left: by the chance of ``target``
    points, or (None) by the expected final score."""
    assert set(BEN_FILLED) | {"choice"} == set(categories("yacht"))
    return advise(BEN_DICE, 1, filled=BEN_FILLED, target=target)


def target_keep() -> tuple[int, ...]:
    """The keep that gives Ben the best chance to win."""
    return ben_advice(ben_target()).best.choice  # type: ignore[attr-defined, no-any-return]


def mean_keep() -> tuple[int, ...]:
    """The mistake: the keep of the expected-score player, who ignores what Ben needs."""
    return ben_advice(None).best.choice  # type: ignore[attr-defined, no-any-return]


def all_sixes_within_three() -> Fraction:
    """Only choice left, 30 needed: all five dice must end as sixes.  Roll by roll, keeping the
    sixes (the package's re-roll chances); the chance of five sixes after three rolls."""
    sixes = {0: Fraction(1)}
    for _ in range(3):
        after: dict[int, Fraction] = {}
        for kept, chance in sixes.items():
            for hand, p in reroll_chances((SIX,) * kept).items():
                count = hand.count(SIX)
                after[count] = after.get(count, Fraction(0)) + chance * p
        sixes = after
    return sixes.get(5, Fraction(0))


def chance_last_roll(kept: tuple[int, ...], need: int) -> Fraction:
    """One step of the target recursion: keep ``kept``, roll the other dice once, and score the
    five in choice; the chance of at least ``need`` points."""
    return sum((p for hand, p in reroll_chances(kept).items() if sum(hand) >= need), Fraction(0))


def mean_decides(kept: tuple[int, ...], need: int) -> Fraction:
    """The mistake: "the average is enough, so I reach it" — 1 when the expected sum is at least
    ``need``, else 0."""
    average = sum(kept) + Fraction(7, 2) * (5 - len(kept))
    return Fraction(int(average >= need))


def more_than(kept: tuple[int, ...], need: int) -> Fraction:
    """The mistake: "more than ``need``" for "at least ``need``"."""
    return chance_last_roll(kept, need + 1)


def _keeps_and_needs() -> list[tuple[tuple[int, ...], int]]:
    hands = [(6, 6, 5, 3, 2), (5, 5, 4, 4, 2), (6, 5, 4, 3, 1)]
    keeps = sorted({tuple(sorted(keep)) for hand in hands for size in range(6)
                    for keep in itertools.combinations(hand, size)}, key=lambda k: (len(k), k))
    return [(keep, need) for keep in keeps for need in (10, 18, 22, 25, 27, 28, 30)]


#: The far target of exercise 08.5 and the seeded games of the target player that chase it.
FAR, GAMES, SEED = 250, 2000, 8


@functools.cache
def far_scores() -> tuple[int, ...]:
    """The final scores of the package's target player in ``GAMES`` seeded games, playing to
    reach ``FAR`` points (the same every time: the dice are seeded)."""
    from yacht_edu.strategies import simulate

    return tuple(int(score) for score in simulate(games=GAMES, seed=SEED, target=FAR).scores)


def spread(scores: Sequence[int]) -> Fraction:
    """The standard deviation of the scores (as a decimal): √(mean of (s − mean)²)."""
    mean = Fraction(sum(scores), len(scores))
    variance = sum(((s - mean) ** 2 for s in scores), Fraction(0)) / len(scores)
    return Fraction(float(variance) ** 0.5)


def expected_player() -> tuple[Fraction, float]:
    """The expected-score player's exact mean and standard deviation."""
    from yacht_edu.solver import optimal_score_distribution

    found = optimal_score_distribution("yacht")
    return Fraction(found.mean), found.sd


def cost_of_playing_far() -> Fraction:
    """The average points a game the target player gives up, playing for ``FAR``: the
    expected-score player's exact mean less the mean of the seeded games (as decimals)."""
    scores = far_scores()
    return Fraction(float(expected_player()[0]) - sum(scores) / len(scores))


def cost_upside_down() -> Fraction:
    """The mistake: the target player's mean less the expected-score player's (negative)."""
    return -cost_of_playing_far()


def cost_in_spread() -> Fraction:
    """The mistake: the difference of the spreads, not of the means."""
    return Fraction(expected_player()[1]) - spread(far_scores())


def best_chance_of_200() -> Fraction:
    """The target player's chance of 200 points (the package's target table, a float)."""
    from yacht_edu.reach import reach_probability

    return Fraction(reach_probability(200))


register(
    Prediction(
        "08.1",
        actual=best_chance_of_200,
        wrong_answers=lambda: (Fraction(3, 2), -0.1),
    ),
    Exercise(
        "08.2",
        expected=all_sixes_within_three,
        decimals=4,
        chance=True,
        hints=("lesson.08.2.hint.1", "lesson.08.2.hint.2"),
        misconceptions=(
            Misconception("five_sixes_in_one_roll", lambda: Fraction(1, 6) ** 5),
            Misconception("one_die_only", lambda: 1 - Fraction(5, 6) ** 3),
        ),
        wrong_answers=lambda: (Fraction(1, 6) ** 5, 1 - Fraction(5, 6) ** 3,
                               3 * Fraction(1, 6) ** 5, Fraction(1, 2)),
    ),
    CodeExercise(
        "08.3",
        reference=chance_last_roll,
        inputs=_keeps_and_needs,
        hints=("lesson.08.3.hint.1", "lesson.08.3.hint.2", "lesson.08.3.hint.3"),
        misconceptions=(
            Misconception("mean_for_chance", lambda: mean_decides),
            Misconception("more_than_not_at_least", lambda: more_than),
        ),
        wrong_answers=lambda: (mean_decides, more_than,
                               lambda kept, need: Fraction(sum(kept) >= need)),
    ),
    Exercise(
        "08.4",
        expected=target_keep,
        in_any_order=True,
        hints=("lesson.08.4.hint.1", "lesson.08.4.hint.2", "lesson.08.4.hint.3"),
        misconceptions=(Misconception("played_for_the_mean", mean_keep),),
        wrong_answers=lambda: (mean_keep(), BEN_DICE, (5, 6), ()),
    ),
    Exercise(
        "08.5",
        expected=cost_of_playing_far,
        decimals=1,
        hints=("lesson.08.5.hint.1", "lesson.08.5.hint.2"),
        misconceptions=(
            Misconception("cost_upside_down", cost_upside_down),
            Misconception("cost_in_spread", cost_in_spread),
        ),
        wrong_answers=lambda: (cost_upside_down(), cost_in_spread(),
                               Fraction(sum(far_scores()), GAMES), 0),
    ),
)
