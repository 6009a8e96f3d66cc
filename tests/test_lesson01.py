"""Lesson 1, playing Yacht: its figures and its exercises' values, each computed a second way."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import yacht_edu as ye
from tests.helpers.lesson_figures import check_figures
from yacht_edu.lessons import check
from yacht_edu.lessons.lesson01 import (
    best_total,
    five_alike_is_a_full_house,
    fixed_twenty_five,
    scored_as_full_house,
)

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "01_playing_yacht.ipynb"


def test_every_number_the_lesson_states_is_the_packages() -> None:
    check_figures(LESSON, {
        "15": ye.score([5, 5, 5, 2, 1], "fives"),           # docs/rules.md#yacht
        "16": ye.score([4, 4, 4, 4, 2], "four_of_a_kind"),  # the exit question
        "25": ye.score([2, 2, 3, 3, 3], "full_house", "yahtzee"),
        "50": ye.score([4, 4, 4, 4, 4], "yacht"),
        "252": len(ye.multisets()),
    })


def test_the_best_total_is_the_sum_of_the_maxima_seed_003_states() -> None:
    # docs/rules.md#yacht-sum4 (source 003) states the maxima: ones ≤ 5 … sixes ≤ 30, full house
    # ≤ 28 (6-6-6-5-5), choice ≤ 30;
    # four of a kind 4 × 6 in `yacht`; both straights 30; a yacht 50.
    upper = sum(5 * face for face in range(1, 7))
    assert best_total() == upper + 28 + 4 * 6 + 30 + 30 + 30 + 50


def test_the_full_house_reference_is_the_rule_on_every_ordered_roll() -> None:
    for roll in itertools.product(range(1, 7), repeat=5):
        full = sorted(Counter(roll).values()) == [2, 3]
        assert scored_as_full_house(roll) == (sum(roll) if full else 0)


def test_the_named_mistakes_are_mistakes_and_say_so() -> None:
    assert five_alike_is_a_full_house((3, 3, 3, 3, 3)) == 15 != scored_as_full_house((3,) * 5)
    assert fixed_twenty_five((6, 6, 6, 5, 5)) == 25 != scored_as_full_house((6, 6, 6, 5, 5))
    assert check("01.3", five_alike_is_a_full_house).misconception == "five_alike_full_house"
