"""Lesson 4, expected value: its figures and its exercises' values, each computed a second way
(every ordered roll of the dice enumerated, the one-die Bellman recursion, the coach)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import yacht_edu as ye
from tests.helpers.lesson_figures import check_figures
from yacht_edu.lessons import check, exercise
from yacht_edu.lessons.lesson04 import (
    FILLED,
    LAST_TWO,
    best_of_rolls,
    coach_box,
    keeps_only_five_and_six,
    most_points_now,
    one_die_worth,
)
from yacht_edu.probability import best_expected, p_within

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "04_expected_value.ipynb"


def bellman(rolls: int) -> Fraction:
    """One die in the choice box: v1 = 7/2, v(k+1) = E[max(X, vk)]."""
    worth = Fraction(7, 2)
    for _ in range(rolls - 1):
        worth = sum((max(Fraction(face), worth) for face in range(1, 7)), Fraction(0)) / 6
    return worth


def test_every_number_the_lesson_states_is_the_packages() -> None:
    sixes = best_expected("sixes")
    check_figures(LESSON, {
        "35/2": best_expected("choice", rolls=1), "17/4": one_die_worth(2),
        "14/3": one_die_worth(3), "70/3": best_expected("choice"), "23.33": best_expected("choice"),
        "161/36": best_of_rolls(2),  # the named mistake the teacher's note quotes
        "5/6": Fraction(sum(1 for face in range(1, 7) if face != 6), 6),  # a die misses a six
        "91/216": 1 - Fraction(5, 6) ** 3, "455/36": sixes, "12.64": sixes,
        "252": len(ye.multisets()),
        "30": ye.score([2, 3, 4, 5, 6], "big_straight"), "50": ye.score([4] * 5, "yacht"),
        "0.197": p_within("big_straight"), "0.0460": p_within("yacht"),
        "5.90": best_expected("big_straight"), "2.30": best_expected("yacht"),
        "22": FILLED["choice"],
    })


def test_one_die_worth_is_the_bellman_recursion_and_every_ordered_roll_agrees() -> None:
    for rolls in (1, 2, 3, 4):
        assert one_die_worth(rolls) == bellman(rolls)
    one_roll = Fraction(sum(map(sum, itertools.product(range(1, 7), repeat=5))), 6**5)
    assert one_roll == 5 * bellman(1) == best_expected("choice", rolls=1) == Fraction(35, 2)
    assert 5 * bellman(3) == Fraction(70, 3)


def test_the_named_mistakes_give_the_values_they_name() -> None:
    pairs = list(itertools.product(range(1, 7), repeat=2))
    assert best_of_rolls(2) == Fraction(sum(map(max, pairs)), 36) == Fraction(161, 36)
    assert keeps_only_five_and_six(2) == Fraction(5 + 6, 6) + Fraction(4, 6) * Fraction(7, 2)
    assert check("04.2", Fraction(161, 36)).misconception == "take_back_a_roll"


def test_the_sixes_box_is_five_dice_each_a_six_by_the_complement() -> None:
    # every way three throws of one die can go, keeping the first six
    throws = list(itertools.product(range(1, 7), repeat=3))
    a_six = Fraction(sum(6 in throw for throw in throws), len(throws))
    assert a_six == Fraction(91, 216)
    assert best_expected("sixes") == 5 * 6 * a_six == exercise("04.4").example()


def test_the_endgame_box_is_points_now_plus_the_last_turn_of_the_other_box() -> None:
    last = {box: best_expected(box) for box in LAST_TWO}
    assert last["big_straight"] == 30 * p_within("big_straight")
    assert last["yacht"] == 50 * p_within("yacht")
    for hand in ye.multisets():
        worth = {box: ye.score(hand, box) + last[other]
                 for box, other in (LAST_TWO, LAST_TWO[::-1])}
        advice = ye.advise(hand, rolls_left=0, filled=FILLED)
        for box in LAST_TWO:  # the coach's expected final score: the card's 22 + this worth
            assert abs(advice.of(box).expected - FILLED["choice"] - float(worth[box])) < 1e-9
        assert coach_box(hand) == max(LAST_TWO, key=worth.__getitem__)
    assert coach_box((2, 3, 4, 5, 5)) == "yacht" != most_points_now((2, 3, 4, 5, 5))
