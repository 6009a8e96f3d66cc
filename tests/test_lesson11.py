"""Lesson 11, design your own Yacht: its figures and its exercises' values, each computed a second
way (brute force over the 7,776 ordered rolls, the faces by hand, the solver against the forward
pass that sums the boxes' contributions)."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import yacht_edu as ye
from tests.helpers.lesson_figures import check_figures
from yacht_edu.compare import summarise
from yacht_edu.lessons import exercise
from yacht_edu.lessons.lesson11 import (
    FIXED_FULL_HOUSE,
    four_rolls,
    four_rolls_luck_share,
    full_house_hands,
    luck_share,
    same_gain_for_every_box,
    two_pairs,
    yacht,
    yacht_box_gain,
)
from yacht_edu.probability import expected_one_roll, p_one_roll
from yacht_edu.solver import optimal_expected_score

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "11_design_your_own.ipynb"
ORDERED = list(itertools.product(range(1, 7), repeat=5))


def full_house_25() -> ye.Rules:
    return ye.custom_rules("yacht", scores={"full_house": FIXED_FULL_HOUSE})


def two_pairs_variant() -> ye.Rules:
    return ye.custom_rules("yacht", remove=["little_straight"], add={"two_pairs": two_pairs})


@pytest.mark.slow  # half a second or more (the fast loop keeps under a minute and a quarter)
def test_every_number_the_lesson_states_is_the_packages() -> None:
    three, four = yacht(), four_rolls()
    assert round(four.points["yacht"] / three.points["yacht"]) == 2   # "the box doubles"
    full25, pairs = summarise(full_house_25()), summarise(two_pairs_variant())
    mean_full_house = expected_one_roll("full_house") / p_one_roll("full_house")
    check_figures(LESSON, {
        "252": len(ye.multisets()), "30": full_house_hands(),
        "166.96": three.mean, "34.98": three.sd, "202.25": four.mean, "35.69": four.sd,
        "35.30": four.mean - three.mean, "2.94": same_gain_for_every_box(),
        "1.48": three.points["ones"], "1.51": four.points["ones"],
        "0.2733": three.chance_to_score["yacht"], "0.5481": four.chance_to_score["yacht"],
        "13.67": three.points["yacht"], "13.7": yacht_box_gain(),
        "27.40": four.points["yacht"],  # "the box doubles": the ratio rounds to 2 (below)
        "50": ye.score((6, 6, 6, 6, 6), "yacht"),
        "25": full_house_25().score((3, 3, 3, 5, 5), "full_house"),
        "17.5": mean_full_house, "7.5": FIXED_FULL_HOUSE - mean_full_house,
        "28": ye.score((5, 5, 6, 6, 6), "full_house"),
        "171.10": full25.mean, "20.51": three.points["full_house"],
        "23.84": full25.points["full_house"],
        "3.33": full25.points["full_house"] - three.points["full_house"],
        "22.4": three.points["full_house"] / three.chance_to_score["full_house"],
        "91.5": 100 * three.chance_to_score["full_house"],
        "95.4": 100 * full25.chance_to_score["full_house"],
        "17": two_pairs((1, 3, 3, 5, 5)), "19": two_pairs((3, 3, 3, 5, 5)),
        "175.77": pairs.mean, "31.66": pairs.sd, "99.1": 100 * pairs.chance_to_score["two_pairs"],
        "0.210": luck_share(three), "0.176": four_rolls_luck_share(),
        "0.180": pairs.sd / pairs.mean,
        "100": ye.custom_rules("yacht", scores={"yacht": 100}).score((2,) * 5, "yacht"),
    })


def test_two_pairs_agrees_with_its_pattern_over_the_ordered_rolls() -> None:
    # two different faces on at least two dice each: the counts 2-2-1 or 3-2, nothing else
    for roll in ORDERED:
        pattern = sorted(Counter(roll).values())
        assert two_pairs(tuple(sorted(roll))) == (sum(roll) if pattern in ([1, 2, 2], [2, 3])
                                                  else 0)
    assert two_pairs((4, 4, 4, 4, 2)) == two_pairs((4, 4, 4, 4, 4)) == 0


def test_full_houses_above_25_counted_by_their_faces() -> None:
    by_faces = sum(1 for a in range(1, 7) for b in range(1, 7) if a != b and 3 * a + 2 * b > 25)
    assert exercise("11.3").example() == by_faces == 3  # 6-6-6-5-5, 6-6-6-4-4, 5-5-5-6-6
    # the 30 full-house hands are equally likely (10 orders each), so the mean sum is plain
    sums = [sum(roll) for roll in ORDERED if sorted(Counter(roll).values()) == [2, 3]]
    assert Fraction(sum(sums), len(sums)) == Fraction(35, 2)


def test_the_optimal_player_measured_twice() -> None:
    # the solver's mean (backward) and the forward pass's boxes added up (linearity) agree
    for rules in ("yacht", ye.custom_rules("yacht", rolls=4), full_house_25(),
                  two_pairs_variant()):
        summary = summarise(rules)
        assert optimal_expected_score(rules).mean == pytest.approx(summary.mean, abs=1e-9)
        assert sum(summary.points.values()) == pytest.approx(summary.mean, abs=1e-6)


def test_a_box_of_fifty_or_nothing_is_worth_fifty_times_its_chance() -> None:
    for summary in (yacht(), four_rolls()):
        chance = summary.chance_to_score["yacht"]
        assert summary.points["yacht"] == pytest.approx(50 * chance, abs=1e-9)
    assert exercise("11.2").example() == pytest.approx(
        50 * (four_rolls().chance_to_score["yacht"] - yacht().chance_to_score["yacht"]), abs=1e-9)


def test_the_exit_question_a_yacht_of_100_gains_at_least_the_boxs_points() -> None:
    # playing as before adds exactly the yacht box's points; the optimal player does no worse
    hundred = optimal_expected_score(ye.custom_rules("yacht", scores={"yacht": 100})).mean
    assert hundred - yacht().mean >= yacht().points["yacht"]


def test_the_luck_shares_are_spread_over_mean() -> None:
    three, four = optimal_expected_score("yacht"), optimal_expected_score(
        ye.custom_rules("yacht", rolls=4))
    assert float(luck_share(yacht())) == pytest.approx(three.sd / three.mean, abs=1e-12)
    assert float(four_rolls_luck_share()) == pytest.approx(four.sd / four.mean, abs=1e-12)


def test_the_boxes_plot_comes_after_exercise_11_2() -> None:
    """The plot of each box's points shows the yacht box at about 13.7 and 27.4: drawn before
    11.2, it answered it (lessons-audit-3.md §2.1).  It comes after the exercise's check."""
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    code = ["".join(cell["source"]) for cell in cells]
    checked = next(n for n, text in enumerate(code) if 'check("11.2"' in text)
    plotted = [n for n, text in enumerate(code) if text.startswith("plot_comparison(")]
    assert plotted and min(plotted) > checked
